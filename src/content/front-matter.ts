import { parseYaml } from './parse-yaml.js';

export interface FrontMatterDocument {
  readonly data: unknown;
  readonly body: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a Markdown file into its YAML front matter and body. Throws with a message naming the
 * problem when the block is missing, unterminated or not valid YAML.
 */
export function splitFrontMatter(text: string): FrontMatterDocument {
  const opening = OPENING.exec(text);
  if (!opening) throw new Error('no front matter: the file must start with a line "---"');
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) throw new Error('front matter is not closed by a line "---"');
  const yaml = rest.slice(0, closing.index);
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (error) {
    throw new Error(describeYamlError(error, text, lineCount(opening[0])));
  }
  return { data: data ?? {}, body: rest.slice(closing.index + closing[0].length) };
}

/**
 * js-yaml counts lines from the start of the front matter; an author looks at the file. One
 * line: the file's line number, what is wrong, and that line quoted.
 */
function describeYamlError(error: unknown, text: string, linesBefore: number): string {
  const { reason, mark } = error as { reason?: string; mark?: { line: number } };
  if (mark === undefined) return `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`;
  const line = linesBefore + mark.line + 1;
  const quoted = (text.split(/\r?\n/)[line - 1] ?? '').trim().slice(0, 80);
  return `front matter is not valid YAML: line ${line}: ${reason ?? 'syntax error'}: ${JSON.stringify(quoted)}`;
}

function lineCount(block: string): number {
  return block.split('\n').length - 1;
}
