/**
 * The one rule for text that comes from outside (every tool argument, every REST parameter and
 * body field, `/ask`): characters that are invisible, or that change how the text around them
 * reads, are refused, never stripped or echoed. They have no place in a search query, a URL, a
 * name or a message, and each of them has been used to hide text from a person or a model:
 *
 * - C0 and C1 control characters (NUL, ESC of terminal colour codes, U+0085 NEXT LINE) and DEL;
 *   tab and line breaks (CR, LF, U+2028, U+2029) only where a field takes several lines;
 * - the direction controls of Unicode UAX #9 (marks, embeddings, overrides, isolates), which
 *   turn the rest of a line around ("Evil\u202EppA" reads as "EvilApp");
 * - invisible format characters that join or hide text: the zero-width space, the word joiner
 *   and the invisible operators, the byte order mark, the Mongolian vowel separator, the Hangul
 *   fillers, the deprecated format characters, the interlinear annotation marks, and the tag
 *   characters (U+E0000-U+E007F), which carry invisible ASCII to a model;
 * - half of a surrogate pair, which is not text in any encoding.
 *
 * Zero-width (non-)joiners (U+200C, U+200D) stay allowed: Persian and Indic writing and emoji
 * sequences need them. The reasons are in docs/decisions/0114-one-rule-for-text-inputs.md.
 */

/** Direction controls (UAX #9): ALM, LRM, RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI. */
export const BIDI_CONTROL_CLASS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
const LINE_BREAKS = '\\t\\n\\r\\u2028\\u2029';
const INVISIBLE_FORMAT = '\\u115f\\u1160\\u180e\\u200b\\u2060-\\u2064\\u206a-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}';
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

const IN_LINE = new RegExp(`[${CONTROLS}${LINE_BREAKS}${BIDI_CONTROL_CLASS}${INVISIBLE_FORMAT}]|${LONE_SURROGATE}`, 'u');
const IN_TEXT = new RegExp(`[${CONTROLS}${BIDI_CONTROL_CLASS}${INVISIBLE_FORMAT}]|${LONE_SURROGATE}`, 'u');
// Lone surrogates are matched without the u flag (with it, a lone half is never a code unit of its own).
const LONE = new RegExp(LONE_SURROGATE);

export interface TextShape {
  /** Whether tab and line breaks are allowed (a message, a question), or the value is one line (a name, a query, a URL). */
  readonly multiline: boolean;
}

/**
 * The first character the rule refuses, described for an error message ("U+202E, a direction
 * control"), or undefined when the text is acceptable. The description never repeats the text.
 */
export function unsafeCharacterIn(text: string, shape: TextShape): string | undefined {
  if (LONE.test(text)) return 'half of a surrogate pair, which is not valid Unicode text';
  const match = (shape.multiline ? IN_TEXT : IN_LINE).exec(text);
  if (match === null) return undefined;
  const codePoint = match[0].codePointAt(0)!;
  return `${codePointName(codePoint)}, ${kindOf(match[0], codePoint)}`;
}

/** The message every surface gives after the field's name: "contains U+202E, a direction control; send plain text without it". */
export function unsafeTextMessage(found: string, shape: TextShape): string {
  return `contains ${found}; send ${shape.multiline ? 'plain text' : 'one line of plain text'} without it`;
}

function kindOf(char: string, codePoint: number): string {
  if (/[\t\n\r\u2028\u2029]/.test(char)) return 'a line break or tab (this field is one line)';
  if (codePoint <= 0x9f) return 'a control character';
  if (new RegExp(`[${BIDI_CONTROL_CLASS}]`).test(char)) return 'an invisible direction control';
  return 'an invisible format character';
}

function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}
