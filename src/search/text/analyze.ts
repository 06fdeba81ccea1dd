/**
 * Text analysis for the search index: the one place that turns a title, a description, a
 * heading or a query into index terms, so documents and queries always meet the same way.
 *
 * fold → tokenize → drop stop words and single letters → stem by language.
 */
import { foldText } from './fold.js';
import { stemEnglish } from './stem-english.js';
import { stemPolish } from './stem-polish.js';
import { ENGLISH_STOP_WORDS, POLISH_STOP_WORDS } from './stopwords.js';
import { tokenizeWords } from './tokenize.js';

/** The site's two languages (the same union as the content schema's `Lang`). */
export type TextLang = 'pl' | 'en';

interface LanguageAnalysis {
  readonly stopWords: ReadonlySet<string>;
  readonly stem: (word: string) => string;
}

const ANALYSIS: Readonly<Record<TextLang, LanguageAnalysis>> = {
  pl: { stopWords: POLISH_STOP_WORDS, stem: stemPolish },
  en: { stopWords: ENGLISH_STOP_WORDS, stem: stemEnglish },
};

/** Codes and versions ("ga4", "v2", "4xx", "2024") are not inflected words. */
const HAS_DIGIT = /\p{N}/u;

/**
 * Index terms of a document text, in order (repeats kept: callers decide about dedup). Stop
 * words of the language and single letters are dropped: Orama matches query terms as prefixes,
 * so they would match nearly everything. Single digits stay ("Krok 1").
 */
export function analyzeText(text: string, lang: TextLang): string[] {
  return contentTerms(tokenizeWords(foldText(text)), ANALYSIS[lang]);
}

/**
 * Query terms, analysed like document text. When every word of the query is a stop word or a
 * single letter ("o nas", "w", "who we are"), they are kept instead, folded but not stemmed
 * (stemming function words only shortens them: "are" → "ar"), so the query still asks for
 * something rather than for nothing.
 */
export function analyzeQuery(text: string, lang: TextLang): string[] {
  return queryTerms(tokenizeWords(foldText(text)), lang);
}

/** `analyzeQuery` of a text whose folded words (`tokenizeWords(foldText(text))`) are `tokens`. */
export function queryTerms(tokens: readonly string[], lang: TextLang): string[] {
  const terms = contentTerms(tokens, ANALYSIS[lang]);
  return terms.length > 0 ? terms : [...tokens];
}

/**
 * The term of one folded token, or undefined for a token that is dropped (a stop word, a
 * single letter): what `analyzeText` makes of it.
 */
export function termOfToken(token: string, lang: TextLang): string | undefined {
  const [term] = contentTerms([token], ANALYSIS[lang]);
  return term;
}

/** Whether a folded word is a stop word of the language. */
export function isStopWord(word: string, lang: TextLang): boolean {
  return ANALYSIS[lang].stopWords.has(word);
}

/** The stem of one folded word, as analysis would index it (codes with digits unchanged). */
export function stemWord(word: string, lang: TextLang): string {
  return HAS_DIGIT.test(word) ? word : ANALYSIS[lang].stem(word);
}

/** Stems of the tokens that are neither stop words nor single letters. */
function contentTerms(tokens: readonly string[], analysis: LanguageAnalysis): string[] {
  const terms: string[] = [];
  for (const token of tokens) {
    if (analysis.stopWords.has(token)) continue;
    const hasDigit = HAS_DIGIT.test(token);
    if (hasDigit) terms.push(token);
    else if (token.length > 1) terms.push(analysis.stem(token));
  }
  return terms;
}
