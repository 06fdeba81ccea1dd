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
  const data: unknown = parseYaml(yaml);
  return { data: data ?? {}, body: rest.slice(closing.index + closing[0].length) };
}
