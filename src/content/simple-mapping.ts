/**
 * The front matter most pages have, read without a YAML parser: lines of `key: value`, with
 * nested mappings under a bare `key:`; values are strings, true, false or null. js-yaml 5 takes ~0.1-0.4 ms for such a block (it builds
 * an event list, then the values), which was the largest share of loading a page; this takes a
 * few microseconds. Anything outside the narrow shape below, or anything whose meaning in YAML
 * is not plainly a string, null or a mapping, is declined (undefined) and goes to js-yaml, so the
 * answer is always the one js-yaml's core schema gives (test/content/parse-yaml.test.ts holds both
 * to that, line shape by line shape).
 */

/** `key:` or `key: value`, indented by spaces only; a key is a plain word. */
const ENTRY = /^( *)([A-Za-z][A-Za-z0-9_-]*):(?: (.*))?$/;
/** Characters the shape never holds: tabs, carriage returns, other line breaks and controls, byte-order marks, lone surrogates. */
const DECLINED_CHARACTERS = /[\x00-\x09\x0B-\x1F\x7F-\x9F\u2028\u2029\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** Plain words the core schema reads as null or a boolean. */
const SPECIAL_WORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
const CORE_WORDS: Readonly<Record<string, boolean | null>> = { null: null, Null: null, NULL: null, true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };
/**
 * First characters of a plain value that may mean something else: YAML indicators, the start of
 * a number, `~` (null), `.` (.inf, .nan), a space.
 */
const DECLINED_START = /^[-?:,[\]{}#&*!|>'"%@`~.+0-9 ]/;
/** A calendar date, which the core schema keeps as the string written (no timestamp type). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;

interface Entry {
  readonly indent: number;
  readonly key: string;
  readonly value: string | undefined;
}

/** The mapping `text` holds, or undefined when it is not of the simple shape (ask js-yaml then). */
export function readSimpleMapping(text: string): Record<string, unknown> | undefined {
  if (text.length === 0 || DECLINED_CHARACTERS.test(text)) return undefined;
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    const match = ENTRY.exec(line);
    if (!match) return undefined;
    entries.push({ indent: match[1]!.length, key: match[2]!, value: match[3] });
  }
  let next = 0;
  const readMapping = (indent: number): Record<string, unknown> | undefined => {
    const mapping: Record<string, unknown> = {};
    while (next < entries.length && entries[next]!.indent === indent) {
      const { key, value } = entries[next++]!;
      if (SPECIAL_WORD.test(key) || Object.hasOwn(mapping, key)) return undefined;
      let read: unknown;
      if (value !== undefined) read = scalar(value);
      else if (next < entries.length && entries[next]!.indent > indent) read = readMapping(entries[next]!.indent);
      else read = null;
      if (read === undefined) return undefined;
      mapping[key] = read;
    }
    return mapping;
  };
  const root = readMapping(0);
  return next === entries.length ? root : undefined;
}

/** A value that is plainly a string, a boolean or null (as the core schema reads them), or undefined. */
function scalar(value: string): string | boolean | null | undefined {
  const quoted = DOUBLE_QUOTED.exec(value) ?? SINGLE_QUOTED.exec(value);
  if (quoted) return quoted[1];
  if (DATE.test(value)) return value;
  if (SPECIAL_WORD.test(value)) return CORE_WORDS[value];
  if (value.length === 0 || DECLINED_START.test(value) || value.endsWith(' ') || value.endsWith(':')) return undefined;
  if (value.includes(': ') || value.includes(' #')) return undefined;
  return value;
}
