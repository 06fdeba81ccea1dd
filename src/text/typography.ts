import type { Lang } from '../content/schema.js';

/**
 * Polish typography: a one-letter word (a, i, o, u, w, z, capitalised or not) must not end a
 * line, so it is bound to the next word with a no-break space. Applied to text nodes only (the
 * Markdown renderer's text tokens, our own headings), never to code, attributes or URLs.
 */
const SINGLE_LETTER_WORD = /(^|[\s(\[„"«\u2013\u2014])([aiouwzAIOUWZ])[ \t\n\r]+/g;
/** A text that ends in a one-letter word (its space may have gone to a line break or an element). */
const ENDS_IN_SINGLE_LETTER = /(^|[\s(\[„"«\u2013\u2014])[aiouwzAIOUWZ]$/;
export const NO_BREAK_SPACE = '\u00a0';

/** Whether a page in this language gets the rule (the Polish one-letter words). */
export function bindsSingleLetterWords(lang: Lang | undefined): boolean {
  return lang === 'pl';
}

/** A text node's words with every one-letter word bound to the next. */
export function bindSingleLetterWords(text: string): string {
  // Twice: "i w Krakowie" has adjacent matches sharing the space between them.
  const once = text.replace(SINGLE_LETTER_WORD, `$1$2${NO_BREAK_SPACE}`);
  return once.replace(SINGLE_LETTER_WORD, `$1$2${NO_BREAK_SPACE}`);
}

/** Whether a text node's last word is a one-letter word, whose break after it must go. */
export function endsInSingleLetterWord(text: string): boolean {
  return ENDS_IN_SINGLE_LETTER.test(text);
}
