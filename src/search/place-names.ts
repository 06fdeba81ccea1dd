import { foldText } from './text/fold.js';
import { tokenizeWords } from './text/tokenize.js';

/** Place names this short forgive one edit; longer ones two ("Wrcolawiu", "Gdnask", "Warzsawa"). */
const TWO_EDITS_FROM = 6;
const MIN_WORD = 4;

/**
 * The site's place names (the `city` of its pages and the city of its address), so that a name
 * typed with a slip still finds its pages: one edit in names of up to five letters, two in
 * longer ones, without diacritics, and in inflected forms ("Wrocławiu" typed "Wrcolawiu": the
 * slip is in the name, the ending is an inflection). People misspell the names of places more
 * than other words, and a place name is what decides which city page answers.
 */
export class PlaceNames {
  /** Folded words of the names ("lodz", "krakow", "warszawa"). */
  readonly #words: readonly string[];

  constructor(names: Iterable<string>) {
    const words = new Set<string>();
    for (const name of names) for (const word of tokenizeWords(foldText(name))) if (word.length >= MIN_WORD) words.add(word);
    this.#words = [...words].sort();
  }

  /**
   * Whether a folded query word is a place name, or one of its inflected forms that keeps the
   * name whole ("krakowie", "poznaniu"; not "łodzi", whose vowel changes: that one is found by
   * its stem like any other word).
   */
  has(word: string): boolean {
    return this.#words.some((place) => word === place || (place.length >= TWO_EDITS_FROM - 1 && word.startsWith(place) && word.length - place.length <= 3));
  }

  /** The place words a folded query word is a slip of, closest first; none for an exact word. */
  match(word: string): string[] {
    if (word.length < MIN_WORD) return [];
    const found: { place: string; distance: number }[] = [];
    for (const place of this.#words) {
      const allowed = place.length >= TWO_EDITS_FROM ? 2 : 1;
      let distance = editDistance(word, place, allowed);
      // An inflected form: the name (with its slip) followed by an ending.
      if (distance > allowed && place.length >= TWO_EDITS_FROM && word.length > place.length) {
        distance = editDistance(word.slice(0, place.length), place, allowed);
      }
      if (distance > 0 && distance <= allowed) found.push({ place, distance });
    }
    return found.sort((a, b) => a.distance - b.distance || (a.place < b.place ? -1 : 1)).map(({ place }) => place);
  }
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, swaps of neighbours),
 * or `bound + 1` as soon as it must exceed `bound`.
 */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > bound) return bound + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, bound + 1);
}
