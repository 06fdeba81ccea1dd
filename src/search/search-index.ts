import { availableParallelism } from 'node:os';
import { count, create, insert, type Orama } from '@orama/orama';
import { LRUCache } from 'lru-cache';
import type { Page } from '../content/page.js';
import { LANGS, type Lang, type PageType } from '../content/schema.js';
import { BodyIndex, LAST_SECTION, type BodyIndexBuilder } from './body-index.js';
import { BodyThread } from './body-thread.js';
import { pageBodiesBuilder } from './page-bodies.js';
import { compactTrees, topScoringIndex } from './orama-scoring.js';
import { askedIntents, INTENTS, type Intent } from './intents.js';
import { PlaceNames } from './place-names.js';
import { QueryPlanner, type Alternative, type NameAround, type PlanTerm, type TermGroup } from './query-plan.js';
import { BUILT_IN_SYNONYMS, type SynonymSets } from './synonyms.js';
import { analyzeQuery, analyzeText, queryTerms, stemWord } from './text/analyze.js';
import { bodyTermAnalyzer, TermIds, type BodyTermAnalyzer } from './text/body-terms.js';
import { foldText } from './text/fold.js';
import { tokenizeWords } from './text/tokenize.js';
import type { Vocabulary } from './vocabulary.js';

export interface SearchQuery {
  readonly text: string;
  readonly lang?: Lang | undefined;
  readonly type?: PageType | undefined;
  readonly limit: number;
}

/** A section of a result page that matched: its heading as written and its stable id. */
export interface MatchingSection {
  readonly heading: string;
  readonly id: string;
}

export interface SearchHit {
  readonly page: Page;
  readonly score: number;
  /** Section headings that matched the query, in document order. */
  readonly matchingSections: readonly string[];
  /** The same sections with their ids, for deep links (`url#id`). */
  readonly sections: readonly MatchingSection[];
}

export interface BuildOptions {
  /** Sites of this many pages or more index their bodies on a worker thread (tests set it). */
  readonly bodyThreadFromPages?: number | undefined;
  /** The worker's compiled file, where it is not beside this module (tests running the TypeScript sources). */
  readonly bodyWorkerFile?: string | undefined;
}

/**
 * From this many pages a site's bodies are indexed on a worker thread: starting one costs
 * ~50-150 ms, more than a smaller site's bodies take.
 */
const BODY_THREAD_FROM_PAGES = 1_000;

/** What a site adds to the built-in search data (the site file's `search` section). */
export interface SearchSettings {
  readonly synonyms?: SynonymSets | undefined;
  /** Place names beyond the pages' `city` fields (the city of the site's address). */
  readonly places?: readonly string[] | undefined;
  /** Paths of the site's contact pages (the site file's `contact.*.contactForm`): they answer "where", "telefon". */
  readonly contactPages?: readonly string[] | undefined;
  /** Paths of the site's privacy policies (`contact.*.privacyPolicy`): they answer "my personal data", and little else. */
  readonly privacyPages?: readonly string[] | undefined;
}

/** Weight of a query group by the best field it is found in: title above headings above description above body. */
const FIELD_WEIGHT = { title: 1, headings: 0.6, description: 0.5, body: 0.2 } as const;
/** A synonym of the words typed counts this share of the field's weight. */
const SYNONYM_WEIGHT = 0.8;
/**
 * A place name of the site counts twice: a query that names a city asks about that city ("analytics
 * agency Łódź"), while its other words describe what every page of the agency is about.
 */
const PLACE_WEIGHT = 2;
/**
 * The page of another city than the one a question names ("czy przyjedziecie do Krakowa" is not
 * answered by the Warsaw page, however alike their words are).
 */
const OTHER_PLACE_WEIGHT = 0.5;
/**
 * The page of a service answers a prospect's question a little better than an article or a case
 * study that says as much: near-ties go to it ("baner zgody dla sklepu" asks for the work).
 */
const TYPE_WEIGHT: Readonly<Partial<Record<PageType, number>>> = { service: 1.1, service_area: 0.9, services_index: 0.9, pricing: 0.9 };
/**
 * A page that answers what the question asks for besides its topic (src/search/intents.ts: the
 * price, the contact, help with what does not work) comes before pages that only share its words.
 */
const INTENT_WEIGHT = 1.35;
/** A page that answers only an intent nobody asked for (the privacy policy, when no question asks about one's data). */
const RESERVED_WEIGHT = 0.5;
/**
 * A listing page (an archive, a blog index: src/content/listing.ts) says little of its own: its
 * words are the titles of the pages it lists. It counts this share, and never ranks above a page
 * it lists, unless its title holds the whole question ("blog", "case studies", "usługi").
 */
const LISTING_WEIGHT = 0.7;
/** What a group adds for being found in a title, a heading or the description, whatever the field: pages that answer every part of a question come first. */
const FOUND_WEIGHT = 0.5;
/** The fields Orama searches for candidates. */
const SEARCHED = ['title', 'headings', 'description'] as const;
/** Orama's own BM25 boosts, used to pick candidates and to break ties between equal scores. */
const BOOST = { title: 3, headings: 2, description: 1 } as const;
const SCHEMA = {
  title: 'string',
  description: 'string',
  headings: 'string[]',
  type: 'enum',
} as const;
type PageDatabase = Orama<typeof SCHEMA>;

/**
 * Candidates taken from Orama (by BM25 over title, headings and description) and from the body
 * postings (by the query words they hold). A fixed number, never one derived from `limit`: then
 * the ranking of the first results is the same whatever `limit` asks for.
 */
const CANDIDATES = 50;
/** No caller asks for more results than this (search_site's largest `limit`). */
const MAX_RESULTS = 100;
/**
 * Answers kept for repeated queries. An index belongs to one content snapshot, which never
 * changes, so an answer stays right; people and agents repeat queries ("cennik", "GA4") far more often than
 * the cap, and a hit costs a map lookup.
 */
const CACHED_QUERIES = 2_000;
/**
 * A word on at least this share of a language's pages is "common": like Lucene's common terms
 * query, it does not select Orama candidates when the query has rarer words, only ranks them.
 */
const COMMON_SHARE = 0.25;
/** Below this many pages of a language, no query word is treated as common. */
const UBIQUITY_MIN_PAGES = 200;
/** Query terms followed through the body postings (one bit each in a page's mask). */
const MAX_BODY_TERMS = 30;

/**
 * What a page contributes to matching beyond the indexes, packed into strings to keep memory
 * flat: one line per field, each term between spaces, so "does a term of this field start with
 * T" is a substring search for " T" and "is T a term" one for " T ".
 */
interface IndexedPage {
  readonly page: Page;
  readonly lang: Lang;
  /** Position among the pages of its language (the body index's page ordinal). */
  readonly ordinal: number;
  /**
   * Analysed terms: line 0 the title, line 1 the description, then one line per heading. Kept
   * split: every candidate of every query reads them line by line.
   */
  readonly terms: readonly string[];
  /** Folded whole words, stop words included: line 0 the title, then one line per heading. */
  readonly words: string;
  /** Bits of the language's intents (INTENTS) that the page answers. */
  readonly answers: number;
  /** For a listing page, the ordinals of the pages of its language it lists (set when the index is made). */
  listed: readonly number[] | undefined;
}

interface Language {
  readonly database: PageDatabase;
  readonly pages: readonly IndexedPage[];
  /** The text fields Orama scores, in the order its `search` would score them (its schema's). */
  readonly textProperties: string[];
  /** Orama's internal ids (ordinal + 1) of the pages of each type. */
  readonly internalIdsByType: ReadonlyMap<PageType, Set<number>>;
  /** Terms of titles, descriptions and headings, with their page counts. */
  readonly vocabulary: Vocabulary;
  /** Which pages hold each term in their title (part 0), description (1) or a heading (2 on). */
  readonly fields: BodyIndex;
  /** Per page ordinal: bits of the query terms its title, description or headings hold (reset after each query). */
  readonly fieldMasks: Int32Array;
  readonly body: BodyIndex;
  readonly planner: QueryPlanner;
  readonly intents: readonly Intent[];
  /** Bits of the intents whose pages answer nothing else (Intent.reserved). */
  readonly reserved: number;
  /** Per page ordinal: bits of the query terms its body holds (reset after each query). */
  readonly bodyMasks: Int32Array;
  /** Per page ordinal: bits of the query's phrases that one section of its body holds (reset with the masks). */
  readonly phraseMasks: Int32Array;
  /** Per page ordinal: how many (term, section) postings of the query its body has (reset with the masks). */
  readonly bodyCounts: Int32Array;
  /** Per page ordinal: 1 for a candidate of the query being ranked (reset after it). */
  readonly isCandidate: Uint8Array;
  /** Per page ordinal: a candidate's BM25 from Orama (read only where isCandidate). */
  readonly candidateBm25: Float64Array;
}

interface Ranked {
  readonly entry: IndexedPage;
  readonly score: number;
  readonly bm25: number;
  /** Sections of the body holding query terms (a stand-in for term frequency, for ties). */
  readonly bodyCount: number;
  readonly groups: readonly GroupBits[];
  readonly bodyBits: BodyBits;
  /** A listing page that must not rank above the pages it lists. */
  readonly listingBelow: boolean;
}

/** Bits given to the query's terms ("t" prefix, "=t" whole word) and phrases for one search. */
interface BodyBits {
  readonly terms: ReadonlyMap<string, number>;
  readonly phrases: ReadonlyMap<Alternative, number>;
  /** The terms that have a bit, with it, in the order the bits were given. */
  readonly list: readonly { readonly term: PlanTerm; readonly bit: number }[];
}

/**
 * A query group with the bits of its alternatives, worked out once per search: scoring a
 * candidate is then integer arithmetic, with nothing allocated per candidate.
 */
interface GroupBits {
  readonly group: TermGroup;
  /** Per alternative: the bits of its terms (one bit each) that have one. */
  readonly termBits: readonly number[];
  /** Per alternative: its terms past the bit budget, which have no bit. */
  readonly unbitted: readonly (readonly PlanTerm[])[];
  /** Per alternative: the bit of the phrase, -1 for one past the budget (it then counts as found). */
  readonly phraseBits: readonly number[];
  /** Per alternative, for the candidate being scored: whether its title, description or headings hold every word of it. */
  readonly present: boolean[];
}

/**
 * The site's search index. This module and its text analysis are the only code that touches
 * Orama. One Orama database per language (titles, descriptions, headings) and one body index
 * per language, so each page is analysed in its own language and no query pays for a language
 * filter. Built once per content load; searching is synchronous.
 */
export class SearchIndex {
  readonly #languages: ReadonlyMap<Lang, Language>;
  readonly #size: number;
  readonly #answers = new LRUCache<string, readonly SearchHit[]>({ max: CACHED_QUERIES });
  /** Queries asked once and not yet kept (forgotten all at once when many). */
  readonly #askedOnce = new Set<string>();

  private constructor(languages: Map<Lang, Language>, size: number) {
    this.#languages = languages;
    this.#size = size;
  }

  static build(pages: readonly Page[], settings: SearchSettings = {}, options: BuildOptions = {}): SearchIndex {
    const thread = SearchIndex.#bodyThread(pages, options);
    const builder = SearchIndex.#builder(settings, thread !== undefined);
    for (const page of pages) builder.add(page);
    // What needs no body is finished while the body thread may still be working.
    const withBodies = builder.finish(pages.length);
    return withBodies(thread?.take());
  }

  /**
   * The same index, built a slice of pages at a time with a turn of the event loop between
   * slices: a server that keeps answering while it builds the next content (a reload) is never
   * held up for more than one slice (a few milliseconds).
   */
  static async buildInSlices(pages: readonly Page[], sliceSize = 100, settings: SearchSettings = {}, options: BuildOptions = {}): Promise<SearchIndex> {
    const thread = SearchIndex.#bodyThread(pages, options);
    const builder = SearchIndex.#builder(settings, thread !== undefined);
    for (const [position, page] of pages.entries()) {
      builder.add(page);
      if (position % sliceSize === sliceSize - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const withBodies = builder.finish(pages.length);
    return withBodies(await thread?.result());
  }

  /** The thread that indexes the bodies, for a site large enough to gain from one. */
  static #bodyThread(pages: readonly Page[], { bodyThreadFromPages = BODY_THREAD_FROM_PAGES, bodyWorkerFile }: BuildOptions): BodyThread | undefined {
    if (pages.length < bodyThreadFromPages || availableParallelism() < 2) return undefined;
    return BodyThread.start(pages, bodyWorkerFile);
  }

  /** `bodiesElsewhere`: the bodies are indexed on the body thread, and given to `finish`. */
  static #builder(settings: SearchSettings, bodiesElsewhere: boolean) {
    interface LanguageBuild {
      readonly database: PageDatabase;
      /** What Orama's tokenizer analyses inserted fields with. */
      readonly analysis: Analysis;
      readonly indexed: IndexedPage[];
      readonly fields: BodyIndexBuilder;
      /** Analysis of descriptions and headings into the field postings' term ids (as bodies are analysed). */
      readonly fieldTerms: BodyTermAnalyzer;
      /** Undefined when the bodies are indexed on the body thread. */
      readonly bodies: ReturnType<typeof pageBodiesBuilder> | undefined;
      readonly intents: readonly IntentMarks[];
    }
    const builds = new Map<Lang, LanguageBuild>();
    const sitePages: SitePages = { contact: new Set(settings.contactPages ?? []), privacy: new Set(settings.privacyPages ?? []) };
    const cities: string[] = [];
    const termIds = new TermIds();
    const add = (page: Page) => {
      const lang = page.lang;
      let build = builds.get(lang);
      if (!build) {
        const analysis = { analyze: documentTerms(lang) };
        const indexed: IndexedPage[] = [];
        const fields = BodyIndex.builder();
        build = { database: createDatabase(lang, analysis, indexed), analysis, indexed, fields, fieldTerms: bodyTermAnalyzer(lang, fields.termId), bodies: bodiesElsewhere ? undefined : pageBodiesBuilder(lang), intents: intentMarks(lang) };
        builds.set(lang, build);
      }
      const { database, indexed, fields } = build;
      if (page.city) cities.push(page.city);
      // The field postings: part 0 the title, 1 the description, 2 on the headings.
      fields.startPage();
      const titleWords = tokenizeWords(foldText(page.title));
      const lines = [queryTerms(titleWords, lang)];
      fields.addSection(0, lines[0]!.map(fields.termId));
      for (const text of [page.description, ...page.headings]) {
        termIds.count = 0;
        build.fieldTerms(text, termIds);
        fields.addSection(lines.length, termIds.ids, termIds.count);
        const terms = new Array<string>(termIds.count);
        for (let at = 0; at < termIds.count; at++) terms[at] = fields.termOf(termIds.ids[at]!);
        lines.push(terms);
      }
      // Orama's tokenizer takes these terms rather than analysing the same texts again.
      build.analysis.prepared = { title: lines[0]!, texts: new Map([page.description, ...page.headings].map((text, index) => [text, lines[index + 1]!])) };
      // Orama keeps the document it is given: the page's own headings array, not a copy.
      insert(database, { id: page.path, title: page.title, description: page.description, headings: page.headings as string[], type: page.type });
      build.analysis.prepared = undefined;
      build.bodies?.add(page.markdown);
      const terms = lines.map(spaced);
      indexed.push({
        page,
        lang,
        ordinal: indexed.length,
        terms,
        words: [titleWords, ...page.headings.map((text) => tokenizeWords(foldText(text)))].map(spaced).join('\n'),
        answers: answeredIntents(build.intents, page, terms, sitePages),
        listed: undefined,
      });
    };
    /**
     * Finishes what does not depend on the bodies, and returns the step that takes the body
     * thread's indexes (a language it has none for is indexed here) and makes the index.
     */
    const finish = (size: number) => {
      const finished = [...builds].map(([lang, build]) => {
        compactTrees(build.database);
        return { lang, build, fields: build.fields.finish(), body: build.bodies?.finish() };
      });
      return (bodies: ReadonlyMap<Lang, BodyIndex> | undefined) => indexOf(size, finished, bodies);
    };
    const indexOf = (size: number, finished: readonly { lang: Lang; build: LanguageBuild; fields: BodyIndex; body: BodyIndex | undefined }[], bodies: ReadonlyMap<Lang, BodyIndex> | undefined) => {
      const languages = new Map<Lang, Language>();
      const places = new PlaceNames([...cities, ...(settings.places ?? [])]);
      const synonyms = [BUILT_IN_SYNONYMS, ...(settings.synonyms ? [settings.synonyms] : [])];
      for (const { lang, build, fields, body: builtHere } of [...finished].sort((a, b) => LANGS.indexOf(a.lang) - LANGS.indexOf(b.lang))) {
        const { database, indexed } = build;
        const body = builtHere ?? bodies?.get(lang) ?? bodiesHere(lang, indexed);
        resolveListed(indexed);
        // The planner asks the index of every language lazily, at query time, when all are built.
        const planner = new QueryPlanner(lang, synonyms, places, {
          knows: (term) => fields.vocabulary.hasPrefix(term) || body.vocabulary.hasPrefix(term),
          corrections: (term) => [...new Set([...fields.vocabulary.corrections(term), ...body.vocabulary.corrections(term)])].slice(0, 3),
          knownElsewhere: (word) =>
            [...languages].some(([other, language]) => {
              if (other === lang) return false;
              const stem = stemWord(word, other);
              return language.vocabulary.hasPrefix(stem) || language.body.vocabulary.hasPrefix(stem);
            }),
        });
        languages.set(lang, {
          database,
          pages: indexed,
          textProperties: textProperties(database),
          internalIdsByType: internalIdsByType(indexed),
          vocabulary: fields.vocabulary,
          fields,
          body,
          planner,
          intents: INTENTS[lang],
          reserved: INTENTS[lang].reduce((bits, intent, index) => (intent.reserved === true ? bits | (1 << index) : bits), 0),
          fieldMasks: new Int32Array(indexed.length),
          bodyMasks: new Int32Array(indexed.length),
          bodyCounts: new Int32Array(indexed.length),
          phraseMasks: new Int32Array(indexed.length),
          isCandidate: new Uint8Array(indexed.length),
          candidateBm25: new Float64Array(indexed.length),
        });
      }
      // The planners' closures share this function's scope, which reaches the builds: without
      // this, every term's postings array and the memory of stems would live as long as the index.
      builds.clear();
      return new SearchIndex(languages, size);
    };
    return { add, finish };
  }

  get size(): number {
    return this.#size;
  }

  /** Bytes of the body postings of every language (for the benchmark). */
  get bodyPostingBytes(): number {
    return [...this.#languages.values()].reduce((sum, language) => sum + language.body.postingBytes, 0);
  }

  /**
   * Pages ranked by relevance. Without a language the query is searched in each language the
   * way that language is analysed (Polish stems for Polish pages, English for English), and the
   * results merged. One ranking for every `limit`: the first results never depend on it.
   */
  search(query: SearchQuery): readonly SearchHit[] {
    const key = `${query.lang ?? ''}|${query.type ?? ''}|${query.limit}|${query.text}`;
    let hits = this.#answers.get(key);
    if (!hits) {
      hits = Object.freeze(this.#rank(query, query.limit));
      // Kept from a query's second asking: an answer kept for a query asked once would outlive
      // the young generation for nothing, and copying survivors is what a collection costs.
      if (this.#askedOnce.has(key)) this.#answers.set(key, hits);
      else {
        if (this.#askedOnce.size >= CACHED_QUERIES * 4) this.#askedOnce.clear();
        this.#askedOnce.add(key);
      }
    }
    return hits;
  }

  #rank(query: SearchQuery, count: number): SearchHit[] {
    const langs = query.lang ? [query.lang] : LANGS;
    // A query made only of one language's function words ("o nas", "about us") is in that
    // language and names a page rather than a topic.
    const queryWords = words(query.text);
    // Bits of the intents the question asks for, per language (src/search/intents.ts).
    const asked = langs.map((lang) => (this.#languages.has(lang) ? askedIntents(INTENTS[lang], queryWords) : 0));
    // A question that asks for an intent ("where are you") is searched for it, even in function words only.
    const functionWordLangs = langs.filter((lang, at) => this.#languages.has(lang) && asked[at] === 0 && analyzeText(query.text, lang).length === 0);
    if (queryWords.length > 0 && functionWordLangs.length > 0) {
      return this.#searchFunctionWords(queryWords, functionWordLangs, query.type, count);
    }

    const ranked: Ranked[] = [];
    for (const lang of langs) {
      const language = this.#languages.get(lang);
      if (!language) continue;
      const bits = asked[langs.indexOf(lang)]!;
      let asking: { words: Set<string>; means: string[] } | undefined;
      if (bits !== 0) {
        asking = { words: new Set<string>(), means: [] };
        askedIntents(language.intents, queryWords, asking.words);
        for (let index = 0; index < language.intents.length; index++) if ((bits & (1 << index)) !== 0) asking.means.push(language.intents[index]!.means);
      }
      const groups = language.planner.plan(query.text, asking);
      if (groups.length > 0) ranked.push(...this.#rankLanguage(language, groups, query.type, bits));
    }
    ranked.sort(byRank);
    return this.#hits(ranked.slice(0, count));
  }

  #rankLanguage(language: Language, groups: readonly TermGroup[], type: PageType | undefined, intents: number): Ranked[] {
    const pageCount = language.pages.length;
    const masks = language.bodyMasks;
    const candidates: number[] = [];
    try {
      const bodyBits = this.#readBodies(language, groups);
      const groupBits = groups.map((group) => bitsOf(group, bodyBits));
      const places = groups.filter((group) => group.place === true);
      const weights = groups.map((group) => idf(pageCount, groupPages(language, group)) * (group.place ? PLACE_WEIGHT : 1));
      const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) * (FOUND_WEIGHT + FIELD_WEIGHT.title);
      // The candidates, each once, with Orama's BM25 (0 for one only the bodies found), in the
      // language's scratch arrays rather than a Map: nothing allocated per candidate.
      const { candidateBm25, isCandidate } = language;
      const add = (ordinal: number, bm25: number) => {
        if (isCandidate[ordinal] === 1) return;
        isCandidate[ordinal] = 1;
        candidateBm25[ordinal] = bm25;
        candidates.push(ordinal);
      };
      // Common words tell pages apart little yet scoring them in Orama means visiting every page
      // they are on: Orama is asked only for the rarer words, and the common ones still count.
      const discriminating = groups.filter((group) => !isUbiquitous(language, group));
      if (discriminating.length > 0) {
        const found = oramaCandidates(language, discriminating, type);
        for (let at = 0; at < found.length; at++) add(found[at]![0] - 1, found[at]![1]);
      } else {
        const found = titleCandidates(language, groups, type);
        for (let at = 0; at < found.length; at++) add(found[at]!.ordinal, found[at]!.score);
      }
      const inBodies = bodyCandidates(language, groupBits, weights, type);
      for (let at = 0; at < inBodies.length; at++) add(inBodies[at]!, 0);

      // Indexed loops: this runs for every query, often before it is optimised, and a for…of
      // loop run by the interpreter allocates a result object per element.
      const ranked: Ranked[] = [];
      for (let at = 0; at < candidates.length; at++) {
        const ordinal = candidates[at]!;
        const bm25 = candidateBm25[ordinal]!;
        const entry = language.pages[ordinal]!;
        const bodyTerms = masks[ordinal]!;
        const bodyPhrases = language.phraseMasks[ordinal]!;
        const fieldMask = language.fieldMasks[ordinal]!;
        let score = 0;
        for (let index = 0; index < groupBits.length; index++) {
          const weight = fieldWeight(groupBits[index]!, fieldMask, entry.terms, bodyTerms, bodyPhrases);
          // Found in the body only: a stated fact, not what the page is about.
          if (weight > 0) score += weights[index]! * (weight > FIELD_WEIGHT.body ? FOUND_WEIGHT + weight : weight) * (weight === FIELD_WEIGHT.title ? namedInTitle(groupBits[index]!.group) : 1);
        }
        score *= TYPE_WEIGHT[entry.page.type] ?? 1;
        if (places.length > 0 && entry.page.city !== undefined && !places.some((group) => matchesLine(group, entry.terms[0]!))) score *= OTHER_PLACE_WEIGHT;
        if ((entry.answers & intents) !== 0) score *= INTENT_WEIGHT;
        else if ((entry.answers & language.reserved) !== 0) score *= RESERVED_WEIGHT;
        const namesTheList = entry.listed !== undefined && groups.every((group) => matchesLine(group, entry.terms[0]!));
        if (entry.listed !== undefined && !namesTheList) score *= LISTING_WEIGHT;
        if (score > 0) ranked.push({ entry, score: totalWeight > 0 ? score / totalWeight : 0, bm25, bodyCount: language.bodyCounts[ordinal]!, groups: groupBits, bodyBits, listingBelow: entry.listed !== undefined && !namesTheList });
      }
      belowListedPages(ranked);
      ranked.sort(byRank);
      return ranked.slice(0, MAX_RESULTS);
    } finally {
      masks.fill(0);
      language.bodyCounts.fill(0);
      language.phraseMasks.fill(0);
      language.fieldMasks.fill(0);
      for (let at = 0; at < candidates.length; at++) language.isCandidate[candidates[at]!] = 0;
    }
  }

  /**
   * Follows each query term through the body postings, setting the term's bit in the mask of
   * every page whose body holds it; then, for each phrase of the query ("account manager"), the
   * phrase's bit on the pages where one section holds all its words. Returns the bits.
   */
  #readBodies(language: Language, groups: readonly TermGroup[]): BodyBits {
    const terms = new Map<string, number>();
    const phrases = new Map<Alternative, number>();
    const list: { term: PlanTerm; bit: number }[] = [];
    const { bodyMasks, bodyCounts, phraseMasks, fieldMasks } = language;
    // Like Orama's candidates, the bodies are not read for words on a large share of the pages
    // when the query has rarer words: they would cost a visit to most pages and tell little.
    const pageCount = language.pages.length;
    const hasRare = pageCount < UBIQUITY_MIN_PAGES || groups.some((group) => !isCommonInBodies(language, group));
    const skipCommon = (term: PlanTerm) => hasRare && pageCount >= UBIQUITY_MIN_PAGES && language.body.vocabulary.pagesWith(term.term, term.exact, pageCount) >= pageCount * COMMON_SHARE;
    for (const group of groups) {
      for (const alternative of group.alternatives) {
        for (const term of alternative) {
          const key = termKey(term);
          if (terms.has(key) || terms.size >= MAX_BODY_TERMS) continue;
          const bit = 1 << terms.size;
          terms.set(key, bit);
          list.push({ term, bit });
          language.fields.markPages(term.term, term.exact, fieldMasks, bit);
          if (skipCommon(term)) continue;
          language.body.markPages(term.term, term.exact, bodyMasks, bit, bodyCounts);
        }
        if (alternative.length > 1 && phrases.size < MAX_BODY_TERMS) {
          const bit = 1 << phrases.size;
          phrases.set(alternative, bit);
          language.body.markSectionsWithAll(alternative, phraseMasks, bit);
        }
      }
    }
    return { terms, phrases, list };
  }

  /**
   * The results with their matching sections: headings holding a group, and for each group found
   * in no heading, the sections whose text holds it (each term's postings on that page, found by
   * binary search).
   */
  #hits(ranked: readonly Ranked[]): SearchHit[] {
    // Per section of one page: the bits of the query terms its text holds.
    const sectionMasks = new Int32Array(LAST_SECTION + 1);
    const sectionsHit: number[] = [];
    // Heading indexes (a heading may be found by several groups), and the groups no heading
    // holds: emptied for each hit.
    const found: number[] = [];
    const bodyOnly: GroupBits[] = [];
    return ranked.map(({ entry, score, groups, bodyBits }) => {
      const { page } = entry;
      const lines = entry.terms;
      found.length = 0;
      bodyOnly.length = 0;
      // Indexed loops, as in #rankLanguage: nothing allocated per element before optimisation.
      for (let index = 0; index < groups.length; index++) {
        const group = groups[index]!;
        let inHeading = false;
        for (let line = 2; line < lines.length; line++) {
          if (matchesLine(group.group, lines[line]!)) {
            found.push(line - 2);
            inHeading = true;
          }
        }
        if (!inHeading) bodyOnly.push(group);
      }
      if (bodyOnly.length > 0) {
        const body = this.#languages.get(entry.lang)!.body;
        for (let index = 0; index < bodyBits.list.length; index++) {
          const { term, bit } = bodyBits.list[index]!;
          body.markSectionsOf(term.term, term.exact, entry.ordinal, sectionMasks, bit, sectionsHit);
        }
        for (let index = 0; index < sectionsHit.length; index++) {
          const section = sectionsHit[index]!;
          // Section 0 is what precedes the first heading. Within one section every word of a
          // phrase must be there, so term bits decide.
          if (section > 0 && bodyOnly.some((group) => matchesBodyAny(group, sectionMasks[section]!, -1))) found.push(section - 1);
          sectionMasks[section] = 0;
        }
        sectionsHit.length = 0;
      }
      // The headings found, in order, each once.
      sortNumbers(found);
      const matchingSections: string[] = [];
      const sections: { heading: string; id: string }[] = [];
      for (let at = 0; at < found.length; at++) {
        const index = found[at]!;
        if ((at > 0 && index === found[at - 1]) || index >= page.headings.length) continue;
        matchingSections.push(page.headings[index]!);
        sections.push({ heading: page.headings[index]!, id: page.headingIds[index]! });
      }
      return { page, score, matchingSections, sections };
    });
  }

  /**
   * A query made only of function words ("o nas", "who we are") names a page rather than a
   * topic. Such words are not indexed as terms (as prefixes they would match everything), so
   * they are matched here as whole words: in the title first, then in a section heading.
   */
  #searchFunctionWords(queryWords: readonly string[], langs: readonly Lang[], type: PageType | undefined, count: number): SearchHit[] {
    const hasAll = (line: string) => queryWords.every((word) => line.includes(` ${word} `));
    const scored: { entry: IndexedPage; score: number }[] = [];
    for (const lang of langs) {
      for (const entry of this.#languages.get(lang)?.pages ?? []) {
        if ((type && entry.page.type !== type) || !hasAll(entry.words)) continue;
        const titleLine = firstLine(entry.words);
        const inTitle = hasAll(titleLine);
        // A title that is little more than the query ("O nas") beats a long one that contains it.
        const titleWordCount = titleLine.split(' ').filter(Boolean).length;
        scored.push({ entry, score: inTitle ? 2 + queryWords.length / titleWordCount : 1 });
      }
    }
    scored.sort((a, b) => b.score - a.score || comparePaths(a.entry, b.entry));
    // Exact per-heading matching only for the pages returned: the words may have been spread
    // over several headings, and then the page matched neither its title nor one heading.
    const hits: SearchHit[] = [];
    for (const { entry, score } of scored) {
      const lines = entry.words.split('\n');
      const indexes = entry.page.headings.flatMap((_, index) => (hasAll(lines[index + 1] ?? '') ? [index] : []));
      if (score < 2 && indexes.length === 0) continue;
      const sections = indexes.map((index) => ({ heading: entry.page.headings[index]!, id: entry.page.headingIds[index]! }));
      hits.push({ page: entry.page, score: score + (indexes.length > 0 ? 1 : 0), matchingSections: sections.map(({ heading }) => heading), sections });
      if (hits.length === count) break;
    }
    return hits.sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1));
  }
}

/**
 * A name of three words or more typed as a page's title has it ("stała opieka analityczna") names
 * that page, where a synonym in another title ("abonament") or a shorter phrase may name several:
 * it counts once for each word past the second.
 */
function namedInTitle(group: TermGroup): number {
  const typed = group.alternatives[0]!.length;
  return typed >= 3 ? typed - 1 : 1;
}

/** Gives each listing page the ordinals of the pages it lists (paths of other languages or of no page are left out). */
function resolveListed(pages: IndexedPage[]): void {
  if (!pages.some(({ page }) => page.listing)) return;
  const ordinals = new Map(pages.map((entry) => [entry.page.path, entry.ordinal]));
  for (const entry of pages) {
    if (!entry.page.listing) continue;
    const listed: number[] = [];
    for (const path of entry.page.listed) {
      const ordinal = ordinals.get(path);
      if (ordinal !== undefined && ordinal !== entry.ordinal) listed.push(ordinal);
    }
    entry.listed = listed;
  }
}

/**
 * A listing page ranks below every page it lists that the question also found: its score is
 * lowered under the lowest of theirs.
 */
function belowListedPages(ranked: Ranked[]): void {
  for (let at = 0; at < ranked.length; at++) {
    const listing = ranked[at]!;
    if (!listing.listingBelow) continue;
    const listed = listing.entry.listed!;
    let lowest = Infinity;
    for (let other = 0; other < ranked.length; other++) if (listed.includes(ranked[other]!.entry.ordinal)) lowest = Math.min(lowest, ranked[other]!.score);
    if (lowest <= listing.score) ranked[at] = { ...listing, score: lowest * BELOW };
  }
}

/** Just below: a listing's score lowered under a page it lists. */
const BELOW = 0.999;

/** The pages the site file names for intents. */
interface SitePages {
  readonly contact: ReadonlySet<string>;
  readonly privacy: ReadonlySet<string>;
}

/** An intent of a language with its words analysed, to mark the pages that answer it while they are indexed. */
interface IntentMarks {
  readonly intent: Intent;
  readonly types: ReadonlySet<PageType>;
  readonly titleTerms: readonly PlanTerm[];
  readonly headingTerms: readonly PlanTerm[];
}

function intentMarks(lang: Lang): IntentMarks[] {
  const termsOf = (words: readonly string[] | undefined) => (words ?? []).flatMap((word) => analyzeText(word, lang)).map((term) => ({ term, exact: false }));
  return INTENTS[lang].map((intent) => ({ intent, types: new Set(intent.types), titleTerms: termsOf(intent.titleWords), headingTerms: termsOf(intent.headingWords) }));
}

/** Bits of the intents a page answers (see Intent): by its type, its price, its path, or words of its title and headings. */
function answeredIntents(marks: readonly IntentMarks[], page: Page, terms: readonly string[], sitePages: SitePages): number {
  let bits = 0;
  let headings: string | undefined;
  for (let index = 0; index < marks.length; index++) {
    const { intent, types, titleTerms, headingTerms } = marks[index]!;
    let answers =
      types.has(page.type) ||
      (intent.priced === true && page.service !== undefined) ||
      (intent.contactPage === true && sitePages.contact.has(page.path)) ||
      (intent.privacyPage === true && sitePages.privacy.has(page.path));
    for (let at = 0; !answers && at < titleTerms.length; at++) answers = holds(terms[0]!, titleTerms[at]!);
    for (let at = 0; !answers && at < headingTerms.length; at++) answers = holds(terms[0]!, headingTerms[at]!) || holds((headings ??= terms.slice(2).join('')), headingTerms[at]!);
    if (answers) bits |= 1 << index;
  }
  return bits;
}

/**
 * `analyzeText` for one language, made here rather than where a build is: a closure keeps the
 * scopes it was made in alive, and Orama's tokenizer keeps this one for the life of the index,
 * which must not keep a build's tables of words (tens of MB at 5,000 pages).
 */
function documentTerms(lang: Lang): (text: string) => string[] {
  return (text) => analyzeText(text, lang);
}

/**
 * Words between spaces, " a b " (two spaces for none), joined into one flat string: a template
 * literal or concatenation would keep each line as a chain of string pieces.
 */
function spaced(words: readonly string[]): string {
  return [' ', words.join(' '), ' '].join('');
}

/** Sorts a short list of numbers in place, ascending (Array.prototype.sort allocates a copy). */
function sortNumbers(numbers: number[]): void {
  for (let at = 1; at < numbers.length; at++) {
    const value = numbers[at]!;
    let to = at;
    for (; to > 0 && numbers[to - 1]! > value; to--) numbers[to] = numbers[to - 1]!;
    numbers[to] = value;
  }
}

/** The body index of pages indexed without one (the body thread failed). */
function bodiesHere(lang: Lang, pages: readonly IndexedPage[]): BodyIndex {
  const builder = pageBodiesBuilder(lang);
  for (const { page } of pages) builder.add(page.markdown);
  return builder.finish();
}

/** How Orama's tokenizer analyses an inserted field: `prepared` holds the page's terms while it is inserted. */
interface Analysis {
  readonly analyze: (text: string) => string[];
  prepared?: { readonly title: string[]; readonly texts: ReadonlyMap<string, string[]> } | undefined;
}

/**
 * `pages`: the pages in the order they are inserted (Orama's internal ids are 1, 2, …), whose
 * analysed field lines give Orama's scoring the terms of each field.
 */
function createDatabase(lang: Lang, analysis: Analysis, pages: readonly IndexedPage[]): PageDatabase {
  const fieldTerms = (prop: string, internalId: number): string | undefined => {
    const lines = pages[internalId - 1]?.terms;
    if (!lines) return undefined;
    if (prop === 'title') return lines[0];
    if (prop === 'description') return lines[1];
    // Orama scores an array field by its last value: the last heading.
    return lines.length > 2 ? lines[lines.length - 1] : undefined;
  };
  return create({
    schema: SCHEMA,
    // Results are ranked by score, never sorted by a field: Orama's sorter would keep every
    // page's title and description in sorted lists for nothing (time at build, memory after).
    sort: { enabled: false },
    components: {
      // Orama's scores, computed without the work we never use; only the candidates we take.
      index: topScoringIndex(CANDIDATES, fieldTerms),
      tokenizer: {
        language: lang,
        normalizationCache: new Map(),
        // Titles keep their words even when all are stop words ("O nas"). A call without a
        // property is the search term, which the planner has already analysed.
        tokenize: (raw: string, _language?: string, prop?: string) => {
          if (prop === undefined) return raw.split(' ').filter(Boolean);
          if (prop === 'title') return analysis.prepared?.title ?? analyzeQuery(raw, lang);
          return analysis.prepared?.texts.get(raw) ?? analysis.analyze(raw);
        },
      },
    },
  });
}

/**
 * Best score first; equal scores by Orama's BM25, then by how many sections of the body hold the
 * query's words, then by path, so that ties always break the same way.
 */
function byRank(a: Ranked, b: Ranked): number {
  // Comparisons rather than differences: a difference of two doubles is a number allocated per call.
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  if (a.bm25 !== b.bm25) return a.bm25 > b.bm25 ? -1 : 1;
  if (a.bodyCount !== b.bodyCount) return a.bodyCount > b.bodyCount ? -1 : 1;
  return comparePaths(a.entry, b.entry);
}

function comparePaths(a: IndexedPage, b: IndexedPage): number {
  return a.page.path < b.page.path ? -1 : a.page.path > b.page.path ? 1 : 0;
}

/**
 * Pages by Orama's BM25 for the words as typed (each group's first alternative). Synonyms are not
 * sent: Orama scores every posting of every term, and a set of ten phrases would multiply the cost
 * of a query; pages that use a synonym come from the bodies (which hold the headings and, on
 * nearly every page, the title as its level-1 heading).
 */
function oramaCandidates(language: Language, groups: readonly TermGroup[], type: PageType | undefined): readonly (readonly [internalId: number, score: number])[] {
  const terms = new Set(groups.flatMap((group) => (group.place ? group.alternatives : group.alternatives.slice(0, 1)).flatMap((alternative) => alternative.map(({ term }) => term))));
  const { database } = language;
  // Orama's full-text search, as its `search` calls the index component, without what we never
  // read of its answer (each hit's document, timings) nor its type filter (the same ids, kept):
  // a quarter of a query's allocations. The component returns the best CANDIDATES by score, then
  // internal id, which is Orama's own order; a page's internal id is its ordinal + 1.
  return database.index.search(
    database.data.index,
    [...terms].join(' '),
    database.tokenizer,
    language.pages[0]!.lang,
    language.textProperties,
    false,
    0,
    BOOST,
    BM25,
    count(database),
    type ? (language.internalIdsByType.get(type) ?? NO_IDS) : undefined,
    1,
  ) as [number, number][];
}

/** Orama's default BM25 parameters, which its `search` applies when a query names none. */
const BM25 = { k: 1.2, b: 0.75, d: 0.5 };
const NO_IDS = new Set<number>();

/** The fields Orama scores for our searches, in the order its own `search` puts them. */
function textProperties(database: PageDatabase): string[] {
  const index = database.data.index;
  const types = database.index.getSearchablePropertiesWithTypes(index);
  return database.index.getSearchableProperties(index).filter((prop) => types[prop]!.startsWith('string') && (SEARCHED as readonly string[]).includes(prop));
}

function internalIdsByType(pages: readonly IndexedPage[]): Map<PageType, Set<number>> {
  const byType = new Map<PageType, Set<number>>();
  for (const { page, ordinal } of pages) {
    const ids = byType.get(page.type) ?? new Set<number>();
    ids.add(ordinal + 1);
    byType.set(page.type, ids);
  }
  return byType;
}

/**
 * Candidates for a query made only of common words ("Miarka" on a site whose every title names
 * the company): pages whose title holds them all, shorter titles first.
 */
function titleCandidates(language: Language, groups: readonly TermGroup[], type: PageType | undefined): { ordinal: number; score: number }[] {
  // The CANDIDATES shortest titles holding every group, by length and then ordinal, kept sorted
  // while the pages are visited in ordinal order (a title of the same length does not displace one kept).
  const ordinals = new Int32Array(CANDIDATES);
  const lengths = new Int32Array(CANDIDATES);
  let kept = 0;
  for (const entry of language.pages) {
    if (type && entry.page.type !== type) continue;
    const title = entry.terms[0]!;
    if (kept === CANDIDATES && title.length >= lengths[CANDIDATES - 1]!) continue;
    let holdsAll = true;
    for (let index = 0; holdsAll && index < groups.length; index++) holdsAll = matchesLine(groups[index]!, title);
    if (!holdsAll) continue;
    let at = kept === CANDIDATES ? CANDIDATES - 1 : kept++;
    for (; at > 0 && lengths[at - 1]! > title.length; at--) {
      lengths[at] = lengths[at - 1]!;
      ordinals[at] = ordinals[at - 1]!;
    }
    lengths[at] = title.length;
    ordinals[at] = entry.ordinal;
  }
  // A title that is little more than the query ranks first (the score stands in for BM25).
  const candidates = new Array<{ ordinal: number; score: number }>(kept);
  for (let at = 0; at < kept; at++) candidates[at] = { ordinal: ordinals[at]!, score: 1 / lengths[at]! };
  return candidates;
}

/** The pages whose bodies hold the most (by weight) of the query's groups, at most CANDIDATES. */
function bodyCandidates(language: Language, groups: readonly GroupBits[], weights: readonly number[], type: PageType | undefined): number[] {
  const masks = language.bodyMasks;
  // A group of single words matches a body holding any of their bits: one AND per page.
  const wordBits = groups.map(({ group, termBits }) => (group.alternatives.every((alternative) => alternative.length === 1) ? termBits.reduce((all, bits) => all | bits, 0) : undefined));
  // The best CANDIDATES so far by score, then by ordinal, kept sorted while the pages are visited
  // in ordinal order: a page that only ties with the last one kept does not displace it.
  const ordinals = new Int32Array(CANDIDATES);
  const scores = new Float64Array(CANDIDATES);
  let kept = 0;
  for (let ordinal = 0; ordinal < masks.length; ordinal++) {
    const mask = masks[ordinal]!;
    if (mask === 0 || (type && language.pages[ordinal]!.page.type !== type)) continue;
    let score = 0;
    for (let index = 0; index < groups.length; index++) {
      const any = wordBits[index];
      const found = any === undefined ? matchesBodyAny(groups[index]!, mask, language.phraseMasks[ordinal]!) : (any & mask) !== 0;
      if (found) score += weights[index]!;
    }
    if (score <= 0 || (kept === CANDIDATES && score <= scores[CANDIDATES - 1]!)) continue;
    let at = kept === CANDIDATES ? CANDIDATES - 1 : kept++;
    for (; at > 0 && scores[at - 1]! < score; at--) {
      scores[at] = scores[at - 1]!;
      ordinals[at] = ordinals[at - 1]!;
    }
    scores[at] = score;
    ordinals[at] = ordinal;
  }
  const candidates = new Array<number>(kept);
  for (let at = 0; at < kept; at++) candidates[at] = ordinals[at]!;
  return candidates;
}

/** The bits of a group's alternatives (see GroupBits). */
function bitsOf(group: TermGroup, bits: BodyBits): GroupBits {
  const termBits: number[] = [];
  const unbitted: PlanTerm[][] = [];
  const phraseBits: number[] = [];
  for (const alternative of group.alternatives) {
    let all = 0;
    const missing: PlanTerm[] = [];
    for (const term of alternative) {
      const bit = bits.terms.get(termKey(term));
      if (bit === undefined) missing.push(term);
      else all |= bit;
    }
    termBits.push(all);
    unbitted.push(missing);
    phraseBits.push(bits.phrases.get(alternative) ?? -1);
  }
  return { group, termBits, unbitted, phraseBits, present: group.alternatives.map(() => false) };
}

/**
 * The weight of the best field a group is found in, 0 when it is in none. The words as typed
 * (the group's first alternative) weigh more than their synonyms: a page that says what the
 * person said beats one that says it otherwise, in the same field.
 */
function fieldWeight(bits: GroupBits, fieldMask: number, lines: readonly string[], bodyTerms: number, bodyPhrases: number): number {
  const { alternatives } = bits.group;
  const present = bits.present;
  // Only alternatives whose every word is somewhere in the title, description or headings (the
  // field postings' bits) are looked for line by line; a term past the bit budget is looked for.
  let anyPresent = false;
  let joined: string | undefined;
  for (let index = 0; index < alternatives.length; index++) {
    const wanted = bits.termBits[index]!;
    let found = (wanted & fieldMask) === wanted;
    const unbitted = bits.unbitted[index]!;
    for (let at = 0; at < unbitted.length; at++) found &&= holds((joined ??= lines.join(' ')), unbitted[at]!);
    present[index] = found;
    anyPresent ||= found;
  }
  const typedInBody = matchesBody(bits, 0, bodyTerms, bodyPhrases) ? FIELD_WEIGHT.body : 0;
  const asTyped = present[0] ? lineWeight(alternatives, present, 1, lines) || typedInBody : typedInBody;
  if (asTyped === FIELD_WEIGHT.title || alternatives.length === 1) return asTyped;
  const asSynonym = (anyPresent ? lineWeight(alternatives, present, alternatives.length, lines) : 0) || (matchesBodyAny(bits, bodyTerms, bodyPhrases) ? FIELD_WEIGHT.body : 0);
  return Math.max(asTyped, asSynonym * SYNONYM_WEIGHT);
}

/**
 * The weight of the best line holding one of the first `count` alternatives that are present:
 * the title, else a heading, else the description; 0 when none does.
 */
function lineWeight(alternatives: readonly Alternative[], present: readonly boolean[], count: number, lines: readonly string[]): number {
  if (holdsPresent(alternatives, present, count, lines[0]!)) return FIELD_WEIGHT.title;
  for (let index = 2; index < lines.length; index++) if (holdsPresent(alternatives, present, count, lines[index]!)) return FIELD_WEIGHT.headings;
  if (holdsPresent(alternatives, present, count, lines[1]!)) return FIELD_WEIGHT.description;
  return 0;
}

/** Whether the line holds one of the first `count` alternatives that are present. */
function holdsPresent(alternatives: readonly Alternative[], present: readonly boolean[], count: number, line: string): boolean {
  for (let index = 0; index < count; index++) if (present[index] && matchesAlternative(alternatives[index]!, line)) return true;
  return false;
}

/** Whether a line of terms holds one of the group's alternatives, a phrase as consecutive words. */
function matchesLine(group: TermGroup, line: string): boolean {
  const { alternatives } = group;
  for (let index = 0; index < alternatives.length; index++) if (matchesAlternative(alternatives[index]!, line)) return true;
  return false;
}

function matchesAlternative(alternative: Alternative, line: string): boolean {
  return alternative.length === 1 ? holds(line, alternative[0]!) : holdsPhrase(line, alternative);
}

/**
 * Whether a line of terms (" t1 t2 … ") holds the term: a word starting with it, or the word
 * itself when `exact`. Found in place: building " term" to search for would allocate a string
 * per candidate and group, the most of what a query allocated.
 */
function holds(line: string, { term, exact, partOf }: PlanTerm): boolean {
  for (let at = line.indexOf(term, 1); at !== -1; at = line.indexOf(term, at + 1)) {
    if (line.charCodeAt(at - 1) === SPACE && (!exact || line.charCodeAt(at + term.length) === SPACE) && (partOf === undefined || !insideName(line, at, partOf))) return true;
  }
  return false;
}

/** Whether the word of a line of terms starting at `at` is a word of one of these multi-word names there. */
function insideName(line: string, at: number, names: readonly NameAround[]): boolean {
  for (let index = 0; index < names.length; index++) {
    const { before, after } = names[index]!;
    let matches = true;
    // The words after it, each starting with the name's term.
    for (let next = line.indexOf(' ', at) + 1, word = 0; matches && word < after.length; word++) {
      matches = next > 0 && next < line.length && line.startsWith(after[word]!, next);
      next = line.indexOf(' ', next) + 1;
    }
    // The words before it, from the nearest back.
    for (let end = at - 1, word = before.length - 1; matches && word >= 0; word--) {
      const start = line.lastIndexOf(' ', end - 1) + 1;
      matches = end > 0 && start < end && line.startsWith(before[word]!, start);
      end = start - 1;
    }
    if (matches) return true;
  }
  return false;
}

/** Whether a line of terms holds the phrase's terms as consecutive words. */
function holdsPhrase(line: string, phrase: Alternative): boolean {
  for (let index = 0; index < phrase.length; index++) if (!holds(line, phrase[index]!)) return false;
  // From each word's start (every word follows a space), the phrase's terms word by word.
  for (let start = line.indexOf(' ') + 1; start > 0 && start < line.length; start = line.indexOf(' ', start) + 1) {
    let at = start;
    let matched = 0;
    for (; matched < phrase.length; matched++) {
      const end = line.indexOf(' ', at);
      if (end === -1 || !fitsWord(line, at, end, phrase[matched]!)) break;
      at = end + 1;
    }
    if (matched === phrase.length) return true;
  }
  return false;
}

/** Whether the word of `line` between `start` and `end` is the term (`exact`) or starts with it. */
function fitsWord(line: string, start: number, end: number, { term, exact }: PlanTerm): boolean {
  return (exact ? end - start === term.length : end - start >= term.length) && line.startsWith(term, start);
}

const SPACE = 32;

/**
 * Whether a body (or one section of it) holds the group's alternative: every term's bit in
 * `terms`, and a phrase's bit in `phrases` (its words in one section). A term without a bit is
 * never found.
 */
function matchesBody(bits: GroupBits, alternative: number, terms: number, phrases: number): boolean {
  if (terms === 0 || bits.unbitted[alternative]!.length > 0) return false;
  const wanted = bits.termBits[alternative]!;
  if ((wanted & terms) !== wanted) return false;
  return bits.group.alternatives[alternative]!.length === 1 || (bits.phraseBits[alternative]! & phrases) !== 0;
}

/** Whether a body holds one of the group's alternatives. */
function matchesBodyAny(bits: GroupBits, terms: number, phrases: number): boolean {
  for (let alternative = 0; alternative < bits.termBits.length; alternative++) if (matchesBody(bits, alternative, terms, phrases)) return true;
  return false;
}

function termKey({ term, exact }: PlanTerm): string {
  return exact ? `=${term}` : term;
}

/**
 * Pages holding the group as typed, for its weight, counted by its rarest term. Counted in titles, descriptions and headings, where a page says what it is about;
 * in bodies only for words that are in no such field. A city that every page lists in its body
 * ("we work in Kraków, Łódź, …") is still a rare word in titles, and decides a query.
 */
function groupPages(language: Language, group: TermGroup): number {
  const cap = language.pages.length;
  // The words as typed decide how telling the group is; synonyms only widen what it matches.
  const typed = group.alternatives[0] ?? [];
  let rarest = cap;
  for (const { term, exact } of typed) {
    const inFields = language.vocabulary.pagesWith(term, exact, cap);
    rarest = Math.min(rarest, inFields > 0 ? inFields : language.body.vocabulary.pagesWith(term, exact, cap));
  }
  return rarest;
}

/** Inverse document frequency, as in BM25: a word on few pages tells more than one on many. */
function idf(pages: number, pagesWithGroup: number): number {
  return Math.log(1 + (pages - pagesWithGroup + 0.5) / (pagesWithGroup + 0.5));
}

/** Whether every term of the group is common in titles, descriptions and headings. */
function isUbiquitous(language: Language, group: TermGroup): boolean {
  const pages = language.pages.length;
  // On a small site every query is cheap, and BM25 orders the few pages well enough.
  if (pages < UBIQUITY_MIN_PAGES) return false;
  return group.alternatives.every((alternative: Alternative) => alternative.every(({ term }) => language.vocabulary.occursOnAtLeast(term, pages * COMMON_SHARE)));
}

/** Whether every term of the group is on at least COMMON_SHARE of the language's page bodies. */
function isCommonInBodies(language: Language, group: TermGroup): boolean {
  const pages = language.pages.length;
  return group.alternatives.every((alternative) => alternative.every(({ term, exact }) => language.body.vocabulary.pagesWith(term, exact, pages) >= pages * COMMON_SHARE));
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

function words(text: string): string[] {
  return tokenizeWords(foldText(text));
}
