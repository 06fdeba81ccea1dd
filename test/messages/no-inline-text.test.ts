import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence a scan writes lives in the message catalogs (src/messages/pl.ts, en.ts), where a
 * Polish reader reviews the whole language in one place and ICU plural and select choose the
 * forms. So no file under src/scan builds a sentence itself: it calls no `t(pl, en)` pair, and
 * none of its string or template literals holds Polish letters (a Polish sentence in code).
 * Regular expressions that recognise Polish on the scanned site ("włącz javascript") are not
 * literals we write, and are allowed.
 */
const ROOT = join(import.meta.dirname, '../..');
const SCAN = join(ROOT, 'src/scan');
const POLISH = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

/**
 * Files whose texts are still inline pairs, to be moved into the catalogs (docs/scans.md,
 * "Message catalogs"). The list only shrinks: a file on it that no longer needs it fails too.
 */
const NOT_YET_MOVED = new Set([
  'checks/ai/structured-data-checks.ts',
  'checks/ai/rendered-page.ts',
  'checks/ai/robots-file.ts',
  'checks/analytics/index.ts',
  'collect.ts',
  'scan-service.ts',
  'snapshot.ts',
  'run-scan.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Comments are no text we write: blanked, keeping the lines so findings name them. */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g;
/** String and template literals (a regular expression literal holds no quote, so it is not one). */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** A call of the `t(pl, en)` helper. */
const PAIR = /(?<![\w.$])t\(\s*['"`]/g;

/** The sentences a file builds outside the catalogs: `t(...)` calls and literals with Polish letters, with their line. */
function inlineTexts(path: string): string[] {
  const code = readFileSync(path, 'utf8').replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));
  const line = (index: number) => code.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const match of code.matchAll(PAIR)) found.push(`line ${line(match.index)}: t(...)`);
  for (const match of code.matchAll(LITERAL)) if (POLISH.test(match[0])) found.push(`line ${line(match.index)}: ${match[0].slice(0, 60)}`);
  return found;
}

const FILES = sourceFiles(SCAN).map((path) => ({ path, name: relative(SCAN, path).split('\\').join('/') }));

describe('the sentences of the scans', () => {
  it.each(FILES.filter((file) => !NOT_YET_MOVED.has(file.name)).map((file) => [file.name, file.path]))('are all in the catalogs, none built in src/scan/%s', (_name, path) => {
    expect(inlineTexts(path)).toEqual([]);
  });

  it('lists as not yet moved only files that still build sentences', () => {
    const done = FILES.filter((file) => NOT_YET_MOVED.has(file.name) && inlineTexts(file.path).length === 0).map((file) => file.name);
    expect(done).toEqual([]);
  });
});
