import { create, insert, search as oramaSearch, type Orama } from '@orama/orama';
import type { Page } from '../content/page.js';
import { LANGS, type Lang, type PageType } from '../content/schema.js';
import { analyzeQuery, analyzeText } from './text/analyze.js';
import { foldText } from './text/fold.js';
import { tokenizeWords } from './text/tokenize.js';
import { Vocabulary } from './vocabulary.js';

export interface SearchQuery {
  readonly text: string;
  readonly lang?: Lang | undefined;
  readonly type?: PageType | undefined;
  readonly limit: number;
}

export interface SearchHit {
  readonly page: Page;
  readonly score: number;
  /** Section headings that matched the query, in document order. */
  readonly matchingSections: readonly string[];
}

/** Title above headings above description (the contract's search scope). */
const BOOST = { title: 3, headings: 2, description: 1 } as const;
const SCHEMA = {
  title: 'string',
  description: 'string',
  headings: 'string[]',
  lang: 'enum',
  type: 'enum',
} as const;
/** Only terms this long are corrected: one edit in a short word makes a different word. */
const MIN_TYPO_LENGTH = 5;
/** Orama is asked for more candidates than requested, since we re-rank by query coverage. */
const CANDIDATE_FACTOR = 4;

/** What each page contributes to matching, analysed once at build time. */
interface IndexedPage {
  readonly page: Page;
  readonly terms: ReadonlySet<string>;
  readonly titleTerms: ReadonlySet<string>;
  readonly headingTerms: readonly (readonly string[])[];
  /** Whole folded words, stop words included, for queries made only of function words. */
  readonly titleWords: ReadonlySet<string>;
  readonly headingWords: readonly ReadonlySet<string>[];
}

/**
 * The site's search index. This module and its text analysis are the only code that touches
 * Orama. Built once per content load; searching is synchronous and allocation-light.
 */
export class SearchIndex {
  readonly #db: Orama<typeof SCHEMA>;
  readonly #pages = new Map<string, IndexedPage>();
  readonly #vocabulary: Vocabulary;

  private constructor(db: Orama<typeof SCHEMA>, pages: readonly IndexedPage[], vocabulary: Vocabulary) {
    this.#db = db;
    for (const entry of pages) this.#pages.set(entry.page.path, entry);
    this.#vocabulary = vocabulary;
  }

  static build(pages: readonly Page[]): SearchIndex {
    const db = create({
      schema: SCHEMA,
      components: {
        tokenizer: {
          language: 'multilingual',
          normalizationCache: new Map(),
          // Orama hands us the language given to insert(): each page is analysed in its own
          // language. Titles keep their words even when all are stop words ("O nas"). A call
          // without a property is the search term, which #queryTerms has already analysed.
          tokenize: (raw: string, language?: string, prop?: string) =>
            prop === undefined ? raw.split(' ').filter(Boolean) : prop === 'title' ? analyzeQuery(raw, toLang(language)) : analyzeText(raw, toLang(language)),
        },
      },
    });
    const indexed: IndexedPage[] = [];
    const allTerms: string[] = [];
    for (const page of pages) {
      insert(db, { id: page.path, title: page.title, description: page.description, headings: [...page.headings], lang: page.lang, type: page.type }, page.lang);
      const headingTerms = page.headings.map((heading) => analyzeText(heading, page.lang));
      const titleTerms = new Set(analyzeQuery(page.title, page.lang));
      const terms = new Set([...titleTerms, ...analyzeText(page.description, page.lang), ...headingTerms.flat()]);
      for (const term of terms) allTerms.push(term);
      indexed.push({
        page,
        terms,
        titleTerms,
        headingTerms,
        titleWords: new Set(words(page.title)),
        headingWords: page.headings.map((heading) => new Set(words(heading))),
      });
    }
    return new SearchIndex(db, indexed, new Vocabulary(allTerms));
  }

  get size(): number {
    return this.#pages.size;
  }

  /**
   * Pages ranked by relevance. Without a language the query is searched in each language the
   * way that language is analysed (Polish stems for Polish pages, English for English), and the
   * results merged: pages matching more of the query's words first, then pages whose title
   * matches them, then by BM25 score (title weighted above headings above description).
   */
  search(query: SearchQuery): SearchHit[] {
    const langs = query.lang ? [query.lang] : LANGS;
    // A query made only of one language's function words ("o nas", "about us") is in that
    // language and names a page rather than a topic.
    const queryWords = words(query.text);
    const functionWordLangs = langs.filter((lang) => analyzeText(query.text, lang).length === 0);
    if (queryWords.length > 0 && functionWordLangs.length > 0) {
      return this.#searchFunctionWords(queryWords, functionWordLangs, query);
    }
    const ranked: { entry: IndexedPage; score: number; coverage: number; titleCoverage: number; terms: readonly string[] }[] = [];
    for (const lang of langs) {
      const terms = this.#queryTerms(query.text, lang);
      if (terms.length === 0) continue;
      const where: Record<string, { eq: string }> = { lang: { eq: lang } };
      if (query.type) where.type = { eq: query.type };
      const result = oramaSearch(
        this.#db,
        { term: terms.join(' '), properties: ['title', 'headings', 'description'], boost: BOOST, where, limit: query.limit * CANDIDATE_FACTOR },
        lang,
      ) as { hits: { id: string; score: number }[] };
      for (const hit of result.hits) {
        const entry = this.#pages.get(hit.id);
        if (!entry) continue;
        const coverage = terms.filter((term) => hasPrefixIn(entry.terms, term)).length / terms.length;
        const titleCoverage = terms.filter((term) => hasPrefixIn(entry.titleTerms, term)).length / terms.length;
        ranked.push({ entry, score: hit.score, coverage, titleCoverage, terms });
      }
    }
    // Pages that match every word first; among them, those whose title does; then BM25.
    ranked.sort((a, b) => b.coverage - a.coverage || b.titleCoverage - a.titleCoverage || b.score - a.score || (a.entry.page.path < b.entry.page.path ? -1 : 1));
    return ranked.slice(0, query.limit).map(({ entry, score, terms }) => ({
      page: entry.page,
      score,
      matchingSections: entry.page.headings.filter((_, index) => terms.some((term) => entry.headingTerms[index]!.some((word) => word.startsWith(term)))),
    }));
  }

  /**
   * A query made only of function words ("o nas", "who we are") names a page rather than a
   * topic. Such words are not indexed as terms (as prefixes they would match everything), so
   * they are matched here as whole words: in the title first, then in a section heading.
   */
  #searchFunctionWords(queryWords: readonly string[], langs: readonly Lang[], query: SearchQuery): SearchHit[] {
    const hits: SearchHit[] = [];
    for (const entry of this.#pages.values()) {
      const { page } = entry;
      if (!langs.includes(page.lang) || (query.type && page.type !== query.type)) continue;
      const sections = page.headings.filter((_, index) => queryWords.every((word) => entry.headingWords[index]!.has(word)));
      const inTitle = queryWords.every((word) => entry.titleWords.has(word));
      if (!inTitle && sections.length === 0) continue;
      // A title that is little more than the query ("O nas") beats a long one that contains it.
      const score = (inTitle ? 2 + queryWords.length / entry.titleWords.size : 0) + (sections.length > 0 ? 1 : 0);
      hits.push({ page, score, matchingSections: sections });
    }
    return hits.sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1)).slice(0, query.limit);
  }

  /** Analysed query terms, each unmatched longer term replaced by its one-edit corrections. */
  #queryTerms(text: string, lang: Lang): string[] {
    const terms: string[] = [];
    for (const term of new Set(analyzeQuery(text, lang))) {
      if (term.length < MIN_TYPO_LENGTH || this.#vocabulary.hasPrefix(term)) {
        terms.push(term);
        continue;
      }
      const corrections = this.#vocabulary.corrections(term);
      terms.push(...(corrections.length > 0 ? corrections : [term]));
    }
    return terms;
  }
}

function hasPrefixIn(terms: ReadonlySet<string>, prefix: string): boolean {
  if (terms.has(prefix)) return true;
  for (const term of terms) if (term.startsWith(prefix)) return true;
  return false;
}

function words(text: string): string[] {
  return tokenizeWords(foldText(text));
}

function toLang(language: string | undefined): Lang {
  return language === 'en' ? 'en' : 'pl';
}
