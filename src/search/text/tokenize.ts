/**
 * Tokenizing: cutting folded text into words.
 *
 * Orama's default tokenizer splits on every character outside [a-z0-9] for Polish, so
 * "Zażółć gęślą jaźń" fell apart into "za", "o", "g", "l", "ja"... This one is Unicode-aware
 * (any letter, mark or digit belongs to a word), so it works on folded and unfolded text alike.
 */

/** Longer "words" are URLs, hashes or base64 that nobody types into a search box. */
export const MAX_TOKEN_LENGTH = 40;

/**
 * A hyphenated or plain word: runs of letters, marks and digits, joined by apostrophes and by
 * hyphens (ASCII hyphen-minus, U+2010 hyphen, U+2011 non-breaking hyphen). En and em dashes are
 * punctuation between words ("2020–2024", "SEO – audyt"), and so is the slash ("GA4/GTM").
 * Letters and digits stay together, so "ga4", "v2" and "4xx" are single tokens.
 */
const RUN = '[\\p{L}\\p{M}\\p{N}]+';
const PART = `${RUN}(?:['\u2019]${RUN})*`;
const WORD = new RegExp(`${PART}(?:[-\u2010\u2011]${PART})*`, 'gu');
const HYPHEN = /[-\u2010\u2011]/;
/** The same words in ASCII text (folded Polish and English): letters and digits, `'` and `-`. */
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const ASCII_WORD = /[a-zA-Z0-9]+(?:'[a-zA-Z0-9]+)*(?:-[a-zA-Z0-9]+(?:'[a-zA-Z0-9]+)*)*/g;
const APOSTROPHE = /['\u2019]/;

/**
 * What follows an apostrophe is dropped when it is an inflection or a possessive: Polish
 * inflects foreign names that way ("Google'a", "Google'em", "Google'owi" all mean "Google"),
 * English has "company's". Any other tail is joined to the word ("O'Reilly" → "oreilly",
 * "don't" → "dont"), never split off as a stray "a", "em" or "t".
 */
const APOSTROPHE_TAILS: ReadonlySet<string> = new Set([
  's', 'a', 'e', 'i', 'u', 'y', 'em', 'ie', 'om', 'ow', 'owi', 'ach', 'ami', 'ego', 'emu',
]);

/**
 * Compounds of up to this many parts also yield their joined spelling: "e-commerce" must meet
 * "ecommerce", "server-side" must meet "serverside". Longer chains ("state-of-the-art") are
 * phrases, not spellings of one word.
 */
const MAX_JOINED_PARTS = 3;

/**
 * Splits text (normally already folded by `foldText`) into words, in order.
 *
 * - Everything that is not a letter, mark or digit separates words (punctuation, spaces,
 *   emoji, symbols); letters and digits together make one word ("ga4").
 * - Hyphenated compounds yield their parts and, for two or three parts, the joined form:
 *   "server-side" gives "server", "side", "serverside".
 * - An apostrophe never splits a word: an inflection or possessive after it is dropped
 *   ("Google'a" → "google", "company's" → "company"), anything else is joined ("don't" →
 *   "dont").
 * - Tokens longer than {@link MAX_TOKEN_LENGTH} characters are dropped.
 */
export function tokenizeWords(text: string): string[] {
  const tokens: string[] = [];
  // `match` with a global pattern returns the matched strings only: no match objects to build.
  // Folded Polish and English text is ASCII, where a pattern without Unicode classes is faster.
  for (const word of text.match(ASCII_ONLY.test(text) ? ASCII_WORD : WORD) ?? []) {
    if (!HYPHEN.test(word)) {
      pushToken(tokens, withoutApostrophes(word));
      continue;
    }
    const parts = word.split(HYPHEN).map(withoutApostrophes);
    for (const part of parts) pushToken(tokens, part);
    if (parts.length <= MAX_JOINED_PARTS) pushToken(tokens, parts.join(''));
  }
  return tokens;
}

function withoutApostrophes(word: string): string {
  if (!APOSTROPHE.test(word)) return word;
  const pieces = word.split(APOSTROPHE);
  const tail = pieces[pieces.length - 1];
  if (tail !== undefined && APOSTROPHE_TAILS.has(tail)) pieces.pop();
  return pieces.join('');
}

function pushToken(tokens: string[], token: string): void {
  if (token.length > 0 && token.length <= MAX_TOKEN_LENGTH) tokens.push(token);
}
