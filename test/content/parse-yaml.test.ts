import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/content/parse-yaml.js';
import { readSimpleMapping } from '../../src/content/simple-mapping.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

/** What js-yaml's core schema makes of `text`: the value, or the error it throws. */
function jsYaml(text: string): { value: unknown } | { error: string } {
  try {
    return { value: load(text, { schema: CORE_SCHEMA }) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function ours(text: string): { value: unknown } | { error: string } {
  try {
    return { value: parseYaml(text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Front matter lines whose meaning the direct reading could get wrong: each must read as js-yaml reads it. */
const SHAPES = [
  'title: Plain words',
  'title: "Quoted: with a colon and a # mark"',
  "title: 'single ''quoted'''",
  "title: 'single quoted'",
  'title: "escaped \\u0041 and \\" quote"',
  'published: 2023-02-06',
  'published: 2023-02-06 ',
  'count: 12',
  'count: 1_000',
  'count: 0x1F',
  'count: -3',
  'count: +3',
  'ratio: .5',
  'ratio: .inf',
  'nothing: null',
  'nothing: Null',
  'nothing: ~',
  'nothing:',
  'nothing: ',
  'flag: true',
  'flag: FALSE',
  'flag: True',
  'flag: tRUE',
  'nothing: NULL',
  'word: yes',
  'word: no',
  'time: 12:30',
  'url: https://example.com/a#b',
  'text: x # a comment',
  'text: x#y',
  'text: a: b',
  'text: ends with a colon:',
  'text: two  spaces inside',
  'text:  two spaces before',
  'text: trailing space ',
  'text: "closed" and more',
  'text: =x',
  'text: <b>',
  'text: -x',
  'text: - item',
  'text: [1, 2]',
  'text: {a: 1}',
  'text: &anchor value',
  'text: *alias',
  'text: !tag value',
  'text: |',
  'text: >',
  'text: @at',
  'text: `tick`',
  'text: %percent',
  'text: ?question',
  'text: Łódź – “typographic” quotes',
  'text: tab\there',
  'text: non\u00a0breaking',
  'null: key',
  'true: key',
  'A-b_c: key with dash and underscore',
  '__proto__: polluted',
  'constructor: value',
  'a: 1\na: 2',
  'a: x\nb: y',
  'a: x\n\nb: y',
  'a: x\n  continued',
  'a: x\r\nb: y',
  '# comment\na: x',
  'event:\n  start: 2026-05-01\n  location:\n    name: "Hall"\n    address: Main St 1\n  online: false',
  'event:\n  start: 2026-05-01\n end: 2026-05-02',
  'event:\n    start: 2026-05-01\n  end: 2026-05-02',
  'event:\n  start: x\nnext: y',
  'event:\ntitle: x',
  'list:\n  - a\n  - b',
  '',
  '---',
  '...',
  'a: x\n...',
  '\ufeffa: x',
];

describe('parseYaml', () => {
  it.each(SHAPES)('reads %j as js-yaml does', (text) => {
    expect(ours(text)).toEqual(jsYaml(text));
  });

  it('reads every front matter of the sample site as js-yaml does', async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.name.endsWith('.md')) files.push(full);
      }
    };
    await walk(path.join(SAMPLE_SITE, 'pages'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const yaml = (await readFile(file, 'utf8')).split(/\n---\n/)[0]!.replace(/^---\n/, '');
      expect(ours(yaml), file).toEqual(jsYaml(yaml));
    }
  });

  it('reads the usual front matter without js-yaml, and leaves anything else to it', () => {
    expect(readSimpleMapping('title: A page\npath: /en/a/\npublished: 2026-01-02\nevent:\n  online: "yes"\n  free: true\n  place:')).toEqual({
      title: 'A page',
      path: '/en/a/',
      published: '2026-01-02',
      event: { online: 'yes', free: true, place: null },
    });
    expect(readSimpleMapping('languages:\n  - en\n  - pl')).toBeUndefined();
    expect(readSimpleMapping('count: 12')).toBeUndefined();
  });
});
