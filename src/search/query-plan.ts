import type { Lang } from '../content/schema.js';
import type { PlaceNames } from './place-names.js';
import { MULTI_WORD_NAMES } from './names.js';
import type { SynonymSets } from './synonyms.js';
import { analyzeText, isStopWord, stemWord } from './text/analyze.js';
import { foldText } from './text/fold.js';
import { ENGLISH_QUERY_WORDS, POLISH_QUERY_WORDS } from './text/query-words.js';
import { tokenizeWords } from './text/tokenize.js';

/** A term to look for: as a prefix (what the person typed) or as the whole word (a synonym). */
export interface PlanTerm {
  readonly term: string;
  readonly exact: boolean;
  /**
   * Multi-word names the word is part of (src/search/names.ts), as the terms before and after it:
   * an occurrence inside one of them is not the word ("biuro" in "biuro podróży").
   */
  readonly partOf?: readonly NameAround[] | undefined;
}
/** The terms of a multi-word name before and after one of its words. */
export interface NameAround {
  readonly before: readonly string[];
  readonly after: readonly string[];
}
/** Terms that must all be found in one field (a word, or a phrase such as "google tag manager"). */
export type Alternative = readonly PlanTerm[];
/** One thing the query asks about: it matches a field when any of its alternatives does. */
export interface TermGroup {
  readonly alternatives: readonly Alternative[];
  /** The word is one of the site's place names (typed right or with a slip). */
  readonly place?: boolean;
}

const QUERY_WORDS: Readonly<Record<Lang, ReadonlySet<string>>> = { pl: POLISH_QUERY_WORDS, en: ENGLISH_QUERY_WORDS };
/** Word groups remembered per language (then forgotten all at once). */
const PLANNED_WORDS = 10_000;
/** Only words this long are corrected: one edit in a short word makes a different word. */
const MIN_TYPO_LENGTH = 5;

/** What the planner needs to know of the index for one language. */
export interface PlanVocabulary {
  /** Whether some indexed word of this language starts with the term. */
  knows(term: string): boolean;
  /** Indexed words of this language one edit away. */
  corrections(term: string): string[];
  /** Whether the folded word is a word of another language of the site. */
  knownElsewhere(word: string): boolean;
}

interface SynonymRule {
  readonly stems: readonly string[];
  readonly alternatives: readonly Alternative[];
}

/**
 * Turns a query into the groups of terms that decide which pages answer it, for one language:
 * question and filler words dropped (when the query has other words), phrases of a synonym set
 * expanded to every phrase of the set, place names typed with a slip and other words with one
 * typo corrected. The rest of a word is looked for as typed (its stem, as a prefix).
 */
export class QueryPlanner {
  readonly #lang: Lang;
  readonly #vocabulary: PlanVocabulary;
  readonly #places: PlaceNames;
  /** Synonym phrases by their first stem, longest first. */
  readonly #rules = new Map<string, SynonymRule[]>();
  /** Multi-word names, analysed, with the position of their word that means something else on its own. */
  readonly #names: readonly { readonly stems: readonly string[]; readonly at: number }[];
  /** The same names by their first stem, for the query's words. */
  readonly #namesByFirst = new Map<string, (readonly string[])[]>();

  constructor(lang: Lang, synonyms: readonly SynonymSets[], places: PlaceNames, vocabulary: PlanVocabulary) {
    this.#lang = lang;
    this.#vocabulary = vocabulary;
    this.#places = places;
    this.#names = MULTI_WORD_NAMES[lang].flatMap(([name, word]) => {
      const stems = analyzeText(name, lang);
      const at = stems.indexOf(analyzeText(word, lang)[0] ?? '');
      return stems.length > 1 && at !== -1 ? [{ stems, at }] : [];
    });
    for (const { stems } of this.#names) this.#namesByFirst.set(stems[0]!, [...(this.#namesByFirst.get(stems[0]!) ?? []), stems]);
    for (const sets of synonyms) {
      for (const set of sets[lang] ?? []) {
        const phrases = set.map((phrase) => analyzeText(phrase, lang)).filter((stems) => stems.length > 0);
        const alternatives = phrases.map((stems) => (stems.length === 1 ? [this.#term(stems[0]!, true)] : stems.map((term) => ({ term, exact: true }))));
        for (const stems of phrases) {
          const rules = this.#rules.get(stems[0]!) ?? [];
          rules.push({ stems, alternatives });
          rules.sort((a, b) => b.stems.length - a.stems.length);
          this.#rules.set(stems[0]!, rules);
        }
      }
    }
  }

  /**
   * The query's groups; empty when it has no word but stop words (see `searchFunctionWords`).
   * `asking`: folded words that asked for an intent (src/search/intents.ts) and what those intents
   * mean. Such a word that is in no synonym set ("działa", "where", "broken") is dropped like a
   * filler word: the intent decides, not pages that happen to use the word. When nothing else is
   * left, those words are kept and the intents' meanings added ("gdzie jesteście" asks for "kontakt").
   */
  plan(text: string, asking?: { readonly words: ReadonlySet<string>; readonly means: readonly string[] }): TermGroup[] {
    const lang = this.#lang;
    const words = tokenizeWords(foldText(text)).filter((word) => !isStopWord(word, lang) && (word.length > 1 || /\p{N}/u.test(word)));
    const stems = words.map((word) => stemWord(word, lang));
    const groups: TermGroup[] = [];
    const fillers: number[] = [];
    const seen = new Set<string>();
    for (let at = 0; at < words.length; ) {
      // A multi-word name typed whole is asked for as a phrase, never as its words' synonyms.
      const name = this.#namesByFirst.get(stems[at]!)?.find((candidate) => candidate.every((stem, offset) => stems[at + offset] === stem));
      if (name) {
        const key = `=${name.join(' ')}`;
        if (!seen.has(key)) groups.push({ alternatives: [name.map((term) => ({ term, exact: false }))] });
        seen.add(key);
        at += name.length;
        continue;
      }
      const rule = this.#rules.get(stems[at]!)?.find((candidate) => candidate.stems.every((stem, offset) => stems[at + offset] === stem));
      if (rule) {
        const typed = rule.stems.length === 1 ? [this.#term(stems[at]!, false)] : stems.slice(at, at + rule.stems.length).map((term) => ({ term, exact: false }));
        const key = `=${typed.map(({ term }) => term).join(' ')}`;
        if (!seen.has(key)) groups.push({ alternatives: [typed, ...rule.alternatives] });
        seen.add(key);
        at += rule.stems.length;
        continue;
      }
      if (QUERY_WORDS[lang].has(words[at]!) || asking?.words.has(words[at]!) === true) fillers.push(at);
      else if (!seen.has(stems[at]!)) {
        seen.add(stems[at]!);
        groups.push(this.#wordGroup(words[at]!, stems[at]!));
      }
      at++;
    }
    // A query of filler words only ("help", "pomoc") still asks for them; one that asks for an
    // intent and nothing else asks for its words and what the intent means.
    if (groups.length === 0 && asking !== undefined && asking.means.length > 0) return this.plan([text, ...asking.means].join(' '));
    if (groups.length === 0) {
      for (const at of fillers) {
        if (seen.has(stems[at]!)) continue;
        seen.add(stems[at]!);
        groups.push(this.#wordGroup(words[at]!, stems[at]!));
      }
    }
    return groups;
  }

  /**
   * Word groups already planned: looking for corrections walks a share of the vocabulary, and
   * agents repeat the words of their questions. The index never changes, so a group stays right.
   */
  readonly #planned = new Map<string, TermGroup>();

  #wordGroup(word: string, stem: string): TermGroup {
    let group = this.#planned.get(word);
    if (!group) {
      if (this.#planned.size >= PLANNED_WORDS) this.#planned.clear();
      this.#planned.set(word, (group = this.#planWord(word, stem)));
    }
    return group;
  }

  /** A term to look for, with the multi-word names it would also match a word of. */
  #term(term: string, exact: boolean): PlanTerm {
    const partOf: NameAround[] = [];
    for (const { stems: name, at } of this.#names) {
      if (exact ? name[at] === term : name[at]!.startsWith(term)) partOf.push({ before: name.slice(0, at), after: name.slice(at + 1) });
    }
    return partOf.length > 0 ? { term, exact, partOf } : { term, exact };
  }

  #planWord(word: string, stem: string): TermGroup {
    const vocabulary = this.#vocabulary;
    if (vocabulary.knows(stem)) return { alternatives: [[this.#term(stem, false)]], place: this.#places.has(word) };
    if (vocabulary.knownElsewhere(word)) return { alternatives: [[this.#term(stem, false)]] };
    const places = this.#places.match(word).flatMap((place) => analyzeText(place, this.#lang));
    if (places.length > 0) return { alternatives: places.map((term) => [{ term, exact: false }]), place: true };
    if (stem.length >= MIN_TYPO_LENGTH) {
      const corrections = vocabulary.corrections(stem);
      if (corrections.length > 0) return { alternatives: corrections.map((term) => [{ term, exact: true }]) };
    }
    return { alternatives: [[this.#term(stem, false)]] };
  }
}
