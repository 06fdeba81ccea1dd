import { sectionTexts } from '../content/markdown.js';
import type { Page } from '../content/page.js';
import { Vocabulary } from './vocabulary.js';

/** Sections past this one are counted as this one (a posting keeps the section in 8 bits). */
const LAST_SECTION = 255;
/** A prefix shorter than a word matches at most this many body words (in sorted order). */
const MAX_PREFIX_WORDS = 16;

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
    // One map lookup per token; a term's page count is read from its postings at the end.
    const terms = new Map<string, number[]>();
    return {
      add(page, sections) {
        const ordinal = pages.length;
        pages.push(page);
        for (let section = 0; section < sections.length; section++) {
          const posting = ordinal * 256 + Math.min(section, LAST_SECTION);
          for (const term of sections[section]!) {
            let run = terms.get(term);
            if (!run) terms.set(term, (run = []));
            // Postings are appended page by page and section by section, so a repeat is the last one.
            if (run[run.length - 1] !== posting) run.push(posting);
          }
        }
      },
      finish() {
        const pageCounts = new Map<string, number>();
        for (const [term, run] of terms) pageCounts.set(term, pagesIn(run));
        const vocabulary = new Vocabulary(pageCounts);
        const offsets = new Uint32Array(vocabulary.size + 1);
        let total = 0;
        vocabulary.terms.forEach((term, index) => {
          offsets[index] = total;
          total += terms.get(term)!.length;
        });
        offsets[vocabulary.size] = total;
        const postings = new Uint32Array(total);
        vocabulary.terms.forEach((term, index) => postings.set(terms.get(term)!, offsets[index]!));
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

/** Distinct pages in a run of postings (sorted by page, so a new page is a change of its ordinal). */
function pagesIn(run: readonly number[]): number {
  let count = 0;
  let last = -1;
  for (const posting of run) {
    const ordinal = posting >>> 8;
    if (ordinal !== last) {
      count++;
      last = ordinal;
    }
  }
  return count;
}
