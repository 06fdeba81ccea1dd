import { create, insert, search as oramaSearch, type Orama } from '@orama/orama';
import { LRUCache } from 'lru-cache';
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
  type: 'enum',
} as const;
type PageDatabase = Orama<typeof SCHEMA>;

/** Only terms this long are corrected: one edit in a short word makes a different word. */
const MIN_TYPO_LENGTH = 5;
/** Orama is asked for more candidates than requested, since we re-rank by query coverage. */
const CANDIDATE_FACTOR = 4;
/**
 * Answers kept for repeated queries. An index belongs to one content snapshot, which never changes, so an
 * answer stays right; people and agents repeat queries ("cennik", "GA4") far more often than
 * the cap, and a hit costs a map lookup instead of two Orama searches.
 */
const CACHED_QUERIES = 2_000;
/**
 * A word on at least this share of a language's pages is "common": like Lucene's common terms
 * query, it does not select candidates when the query has rarer words, only ranks them. Its BM25
 * weight there is about a fifth of a rare word's, while scoring it means visiting every page it
 * is on. Lucene's usual cutoff is far lower (0.1-1 % of documents); a quarter keeps nearly all
 * of BM25's judgement.
 */
const COMMON_SHARE = 0.25;
/** Below this many pages of a language, no query word is treated as common. */
const UBIQUITY_MIN_PAGES = 200;

/**
 * What a page contributes to matching beyond Orama's own index, packed into two strings to keep
 * memory flat (a Set per page costs more than the page): one line per field, each term preceded
 * by a space, so "does a term of this field start with T" is a substring search for " T".
 */
interface IndexedPage {
  readonly page: Page;
  /** Analysed terms: line 0 the title, line 1 the description, then one line per heading. */
  readonly terms: string;
  /** Folded whole words, stop words included: line 0 the title, then one line per heading. */
  readonly words: string;
}

/**
 * The site's search index. This module and its text analysis are the only code that touches
 * Orama. One Orama database per language, so each page is analysed in its own language and no
 * query pays for a language filter. Built once per content load; searching is synchronous.
 */
export class SearchIndex {
  readonly #databases: ReadonlyMap<Lang, PageDatabase>;
  readonly #pages: ReadonlyMap<string, IndexedPage>;
  readonly #vocabularies: ReadonlyMap<Lang, Vocabulary>;
  readonly #answers = new LRUCache<string, readonly SearchHit[]>({ max: CACHED_QUERIES });

  readonly #pagesByLang: ReadonlyMap<Lang, number>;

  private constructor(databases: Map<Lang, PageDatabase>, pages: Map<string, IndexedPage>, vocabularies: Map<Lang, Vocabulary>, pagesByLang: Map<Lang, number>) {
    this.#databases = databases;
    this.#pages = pages;
    this.#vocabularies = vocabularies;
    this.#pagesByLang = pagesByLang;
  }

  static build(pages: readonly Page[]): SearchIndex {
    const builder = SearchIndex.#builder();
    for (const page of pages) builder.add(page);
    return builder.finish(pages);
  }

  /**
   * The same index, built a slice of pages at a time with a turn of the event loop between
   * slices: a server that keeps answering while it builds the next content (a reload) is never
   * held up for more than one slice (a few milliseconds).
   */
  static async buildInSlices(pages: readonly Page[], sliceSize = 100): Promise<SearchIndex> {
    const builder = SearchIndex.#builder();
    for (const [position, page] of pages.entries()) {
      builder.add(page);
      if (position % sliceSize === sliceSize - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    return builder.finish(pages);
  }

  static #builder() {
    const databases = new Map<Lang, PageDatabase>();
    const indexed = new Map<string, IndexedPage>();
    const termPagesByLang = new Map<Lang, Map<string, number>>();
    const add = (page: Page) => {
      let database = databases.get(page.lang);
      if (!database) {
        database = createDatabase(page.lang);
        databases.set(page.lang, database);
      }
      insert(database, { id: page.path, title: page.title, description: page.description, headings: [...page.headings], type: page.type });
      const lines = [analyzeQuery(page.title, page.lang), analyzeText(page.description, page.lang), ...page.headings.map((heading) => analyzeText(heading, page.lang))];
      let termPages = termPagesByLang.get(page.lang);
      if (!termPages) termPagesByLang.set(page.lang, (termPages = new Map()));
      for (const term of new Set(lines.flat())) termPages.set(term, (termPages.get(term) ?? 0) + 1);
      indexed.set(page.path, {
        page,
        terms: lines.map((line) => ` ${line.join(' ')}`).join('\n'),
        words: [page.title, ...page.headings].map((text) => ` ${tokenizeWords(foldText(text)).join(' ')} `).join('\n'),
      });
    };
    const finish = (pages: readonly Page[]) => {
      const pagesByLang = new Map<Lang, number>();
      for (const page of pages) pagesByLang.set(page.lang, (pagesByLang.get(page.lang) ?? 0) + 1);
      return new SearchIndex(databases, indexed, new Map([...termPagesByLang].map(([lang, termPages]) => [lang, new Vocabulary(termPages)])), pagesByLang);
    };
    return { add, finish };
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
  search(query: SearchQuery): readonly SearchHit[] {
    const key = `${query.lang ?? ''}|${query.type ?? ''}|${query.limit}|${query.text}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const hits = Object.freeze(this.#rank(query));
    this.#answers.set(key, hits);
    return hits;
  }

  #rank(query: SearchQuery): SearchHit[] {
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
      const database = this.#databases.get(lang);
      const groups = this.#queryTermGroups(query.text, lang);
      if (!database || groups.length === 0) continue;
      // Common words tell pages apart little (their BM25 weight is small) yet scoring them means
      // visiting every page they are on: Orama is asked only for the rarer words, and the common
      // ones still count in coverage and title ranking.
      const discriminating = groups.filter((group) => !this.#isUbiquitous(lang, group));
      const candidates =
        discriminating.length > 0 ? this.#oramaCandidates(database, discriminating, lang, query) : this.#placementCandidates(lang, groups, query);
      for (const { entry, score } of candidates) {
        const titleLine = firstLine(entry.terms);
        // A group is one query word with its typo corrections; it counts once.
        const coverage = groups.filter((group) => group.some((term) => entry.terms.includes(` ${term}`))).length / groups.length;
        const titleCoverage = groups.filter((group) => group.some((term) => titleLine.includes(` ${term}`))).length / groups.length;
        ranked.push({ entry, score, coverage, titleCoverage, terms: groups.flat() });
      }
    }
    ranked.sort((a, b) => b.coverage - a.coverage || b.titleCoverage - a.titleCoverage || b.score - a.score || (a.entry.page.path < b.entry.page.path ? -1 : 1));
    return ranked.slice(0, query.limit).map(({ entry, score, terms }) => ({
      page: entry.page,
      score,
      matchingSections: matchingHeadings(entry, (line) => terms.some((term) => line.includes(` ${term}`)), 2),
    }));
  }

  #oramaCandidates(database: PageDatabase, groups: readonly string[][], lang: Lang, query: SearchQuery): { entry: IndexedPage; score: number }[] {
    const result = oramaSearch(
      database,
      {
        term: groups.flat().join(' '),
        properties: ['title', 'headings', 'description'],
        boost: BOOST,
        limit: query.limit * CANDIDATE_FACTOR,
        ...(query.type ? { where: { type: { eq: query.type } } } : {}),
      },
      lang,
    ) as { hits: { id: string; score: number }[] };
    return result.hits.flatMap((hit) => {
      const entry = this.#pages.get(hit.id);
      return entry ? [{ entry, score: hit.score }] : [];
    });
  }

  /**
   * Candidates for a query made only of common words ("Miarka" on a site whose every title
   * names the company), by where the words stand: pages whose title holds them all
   * first, shorter titles before longer, then pages holding them in a heading or the
   * description. Headings are only looked at when titles alone do not fill the answer.
   */
  #placementCandidates(lang: Lang, groups: readonly string[][], query: SearchQuery): { entry: IndexedPage; score: number }[] {
    const wanted = query.limit * CANDIDATE_FACTOR;
    const holds = (text: string, end: number) => groups.every((group) => group.some((term) => { const at = text.indexOf(` ${term}`); return at !== -1 && at < end; }));
    const inTitle: { entry: IndexedPage; score: number }[] = [];
    const elsewhere: IndexedPage[] = [];
    for (const entry of this.#pages.values()) {
      if (entry.page.lang !== lang || (query.type && entry.page.type !== query.type)) continue;
      const titleEnd = entry.terms.indexOf('\n');
      if (holds(entry.terms, titleEnd)) inTitle.push({ entry, score: 3 + groups.length / (titleEnd + 1) });
      else if (inTitle.length < wanted) elsewhere.push(entry);
    }
    inTitle.sort((a, b) => b.score - a.score);
    if (inTitle.length >= wanted) return inTitle.slice(0, wanted);
    const rest = elsewhere.filter((entry) => holds(entry.terms, entry.terms.length)).slice(0, wanted - inTitle.length);
    return [...inTitle, ...rest.map((entry) => ({ entry, score: 1 }))];
  }

  /** Whether every term of the group is common: on at least COMMON_SHARE of the language's pages. */
  #isUbiquitous(lang: Lang, group: readonly string[]): boolean {
    const pages = this.#pagesByLang.get(lang) ?? 0;
    // On a small site every query is cheap, and BM25 orders the few pages well enough.
    if (pages < UBIQUITY_MIN_PAGES) return false;
    const vocabulary = this.#vocabularies.get(lang)!;
    return group.every((term) => vocabulary.occursOnAtLeast(term, pages * COMMON_SHARE));
  }

  /**
   * A query made only of function words ("o nas", "who we are") names a page rather than a
   * topic. Such words are not indexed as terms (as prefixes they would match everything), so
   * they are matched here as whole words: in the title first, then in a section heading.
   */
  #searchFunctionWords(queryWords: readonly string[], langs: readonly Lang[], query: SearchQuery): SearchHit[] {
    const hasAll = (line: string) => queryWords.every((word) => line.includes(` ${word} `));
    const scored: { entry: IndexedPage; score: number }[] = [];
    for (const entry of this.#pages.values()) {
      const { page } = entry;
      if (!langs.includes(page.lang) || (query.type && page.type !== query.type) || !hasAll(entry.words)) continue;
      const titleLine = firstLine(entry.words);
      const inTitle = hasAll(titleLine);
      // A title that is little more than the query ("O nas") beats a long one that contains it.
      const titleWordCount = titleLine.split(' ').filter(Boolean).length;
      scored.push({ entry, score: inTitle ? 2 + queryWords.length / titleWordCount : 1 });
    }
    scored.sort((a, b) => b.score - a.score || (a.entry.page.path < b.entry.page.path ? -1 : 1));
    // Exact per-heading matching only for the pages returned: the words may have been spread
    // over several headings, and then the page matched neither its title nor one heading.
    const hits: SearchHit[] = [];
    for (const { entry, score } of scored) {
      const sections = matchingHeadings(entry, hasAll, 1, 'words');
      if (score < 2 && sections.length === 0) continue;
      hits.push({ page: entry.page, score: score + (sections.length > 0 ? 1 : 0), matchingSections: sections });
      if (hits.length === query.limit) break;
    }
    return hits.sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1));
  }

  /**
   * Analysed query terms, one group per word: the word, or its one-edit corrections in this
   * language. A word some language of the site knows is never "corrected": searching Polish
   * pages for an English word must not turn it into a Polish one.
   */
  #queryTermGroups(text: string, lang: Lang): string[][] {
    const vocabulary = this.#vocabularies.get(lang);
    if (!vocabulary) return [];
    const groups: string[][] = [];
    for (const term of new Set(analyzeQuery(text, lang))) {
      if (term.length < MIN_TYPO_LENGTH || vocabulary.hasPrefix(term) || this.#knownElsewhere(text, term, lang)) {
        groups.push([term]);
        continue;
      }
      const corrections = vocabulary.corrections(term);
      groups.push(corrections.length > 0 ? corrections : [term]);
    }
    return groups;
  }

  /** Whether the query word behind `term` is a word of another language of the site. */
  #knownElsewhere(text: string, term: string, lang: Lang): boolean {
    const position = analyzeQuery(text, lang).indexOf(term);
    for (const [otherLang, vocabulary] of this.#vocabularies) {
      if (otherLang === lang) continue;
      const otherTerm = analyzeQuery(text, otherLang)[position];
      if (otherTerm !== undefined && vocabulary.hasPrefix(otherTerm)) return true;
    }
    return false;
  }
}

function createDatabase(lang: Lang): PageDatabase {
  return create({
    schema: SCHEMA,
    components: {
      tokenizer: {
        language: lang,
        normalizationCache: new Map(),
        // Titles keep their words even when all are stop words ("O nas"). A call without a
        // property is the search term, which #queryTermGroups has already analysed.
        tokenize: (raw: string, _language?: string, prop?: string) =>
          prop === undefined ? raw.split(' ').filter(Boolean) : prop === 'title' ? analyzeQuery(raw, lang) : analyzeText(raw, lang),
      },
    },
  });
}

/** The headings (lines from `firstLine` on) for which `matches` holds, as the page wrote them. */
function matchingHeadings(entry: IndexedPage, matches: (line: string) => boolean, firstLine: number, field: 'terms' | 'words' = 'terms'): string[] {
  const lines = entry[field].split('\n');
  return entry.page.headings.filter((_, index) => matches(lines[index + firstLine] ?? ''));
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

function words(text: string): string[] {
  return tokenizeWords(foldText(text));
}
