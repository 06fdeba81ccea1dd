import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence a scan writes lives in the message catalogs (src/messages/pl.ts, en.ts), where a
 * Polish reader reviews the whole language in one place and ICU plural and select choose the
 * forms. So no file under src/scan builds a sentence itself: none of its string or template
 * literals holds Polish letters (a Polish sentence in code) or an English sentence of ours.
 * Regular expressions that recognise Polish on the scanned site ("włącz javascript") are not
 * literals we write, and are allowed; so are the few English texts that are not a report's
 * (ENGLISH_BY_DESIGN).
 */
const ROOT = join(import.meta.dirname, '../..');
const SCAN = join(ROOT, 'src/scan');
const POLISH = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

/** Three words of running English ("could not be", "the home page"): a sentence, not a name or code. */
const ENGLISH = /\b[A-Za-z][a-z]+\s+[a-z]{2,}\s+[a-z]{2,}\b/;

/**
 * Where English in a literal is by design, recognised by what comes just before the literal: the
 * English check titles of the API (the report takes its titles from the catalogs), log lines
 * and internal errors (for us, not for the person), the API's progress stages and quota
 * descriptions, and the names of crawler operators and consent platforms.
 */
const ENGLISH_BY_DESIGN = /(?:\btitle:|\boperator:|\bdescription:|\bname:|\bstage:|\bstage =|onStage\(|browserCheck\('\w+',|new Error\([^()]*|logger\.\w+\([^()]*\}?,?)\s*$/;

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
/** Code a literal may hold (the fingerprinting probe a page runs): not a sentence. */
const CODE = /=>|;\s*\n/;

/** The sentences a file builds outside the catalogs: literals with Polish letters or an English sentence, with their line. */
function inlineTexts(path: string): string[] {
  const code = readFileSync(path, 'utf8').replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));
  const line = (index: number) => code.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const match of code.matchAll(LITERAL)) {
    const literal = match[0];
    const english = ENGLISH.test(literal) && !CODE.test(literal) && !ENGLISH_BY_DESIGN.test(code.slice(Math.max(0, match.index - 80), match.index));
    if (POLISH.test(literal) || english) found.push(`line ${line(match.index)}: ${literal.slice(0, 60)}`);
  }
  return found;
}

const FILES = sourceFiles(SCAN).map((path) => ({ path, name: relative(SCAN, path).split('\\').join('/') }));

describe('the sentences of the scans', () => {
  it.each(FILES.map((file) => [file.name, file.path]))('are all in the catalogs, none built in src/scan/%s', (_name, path) => {
    expect(inlineTexts(path)).toEqual([]);
  });

  it('has no helper left that pairs a Polish and an English text in code', () => {
    expect(readFileSync(join(SCAN, 'report-language.ts'), 'utf8')).not.toMatch(/export const t\b/);
  });
});
