/**
 * Every analysed term of the index, sorted, so a query term can be checked for prefix matches
 * and, when it matches nothing, corrected to the terms one edit away. Orama's own `tolerance`
 * applies to every query term at once (also to two-letter words, where one edit matches almost
 * anything) and is its slowest path, so typo tolerance is done here, per term, only when needed.
 */
export class Vocabulary {
  readonly #sorted: readonly string[];
  /** How many pages contain each term of #sorted, at the same position. */
  readonly #pageCounts: Uint32Array;
  /**
   * Terms by length, for the scan of `corrections`: a term one edit away is at most one letter
   * longer or shorter. Made on the first scan (only vocabularies with many characters scan).
   */
  #byLength: Map<number, string[]> | undefined;
  /** Every character of the terms, when few: then corrections are looked up, not scanned for. */
  readonly #alphabet: readonly string[] | undefined;

  /** `pageCounts`: every indexed term with the number of pages it occurs on. */
  constructor(pageCounts: ReadonlyMap<string, number>);
  /** Terms already sorted, with the number of pages each occurs on (see `fromSorted`). */
  constructor(sorted: readonly string[], pageCounts: Uint32Array);
  constructor(terms: ReadonlyMap<string, number> | readonly string[], counts?: Uint32Array) {
    if (counts) {
      this.#sorted = terms as readonly string[];
      this.#pageCounts = counts;
    } else {
      const pageCounts = terms as ReadonlyMap<string, number>;
      this.#sorted = [...pageCounts.keys()].sort();
      this.#pageCounts = Uint32Array.from(this.#sorted, (term) => pageCounts.get(term)!);
    }
    this.#alphabet = alphabetOf(this.#sorted);
  }

  /** The vocabulary of `terms` in sorted order (as `terms` gives them), with their page counts at the same positions. */
  static fromSorted(terms: readonly string[], pageCounts: Uint32Array): Vocabulary {
    return new Vocabulary(terms, pageCounts);
  }

  get size(): number {
    return this.#sorted.length;
  }

  /**
   * Whether words starting with `prefix` occur on at least `pages` pages. Summing the pages of
   * each such word overcounts pages holding several of them, which only makes a term that is
   * nearly everywhere look so a little sooner; the walk stops as soon as the answer is known.
   */
  occursOnAtLeast(prefix: string, pages: number): boolean {
    let total = 0;
    for (let index = lowerBound(this.#sorted, prefix); index < this.#sorted.length && this.#sorted[index]!.startsWith(prefix); index++) {
      total += this.#pageCounts[index]!;
      if (total >= pages) return true;
    }
    return false;
  }

  /** Positions in sorted order of the terms that start with `prefix`, the first `max` of them: [first, end). */
  prefixRange(prefix: string, max = Infinity): readonly [number, number] {
    const first = lowerBound(this.#sorted, prefix);
    let end = first;
    while (end < this.#sorted.length && end - first < max && this.#sorted[end]!.startsWith(prefix)) end++;
    return [first, end];
  }

  /** Position of `term` in sorted order, or -1. */
  indexOf(term: string): number {
    const index = lowerBound(this.#sorted, term);
    return this.#sorted[index] === term ? index : -1;
  }

  /** Terms in sorted order: position i of `prefixRange` and `indexOf` is `terms[i]`. */
  get terms(): readonly string[] {
    return this.#sorted;
  }

  /** Pages holding the term at sorted position `index`. */
  pagesAt(index: number): number {
    return this.#pageCounts[index] ?? 0;
  }

  /**
   * Pages holding words that start with `prefix` (`exact`: the word itself), summed over the
   * words (an overcount for pages holding several), at most `cap`.
   */
  pagesWith(term: string, exact: boolean, cap: number): number {
    if (exact) {
      const index = this.indexOf(term);
      return index === -1 ? 0 : Math.min(cap, this.#pageCounts[index]!);
    }
    let total = 0;
    for (let index = lowerBound(this.#sorted, term); index < this.#sorted.length && this.#sorted[index]!.startsWith(term) && total < cap; index++) {
      total += this.#pageCounts[index]!;
    }
    return Math.min(cap, total);
  }

  /** True when some indexed term starts with `prefix` (Orama matches query terms as prefixes). */
  hasPrefix(prefix: string): boolean {
    const index = lowerBound(this.#sorted, prefix);
    return index < this.#sorted.length && this.#sorted[index]!.startsWith(prefix);
  }

  /** Indexed terms within one edit (insertion, deletion, substitution or swap of neighbours). */
  corrections(term: string, limit = 3): string[] {
    if (this.#alphabet) return this.#lookedUpCorrections(term, limit);
    const found: string[] = [];
    const byLength = (this.#byLength ??= termsByLength(this.#sorted));
    for (const length of [term.length, term.length - 1, term.length + 1]) {
      for (const candidate of byLength.get(length) ?? []) {
        if (withinOneEdit(term, candidate)) {
          found.push(candidate);
          if (found.length >= limit) return found;
        }
      }
    }
    return found;
  }

  /**
   * The same answer as the scan of `corrections`, found by looking up every spelling one edit
   * away (a few hundred binary searches instead of a pass over tens of thousands of terms): the
   * terms of the same length first, then shorter, then longer, each in sorted order.
   */
  #lookedUpCorrections(term: string, limit: number): string[] {
    const alphabet = this.#alphabet!;
    const variants = new Set<string>([term]);
    for (let at = 0; at <= term.length; at++) {
      const head = term.slice(0, at);
      if (at < term.length) {
        const tail = term.slice(at + 1);
        variants.add(head + tail);
        for (const character of alphabet) variants.add(head + character + tail);
        if (at + 1 < term.length) variants.add(head + term[at + 1] + term[at] + term.slice(at + 2));
      }
      for (const character of alphabet) variants.add(head + character + term.slice(at));
    }
    const found: { term: string; group: number; index: number }[] = [];
    for (const variant of variants) {
      const index = this.indexOf(variant);
      if (index === -1) continue;
      const group = variant.length === term.length ? 0 : variant.length < term.length ? 1 : 2;
      found.push({ term: variant, group, index });
    }
    found.sort((a, b) => a.group - b.group || a.index - b.index);
    return found.slice(0, limit).map((entry) => entry.term);
  }
}

/** Above this many distinct characters, looking up every spelling one edit away costs more than a scan. */
const MAX_ALPHABET = 48;

function termsByLength(sorted: readonly string[]): Map<number, string[]> {
  const byLength = new Map<number, string[]>();
  for (const term of sorted) {
    const bucket = byLength.get(term.length);
    if (bucket) bucket.push(term);
    else byLength.set(term.length, [term]);
  }
  return byLength;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Optimal string alignment distance ≤ 1, in one pass without a matrix. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthDifference = a.length - b.length;
  if (lengthDifference > 1 || lengthDifference < -1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (lengthDifference === 0) {
    // Substitution at i, or a swap of i and i+1.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One insertion or deletion at i.
  return lengthDifference > 0 ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The characters (code points) of `terms` in order of first use, or undefined when there are more
 * than MAX_ALPHABET. Read by code unit: iterating a string allocates a string per character,
 * megabytes for the vocabulary of a large site.
 */
function alphabetOf(terms: readonly string[]): string[] | undefined {
  const characters = new Set<number>();
  for (const term of terms) {
    for (let at = 0; at < term.length; at++) {
      const code = term.codePointAt(at)!;
      if (code > 0xffff) at++;
      characters.add(code);
    }
  }
  return characters.size <= MAX_ALPHABET ? Array.from(characters, (code) => String.fromCodePoint(code)) : undefined;
}
