import { Vocabulary } from './vocabulary.js';

/** Sections past this one are counted as this one (a posting keeps the section in 8 bits). */
export const LAST_SECTION = 255;
/** A prefix shorter than a word matches at most this many body words (in sorted order). */
const MAX_PREFIX_WORDS = 16;
/** (term id, posting) pairs per chunk of the builder (2 MB of the JavaScript heap). */
const PAIR_CHUNK = 1 << 17;

/** Builds a BodyIndex a page at a time. */
export interface BodyIndexBuilder {
  /** The id of a term in this index, given on the term's first sight. */
  termId(term: string): number;
  /** The term of an id `termId` gave. */
  termOf(id: number): string;
  /** Starts the next page: `addSection` adds its parts. */
  startPage(): void;
  /**
   * Adds the terms (ids from `termId`: `ids[from]` up to `ids[end - 1]`, all of them by default)
   * of part `section` of the page started last; parts come in order.
   */
  addSection(section: number, ids: ArrayLike<number>, end?: number, from?: number): void;
  /** Adds the next page, its parts given as terms. */
  add(sections: readonly (readonly string[])[]): void;
  finish(): BodyIndex;
}

/**
 * A body index as plain data, to pass between threads: its arrays' buffers can be transferred,
 * and the terms are one string (a structured clone of one string is a copy, of an array of
 * 100,000 strings a walk).
 */
export interface BodyIndexParts {
  readonly pageCount: number;
  /** The terms in sorted order, joined by newlines (no term holds one). */
  readonly terms: string;
  readonly pageCounts: Uint32Array;
  readonly offsets: Uint32Array;
  readonly postings: Uint32Array;
}

/**
 * Which pages, and which sections of them, hold each word of the page bodies, for one language.
 *
 * Not an Orama field: with the bodies in Orama a 5,000-page site took 9.5 s to build and 202 MB
 * of heap (shared/research/perf.md), because Orama keeps a radix tree node, a frequency and a
 * score per word and page. Body text is a low-weight field whose only questions are "which pages
 * hold this word" and "in which section", so a word's postings are a run of one 32-bit integer
 * each, (page ordinal × 256 + section), every run in one typed array, laid out in the sorted order
 * of the words so that all the words with one prefix are one contiguous slice.
 */
export class BodyIndex {
  /** Pages indexed: ordinals run from 0 to pageCount - 1. */
  readonly pageCount: number;
  readonly vocabulary: Vocabulary;
  /** Postings of the word at sorted position i: `postings[offsets[i]] … postings[offsets[i + 1] - 1]`. */
  readonly #offsets: Uint32Array;
  readonly #postings: Uint32Array;
  /** Scratch of `markSectionsWithAll`, one byte per possible (page, section), made on first use. */
  #foundInSection: Uint8Array | undefined;

  private constructor(pageCount: number, vocabulary: Vocabulary, offsets: Uint32Array, postings: Uint32Array) {
    this.pageCount = pageCount;
    this.vocabulary = vocabulary;
    this.#offsets = offsets;
    this.#postings = postings;
  }

  /**
   * Built a page at a time: pages take ordinals in the order they are added, and each page comes
   * as numbered parts of analysed terms (sections of a body; the search index also keeps one
   * over titles, descriptions and headings: part 0 the title, 1 the description, 2 on the headings).
   */
  static builder(): BodyIndexBuilder {
    let pageCount = 0;
    // Postings are collected as (term id, posting) pairs in chunks, not in one small array per
    // term: that would be a million heap numbers at 5,000 pages, garbage the moment the index
    // is laid out.
    const ids = new Map<string, number>();
    const terms: string[] = [];
    const lastPosting: number[] = [];
    const lastPage: number[] = [];
    const pageCounts: number[] = [];
    const runLengths: number[] = [];
    // In fixed-size chunks rather than arrays grown by doubling: each doubling left its old copy
    // (up to 16 MB at 5,000 pages) freed into malloc's heap, which the process kept as RSS. Plain
    // arrays of small integers, not typed arrays: V8 maps and unmaps their memory itself, while
    // typed arrays come from malloc, where freeing chunks this large raises glibc's thresholds
    // for mapping memory and trimming for the rest of the process's life, and its later
    // allocations then stay stranded in malloc's heap as RSS.
    const pairChunks: number[][] = [];
    let chunk: number[] = [];
    let inChunk = 0;
    let pairs = 0;
    const termId = (term: string): number => {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
        terms.push(term);
        lastPosting.push(-1);
        lastPage.push(-1);
        pageCounts.push(0);
        runLengths.push(0);
      }
      return id;
    };
    const addSection = (section: number, terms: ArrayLike<number>, end = terms.length, from = 0) => {
      const ordinal = pageCount - 1;
      const posting = ordinal * 256 + Math.min(section, LAST_SECTION);
      for (let at = from; at < end; at++) {
        const id = terms[at]!;
        // Postings come page by page and section by section, so a repeat is the last one.
        if (lastPosting[id] === posting) continue;
        lastPosting[id] = posting;
        runLengths[id]!++;
        if (lastPage[id] !== ordinal) {
          lastPage[id] = ordinal;
          pageCounts[id]!++;
        }
        if (inChunk === chunk.length) {
          chunk = new Array<number>(PAIR_CHUNK * 2).fill(0);
          pairChunks.push(chunk);
          inChunk = 0;
        }
        chunk[inChunk++] = id;
        chunk[inChunk++] = posting;
        pairs++;
      }
    };
    return {
      termId,
      termOf: (id) => terms[id]!,
      startPage: () => {
        pageCount++;
      },
      addSection,
      add: (sections) => {
        pageCount++;
        sections.forEach((terms, section) => addSection(section, terms.map(termId)));
      },
      finish() {
        // A term can have an id and no posting: a page that the analysis started reading in
        // place and read again whole (see `pageBodiesBuilder`) may have named it first.
        const onPages = new Map<string, number>();
        ids.forEach((id, term) => {
          if (pageCounts[id]! > 0) onPages.set(term, pageCounts[id]!);
        });
        const vocabulary = new Vocabulary(onPages);
        // Where each term's run starts in sorted order, then every pair put in its place (in the
        // order added, so each run stays sorted by page and section).
        const offsets = new Uint32Array(vocabulary.size + 1);
        const next = new Uint32Array(ids.size);
        let total = 0;
        vocabulary.terms.forEach((term, index) => {
          const id = ids.get(term)!;
          offsets[index] = total;
          next[id] = total;
          total += runLengths[id]!;
        });
        offsets[vocabulary.size] = total;
        const postings = new Uint32Array(total);
        let left = pairs;
        for (const each of pairChunks) {
          const end = Math.min(each.length, left * 2);
          for (let at = 0; at < end; at += 2) postings[next[each[at]!]!++] = each[at + 1]!;
          left -= end / 2;
        }
        pairChunks.length = 0;
        return new BodyIndex(pageCount, vocabulary, offsets, postings);
      },
    };
  }

  /** The index as plain data (see BodyIndexParts). */
  toParts(): BodyIndexParts {
    const { terms } = this.vocabulary;
    return { pageCount: this.pageCount, terms: terms.join('\n'), pageCounts: Uint32Array.from(terms, (_, index) => this.vocabulary.pagesAt(index)), offsets: this.#offsets, postings: this.#postings };
  }

  /** The index `toParts` gave (its arrays are taken, not copied). */
  static fromParts(parts: BodyIndexParts): BodyIndex {
    const terms = parts.terms === '' ? [] : parts.terms.split('\n');
    return new BodyIndex(parts.pageCount, Vocabulary.fromSorted(terms, parts.pageCounts), parts.offsets, parts.postings);
  }

  /**
   * Sets `bit` in `masks[ordinal]` of every page holding the term (see `#wordRange`),
   * and adds each of its postings to `counts[ordinal]`: one loop over the postings, no call per
   * posting (a word on most pages has tens of thousands).
   */
  markPages(term: string, exact: boolean, masks: Int32Array, bit: number, counts?: Int32Array): void {
    const [first, end] = this.#wordRange(term, exact);
    const postings = this.#postings;
    for (let index = this.#offsets[first]!, stop = this.#offsets[end]!; index < stop; index++) {
      const ordinal = postings[index]! >>> 8;
      masks[ordinal]! |= bit;
      if (counts) counts[ordinal]!++;
    }
  }

  /**
   * Sets `bit` in `masks[ordinal]` of every page with a section holding all the terms (a phrase's
   * words). Each (page, section) counts the terms found in it so far, in one byte of a scratch
   * array: no map, no sorting, one pass over each term's postings.
   */
  markSectionsWithAll(terms: readonly { readonly term: string; readonly exact: boolean }[], masks: Int32Array, bit: number): void {
    if (terms.length === 0 || terms.length > 255) return;
    const found = (this.#foundInSection ??= new Uint8Array(this.pageCount * 256));
    const postings = this.#postings;
    terms.forEach(({ term, exact }, index) => {
      const [first, end] = this.#wordRange(term, exact);
      for (let at = this.#offsets[first]!, stop = this.#offsets[end]!; at < stop; at++) {
        const posting = postings[at]!;
        // Counted once per term, though several words starting with it share the section.
        if (found[posting] === index) found[posting] = index + 1;
      }
    });
    const [first, end] = this.#wordRange(terms[0]!.term, terms[0]!.exact);
    for (let at = this.#offsets[first]!, stop = this.#offsets[end]!; at < stop; at++) {
      const posting = postings[at]!;
      if (found[posting] === terms.length) masks[posting >>> 8]! |= bit;
      // Only the first term's postings can have been counted: cleared for the next phrase.
      found[posting] = 0;
    }
  }

  /**
   * Sets `bit` in `masks[section]` for every section of page `ordinal` whose text holds the term,
   * and appends to `touched` each section whose mask was 0 until then (the caller clears them). A
   * word's postings are sorted by page, so the page's run is found by binary search: the cost
   * does not grow with the number of pages the word is on.
   */
  markSectionsOf(term: string, exact: boolean, ordinal: number, masks: Int32Array, bit: number, touched: number[]): void {
    const [first, end] = this.#wordRange(term, exact);
    const postings = this.#postings;
    const from = ordinal * 256;
    for (let word = first; word < end; word++) {
      let low = this.#offsets[word]!;
      let high = this.#offsets[word + 1]!;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (postings[middle]! < from) low = middle + 1;
        else high = middle;
      }
      for (let index = low, stop = this.#offsets[word + 1]!; index < stop && postings[index]! >>> 8 === ordinal; index++) {
        const section = postings[index]! & 255;
        if (masks[section] === 0) touched.push(section);
        masks[section]! |= bit;
      }
    }
  }

  /**
   * Sorted positions [first, end) of the words a term stands for: itself when `exact`, else the
   * words it starts (at most MAX_PREFIX_WORDS, the first in sorted order).
   */
  #wordRange(term: string, exact: boolean): readonly [number, number] {
    if (exact) {
      const first = this.vocabulary.indexOf(term);
      return first === -1 ? [0, 0] : [first, first + 1];
    }
    return this.vocabulary.prefixRange(term, MAX_PREFIX_WORDS);
  }

  /** Bytes held by the postings and offsets (for the benchmark). */
  get postingBytes(): number {
    return this.#postings.byteLength + this.#offsets.byteLength;
  }
}

