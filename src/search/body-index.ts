import { sectionTexts } from '../content/markdown.js';
import type { Page } from '../content/page.js';
import { Vocabulary } from './vocabulary.js';

/** Sections past this one are counted as this one (a posting keeps the section in 8 bits). */
const LAST_SECTION = 255;
/** A prefix shorter than a word matches at most this many body words (in sorted order). */
const MAX_PREFIX_WORDS = 16;
/** (term id, posting) pairs per chunk of the builder: 512 KB, above malloc's threshold for mapping memory of its own. */
const PAIR_CHUNK = 1 << 16;

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

  private constructor(pages: readonly Page[], vocabulary: Vocabulary, offsets: Uint32Array, postings: Uint32Array) {
    this.pages = pages;
    this.vocabulary = vocabulary;
    this.#offsets = offsets;
    this.#postings = postings;
  }

  /** `analyze` turns text into index terms (the language's analysis). */
  static build(pages: readonly Page[], analyze: (text: string) => string[]): BodyIndex {
    return BodyIndex.fromSections(pages, (page) => sectionTexts(page.markdown).map(analyze));
  }

  /**
   * The same structure over any division of pages into numbered parts of analysed terms (the
   * search index also keeps one over titles, descriptions and headings: part 0 the title, 1 the
   * description, 2 on the headings).
   */
  static fromSections(pages: readonly Page[], sectionsOf: (page: Page) => readonly (readonly string[])[]): BodyIndex {
    const builder = BodyIndex.builder();
    for (const page of pages) builder.add(page, sectionsOf(page));
    return builder.finish();
  }

  /** The same, a page at a time: pages take ordinals in the order they are added. */
  static builder(): { add(page: Page, sections: readonly (readonly string[])[]): void; finish(): BodyIndex } {
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
    return {
      add(page, sections) {
        const ordinal = pages.length;
        pages.push(page);
        for (let section = 0; section < sections.length; section++) {
          const posting = ordinal * 256 + Math.min(section, LAST_SECTION);
          for (const term of sections[section]!) {
            let id = ids.get(term);
            if (id === undefined) {
              id = ids.size;
              ids.set(term, id);
              lastPosting.push(-1);
              lastPage.push(-1);
              pageCounts.push(0);
              runLengths.push(0);
            }
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
      },
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
   * Calls `visit(ordinal, section)` for every posting of `term`, or of every word starting with
   * it when `exact` is false (at most MAX_PREFIX_WORDS words, the first in sorted order).
   */
  forEachPosting(term: string, exact: boolean, visit: (ordinal: number, section: number) => void): void {
    let first: number;
    let end: number;
    if (exact) {
      first = this.vocabulary.indexOf(term);
      if (first === -1) return;
      end = first + 1;
    } else {
      [first, end] = this.vocabulary.prefixRange(term);
      end = Math.min(end, first + MAX_PREFIX_WORDS);
    }
    const postings = this.#postings;
    for (let index = this.#offsets[first]!, stop = this.#offsets[end]!; index < stop; index++) {
      const posting = postings[index]!;
      visit(posting >>> 8, posting & 255);
    }
  }

  /** Bytes held by the postings and offsets (for the benchmark). */
  get postingBytes(): number {
    return this.#postings.byteLength + this.#offsets.byteLength;
  }
}

