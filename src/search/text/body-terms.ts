/**
 * Analysis of page bodies for an index build: the same terms as `analyzeText`, as the ids a
 * body index gives them. Bodies are most of an index build (2.5 million words at 5,000 pages),
 * and they repeat their words: each distinct word is analysed once, and found again by a scan
 * that hashes it in place, without cutting it out of the text as a string of its own (a regular
 * expression's match array and a Map lookup per word took twice as long, and their garbage kept
 * the collector busy).
 */
import { termOfToken, type TextLang } from './analyze.js';
import { foldText } from './fold.js';
import { MAX_TOKEN_LENGTH, tokenizeWords } from './tokenize.js';

/**
 * Characters that fold one for one without joining or splitting words: ASCII (lower-cased), the
 * Polish letters (to their plain forms) and typographic punctuation that folding leaves a
 * separator (the no-break space, guillemets, hyphens and dashes, quotation marks, the bullet,
 * the ellipsis). In text made only of them, the words of the folded text are the folded words of
 * the text, so a text can be cut into words first and each distinct word analysed once. A text
 * holding any other character is analysed by folding it whole: a word read before such a
 * character could be one that folding joins to the next ("ab'ﬁ" is one word, "abfi").
 */
const FOLDS_ONE_FOR_ONE = '\u00a0\u00ab\u00bb\u2010\u2011\u2012\u2013\u2014\u2015\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2022\u2026';

/** What a code unit is to `tokenizeWords`; 0 (the default) for one that must be folded first. */
const FOLDED = 0;
const LETTER = 1;
/** An apostrophe or a hyphen: part of a word between two letters or digits. */
const JOINER = 2;
/** A character between words that folding leaves one. */
const SEPARATOR = 3;
/** Every character that reads in place is below this code. */
const CLASSIFIED = 0x2030;
const CODE_UNITS = (() => {
  const classes = new Uint8Array(CLASSIFIED);
  for (let code = 0; code < 0x80; code++) classes[code] = SEPARATOR;
  for (const character of FOLDS_ONE_FOR_ONE) classes[character.charCodeAt(0)] = SEPARATOR;
  for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ąćęłńóśźżĄĆĘŁŃÓŚŹŻ') classes[character.charCodeAt(0)] = LETTER;
  for (const character of "'\u2019-\u2010\u2011") classes[character.charCodeAt(0)] = JOINER;
  return classes;
})();

function isLetter(code: number): boolean {
  return code < CLASSIFIED && CODE_UNITS[code] === LETTER;
}

/** A word with no term (a stop word, a single letter). */
const NONE = -1;

/** Term ids an analyzer writes: `ids[0]` to `ids[count - 1]`, one buffer reused from one section to the next. */
export class TermIds {
  ids = new Int32Array(1024);
  count = 0;

  push(id: number): void {
    if (this.count === this.ids.length) {
      const bigger = new Int32Array(this.ids.length * 2);
      bigger.set(this.ids);
      this.ids = bigger;
    }
    this.ids[this.count++] = id;
  }

  /** The ids as an array (for tests and small texts). */
  toArray(): number[] {
    return Array.from(this.ids.subarray(0, this.count));
  }
}

export interface BodyTermAnalyzer {
  /** Appends the ids of the terms of `text`, in order, to `into`. */
  (text: string, into: TermIds): void;
  /**
   * The same for `text.slice(start, end)`, read in place without cutting it out: false, with
   * what it appended to `into` left there, when the range holds a character that must be folded
   * before it is cut into words (the caller then discards what was appended and analyses the
   * text whole). The characters are checked as the words are read, not in a pass of their own.
   */
  words(text: string, start: number, end: number, into: TermIds): boolean;
}

/** The analyzer of one language's bodies. For one index build: what it remembers grows with the vocabulary. */
export function bodyTermAnalyzer(lang: TextLang, termId: (term: string) => number): BodyTermAnalyzer {
  const table = new WordTable();
  // Ids of a word of several terms (a compound's parts): the table holds -2 - its position here.
  const several: (readonly number[])[] = [];
  // Ids of a folded token.
  const ofToken = new Map<string, number>();
  // What `analyzeText` makes of a word, through the memory of tokens: the same token comes in
  // many spellings (capitalised, with or without diacritics), and is stemmed once.
  const idOfToken = (token: string): number => {
    let id = ofToken.get(token);
    if (id === undefined) {
      const term = termOfToken(token, lang);
      id = term === undefined ? NONE : termId(term);
      ofToken.set(token, id);
    }
    return id;
  };
  // A word read in place with no apostrophe or hyphen is one token once folded (letters and
  // digits fold to letters and digits, one for one), unless it is too long to be one.
  const idOfPlainWord = (word: string): number => (word.length > MAX_TOKEN_LENGTH ? NONE : idOfToken(foldText(word)));
  const idOfWord = (word: string): number => {
    const ids: number[] = [];
    for (const token of tokenizeWords(foldText(word))) {
      const id = idOfToken(token);
      if (id !== NONE) ids.push(id);
    }
    if (ids.length <= 1) return ids[0] ?? NONE;
    several.push(ids);
    return -1 - several.length;
  };
  const push = (value: number, into: TermIds) => {
    if (value >= 0) into.push(value);
    else if (value !== NONE) for (const id of several[-2 - value]!) into.push(id);
  };
  const words = (text: string, start: number, end: number, into: TermIds): boolean => {
    let at = start;
    while (at < end) {
      let code = text.charCodeAt(at);
      let kind = code < CLASSIFIED ? CODE_UNITS[code]! : FOLDED;
      if (kind !== LETTER) {
        if (kind === FOLDED) return false;
        at++;
        continue;
      }
      // A word as `tokenizeWords` reads one: runs of letters and digits joined by single
      // apostrophes or hyphens. Hashed while read.
      const first = at;
      let hash = 0;
      let joined = false;
      for (;;) {
        while (at < end && (kind = (code = text.charCodeAt(at)) < CLASSIFIED ? CODE_UNITS[code]! : FOLDED) === LETTER) {
          hash = (Math.imul(hash, 31) + code) | 0;
          at++;
        }
        if (kind === JOINER && at + 1 < end && isLetter(text.charCodeAt(at + 1))) {
          hash = (Math.imul(hash, 31) + code) | 0;
          joined = true;
          at++;
          continue;
        }
        break;
      }
      push(table.valueOf(text, first, at, hash, joined ? idOfWord : idOfPlainWord), into);
    }
    return true;
  };
  const analyze = (text: string, into: TermIds) => {
    const count = into.count;
    if (words(text, 0, text.length, into)) return;
    into.count = count;
    for (const token of tokenizeWords(foldText(text))) {
      const id = idOfToken(token);
      if (id !== NONE) into.push(id);
    }
  };
  return Object.assign(analyze, { words });
}

/** Room for 64,000 words before the table grows (a site of a few thousand pages has ~100,000). */
const INITIAL_SLOTS = 1 << 17;

/**
 * Words of texts and a number for each, found by a hash computed while scanning: open
 * addressing, a word compared in place with `startsWith` only when its hash and length match
 * (the words are touched once per word found, not per slot probed). The slots are plain arrays of
 * small integers, in the JavaScript heap: typed arrays of this size are allocated with malloc,
 * and freeing one mid-build raises glibc's threshold for mapping memory of its own, which left
 * tens of MB of the build's later allocations stranded in the process after it.
 */
class WordTable {
  #hashes: number[] = new Array<number>(INITIAL_SLOTS).fill(0);
  /** Length of the word in each slot; 0 for an empty slot (no word is empty). */
  #lengths: number[] = new Array<number>(INITIAL_SLOTS).fill(0);
  #words: string[] = new Array<string>(INITIAL_SLOTS).fill('');
  #values: number[] = new Array<number>(INITIAL_SLOTS).fill(0);
  #size = 0;

  /** The number of `text.slice(start, end)`, made by `valueOf(word)` on its first sight. */
  valueOf(text: string, start: number, end: number, hash: number, valueOf: (word: string) => number): number {
    const mask = this.#hashes.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const inSlot = this.#lengths[slot]!;
      if (inSlot === 0) {
        const word = text.slice(start, end);
        const value = valueOf(word);
        this.#put(slot, hash, word, value);
        return value;
      }
      if (inSlot === length && this.#hashes[slot] === hash && text.startsWith(this.#words[slot]!, start)) return this.#values[slot]!;
    }
  }

  #put(slot: number, hash: number, word: string, value: number): void {
    this.#hashes[slot] = hash;
    this.#lengths[slot] = word.length;
    this.#words[slot] = word;
    this.#values[slot] = value;
    // At most half full, so that a probe ends soon.
    if (++this.#size * 2 > this.#hashes.length) this.#grow();
  }

  #grow(): void {
    const hashes = this.#hashes;
    const lengths = this.#lengths;
    const words = this.#words;
    const values = this.#values;
    const capacity = hashes.length * 2;
    this.#hashes = new Array<number>(capacity).fill(0);
    this.#lengths = new Array<number>(capacity).fill(0);
    this.#words = new Array<string>(capacity).fill('');
    this.#values = new Array<number>(capacity).fill(0);
    const mask = capacity - 1;
    for (let slot = 0; slot < hashes.length; slot++) {
      if (lengths[slot] === 0) continue;
      let to = hashes[slot]! & mask;
      while (this.#lengths[to] !== 0) to = (to + 1) & mask;
      this.#hashes[to] = hashes[slot]!;
      this.#lengths[to] = lengths[slot]!;
      this.#words[to] = words[slot]!;
      this.#values[to] = values[slot]!;
    }
  }
}
