/**
 * Folding: the first step of text analysis, shared by documents and queries.
 *
 * Polish users often type without diacritics ("wdrozenie" for "wdrożenie"), so both sides are
 * reduced to plain lower-case letters before anything else looks at them. Folding also removes
 * some Polish consonant alternations for free (ó/o in "Kraków"/"Krakowa", ł/l in
 * "szkoła"/"szkole", ś/si in "jakość"/"jakości"), which keeps the stemmer small.
 */

/** The Polish letters with diacritics, lower case, and their plain forms. */
const POLISH_LETTERS: Readonly<Record<string, string>> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
const POLISH_LETTER = /[ąćęłńóśźż]/g;

/** Text without any non-ASCII character only needs lower-casing (the common case for English). */
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/**
 * Combining marks left by NFKD (the accents of ą ć ę ń ó ś ź ż and the rest of Latin script),
 * plus invisible format characters that CMS text carries inside words: a soft hyphen
 * ("wdro\u00ADżenie") or a zero-width space would otherwise cut a word in two when tokenizing.
 */
const MARKS_AND_INVISIBLES = /[\p{M}\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/**
 * Letters that Unicode does not decompose into a base letter plus a mark, so NFKD leaves them
 * alone. Keys are lower-case because folding lower-cases first.
 */
const UNDECOMPOSABLE_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
};
const UNDECOMPOSABLE_LETTER = /[łøđðßæœıþħŧ]/g;

/**
 * Decomposes with NFKD (which also turns ligatures, full-width and superscript forms into plain
 * letters and digits), lower-cases locale-independently (`toLowerCase`, never
 * `toLocaleLowerCase`, so a Turkish server locale cannot change the index; lower-casing comes
 * after NFKD because compatibility forms such as mathematical letters decompose to capitals),
 * drops combining marks and maps the letters that have no decomposition. Polish and common
 * European text comes out as ASCII letters; digits, punctuation and other scripts are kept (the
 * tokenizer decides about them).
 */
export function foldText(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  // Polish text has no other letters outside ASCII than its nine: a table lookup folds it for a
  // fraction of what decomposing the whole text costs (page bodies are most of the index build).
  const lower = text.toLowerCase();
  const polish = lower.replace(POLISH_LETTER, (letter) => POLISH_LETTERS[letter]!);
  if (ASCII_ONLY.test(polish)) return polish;
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS_AND_INVISIBLES, '')
    .replace(UNDECOMPOSABLE_LETTER, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter);
}
