import { BIDI_CONTROL_CLASS } from './unsafe-characters.js';

/**
 * The invisible characters that change the direction of the text around them (Unicode UAX #9):
 * the Arabic letter mark, the left-to-right and right-to-left marks, embeddings, overrides and
 * isolates. In a self-asserted string (a client's name, a URL, anything a client typed) a
 * right-to-left override turns the rest of the line around, so that "Evil‮ppA" reads as
 * "EvilApp" and the text after it reads backwards. Such strings are shown to people only
 * without them (pages) or with them escaped (logs). Inputs refuse them outright
 * (unsafe-characters.ts); this is for text that was accepted before that rule, or comes from
 * elsewhere (a client registration).
 */
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CLASS}]`, 'g');

/** The text without direction controls. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * The text with every direction control written as its JSON escape (U+202E becomes `\u202e`), which a terminal or log
 * viewer shows instead of reordering the line. In JSON these characters can only occur inside
 * strings, so a JSON line escaped this way parses to exactly the same value.
 */
export function escapeBidiControls(json: string): string {
  return json.replace(BIDI_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
