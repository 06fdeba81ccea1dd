import type { Page } from '../content/page.js';
import { Vocabulary } from './vocabulary.js';

/** Sections past this one are counted as this one (a posting keeps the section in 8 bits). */
const LAST_SECTION = 255;
/** A prefix shorter than a word matches at most this many body words (in sorted order). */
const MAX_PREFIX_WORDS = 16;
/** (term id, posting) pairs per chunk of the builder: 512 KB, above malloc's threshold for mapping memory of its own. */
const PAIR_CHUNK = 1 << 16;

/** Builds a BodyIndex a page at a time. */
export interface BodyIndexBuilder {
  /** The id of a term in this index, given on the term's first sight. */
  termId(term: string): number;
  /** Adds the next page, its parts given as term ids (from `termId`). */
  addIds(page: Page, sections: readonly (readonly number[])[]): void;
  /** Adds the next page, its parts given as terms. */
  add(page: Page, sections: readonly (readonly string[])[]): void;
  finish(): BodyIndex;
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
  readonly pages: readonly Page[];
  readonly vocabulary: Vocabulary;
  /** Postings of the word at sorted position i: `postings[offsets[i]] … postings[offsets[i + 1] - 1]`. */
  readonly #offsets: Uint32Array;
  readonly #postings: Uint32Array;
  /** Scratch of `markSectionsWithAll`, one byte per possible (page, section), made on first use. */
  #foundInSection: Uint8Array | undefined;

  private constructor(pages: readonly Page[], vocabulary: Vocabulary, offsets: Uint32Array, postings: Uint32Array) {
    this.pages = pages;
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
    const pages: Page[] = [];
    // Postings are collected as (term id, posting) pairs in typed arrays, outside the
    // JavaScript heap: one small array per term would be a million heap numbers at 5,000 pages,
    // garbage the moment the index is laid out.
    const ids = new Map<string, number>();
    const lastPosting: number[] = [];
    const lastPage: number[] = [];
    const pageCounts: number[] = [];
    const runLengths: number[] = [];
    // In fixed-size chunks rather than arrays grown by doubling: each doubling left its old copy
    // (up to 16 MB at 5,000 pages) freed into malloc's heap, which the process kept as RSS.
    const pairChunks: Uint32Array[] = [];
    let chunk = new Uint32Array(0);
    let inChunk = 0;
    let pairs = 0;
    const termId = (term: string): number => {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
        lastPosting.push(-1);
        lastPage.push(-1);
        pageCounts.push(0);
        runLengths.push(0);
      }
      return id;
    };
    const addIds = (page: Page, sections: readonly (readonly number[])[]) => {
      const ordinal = pages.length;
      pages.push(page);
      for (let section = 0; section < sections.length; section++) {
        const posting = ordinal * 256 + Math.min(section, LAST_SECTION);
        const terms = sections[section]!;
        for (let at = 0; at < terms.length; at++) {
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
            chunk = new Uint32Array(PAIR_CHUNK * 2);
            pairChunks.push(chunk);
            inChunk = 0;
          }
          chunk[inChunk++] = id;
          chunk[inChunk++] = posting;
          pairs++;
        }
      }
    };
    return {
      termId,
      addIds,
      add: (page, sections) => addIds(page, sections.map((terms) => terms.map(termId))),
      finish() {
        const vocabulary = new Vocabulary(new Map([...ids].map(([term, id]) => [term, pageCounts[id]!])));
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
        return new BodyIndex(pages, vocabulary, offsets, postings);
      },
    };
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
    const found = (this.#foundInSection ??= new Uint8Array(this.pages.length * 256));
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
   * Calls `visit(section)` for every posting of the term on one page. A word's postings are
   * sorted by page, so the page's run is found by binary search: the cost does not grow with
   * the number of pages the word is on.
   */
  forEachSectionOf(term: string, exact: boolean, ordinal: number, visit: (section: number) => void): void {
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
      for (let index = low, stop = this.#offsets[word + 1]!; index < stop && postings[index]! >>> 8 === ordinal; index++) visit(postings[index]! & 255);
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

