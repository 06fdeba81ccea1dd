/**
 * Analysis of page bodies for an index build: the same terms as `analyzeText`, as the ids a
 * body index gives them. Bodies are most of an index build (2.5 million words at 5,000 pages),
 * and they repeat their words: each distinct word is analysed once, and found again by a scan
 * that hashes it in place, without cutting it out of the text as a string of its own (a regular
 * expression's match array and a Map lookup per word took twice as long, and their garbage kept
 * the collector busy).
 */
import { analyzeText, termOfToken, type TextLang } from './analyze.js';
import { foldText } from './fold.js';
import { tokenizeWords } from './tokenize.js';

/**
 * Characters that fold one for one without joining or splitting words: ASCII (lower-cased), the
 * Polish letters (to their plain forms) and typographic punctuation that folding leaves a
 * separator (the no-break space, guillemets, hyphens and dashes, quotation marks, the bullet,
 * the ellipsis). In text made only of them, the words of the folded text are the folded words of
 * the text, so a body can be cut into words first and each distinct word analysed once.
 */
const FOLDS_WORD_BY_WORD = /^[\u0000-\u007f\u00a0\u00ab\u00bbąćęłńóśźżĄĆĘŁŃÓŚŹŻ\u2010-\u2015\u2018-\u201f\u2022\u2026]*$/;

/** What a code unit is to `tokenizeWords` (every one in FOLDS_WORD_BY_WORD is below 0x2030). */
const OTHER = 0;
const LETTER = 1;
/** An apostrophe or a hyphen: part of a word between two letters or digits. */
const JOINER = 2;
const CODE_UNITS = (() => {
  const classes = new Uint8Array(0x2030);
  for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ąćęłńóśźżĄĆĘŁŃÓŚŹŻ') classes[character.charCodeAt(0)] = LETTER;
  for (const character of "'\u2019-\u2010\u2011") classes[character.charCodeAt(0)] = JOINER;
  return classes;
})();

/** A word with no term (a stop word, a single letter). */
const NONE = -1;

/**
 * Returns `(text, into)`, which appends the ids of the text's terms, in order, to `into`. For one
 * index build: what it remembers grows with the vocabulary.
 */
export function bodyTermAnalyzer(lang: TextLang, termId: (term: string) => number): (text: string, into: number[]) => void {
  const words = new WordTable();
  // Ids of a word of several terms (a compound's parts): the table holds -2 - its position here.
  const several: (readonly number[])[] = [];
  // Ids of a folded token (text that does not fold word by word).
  const ofToken = new Map<string, number>();
  const idOfWord = (word: string): number => {
    const ids = analyzeText(word, lang).map(termId);
    if (ids.length <= 1) return ids[0] ?? NONE;
    several.push(ids);
    return -1 - several.length;
  };
  const push = (value: number, into: number[]) => {
    if (value >= 0) into.push(value);
    else if (value !== NONE) for (const id of several[-2 - value]!) into.push(id);
  };
  return (text, into) => {
    if (!FOLDS_WORD_BY_WORD.test(text)) {
      for (const token of tokenizeWords(foldText(text))) {
        let id = ofToken.get(token);
        if (id === undefined) {
          const term = termOfToken(token, lang);
          id = term === undefined ? NONE : termId(term);
          ofToken.set(token, id);
        }
        if (id !== NONE) into.push(id);
      }
      return;
    }
    const length = text.length;
    let at = 0;
    while (at < length) {
      let code = text.charCodeAt(at);
      if (CODE_UNITS[code] !== LETTER) {
        at++;
        continue;
      }
      // A word as `tokenizeWords` reads one: runs of letters and digits joined by single
      // apostrophes or hyphens. Hashed while read.
      const start = at;
      let hash = 0;
      for (;;) {
        while (at < length && CODE_UNITS[(code = text.charCodeAt(at))] === LETTER) {
          hash = (Math.imul(hash, 31) + code) | 0;
          at++;
        }
        if (at + 1 < length && CODE_UNITS[code] === JOINER && CODE_UNITS[text.charCodeAt(at + 1)] === LETTER) {
          hash = (Math.imul(hash, 31) + code) | 0;
          at++;
          continue;
        }
        break;
      }
      push(words.valueOf(text, start, at, hash, idOfWord), into);
    }
  };
}

/**
 * Words of texts and a number for each, found by a hash computed while scanning: open
 * addressing over typed arrays, a word compared in place with `startsWith`.
 */
class WordTable {
  #hashes = new Int32Array(1 << 16);
  #words: (string | undefined)[] = new Array<string | undefined>(1 << 16).fill(undefined);
  #values = new Int32Array(1 << 16);
  #size = 0;

  /** The number of `text.slice(start, end)`, made by `valueOf(word)` on its first sight. */
  valueOf(text: string, start: number, end: number, hash: number, valueOf: (word: string) => number): number {
    const mask = this.#hashes.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = this.#words[slot];
      if (word === undefined) {
        const found = text.slice(start, end);
        const value = valueOf(found);
        this.#put(slot, hash, found, value);
        return value;
      }
      if (this.#hashes[slot] === hash && word.length === length && text.startsWith(word, start)) return this.#values[slot]!;
    }
  }

  #put(slot: number, hash: number, word: string, value: number): void {
    this.#hashes[slot] = hash;
    this.#words[slot] = word;
    this.#values[slot] = value;
    // At most half full, so that a probe ends soon.
    if (++this.#size * 2 > this.#hashes.length) this.#grow();
  }

  #grow(): void {
    const hashes = this.#hashes;
    const words = this.#words;
    const values = this.#values;
    const capacity = hashes.length * 2;
    this.#hashes = new Int32Array(capacity);
    this.#words = new Array<string | undefined>(capacity).fill(undefined);
    this.#values = new Int32Array(capacity);
    const mask = capacity - 1;
    words.forEach((word, slot) => {
      if (word === undefined) return;
      let to = hashes[slot]! & mask;
      while (this.#words[to] !== undefined) to = (to + 1) & mask;
      this.#hashes[to] = hashes[slot]!;
      this.#words[to] = word;
      this.#values[to] = values[slot]!;
    });
  }
}
