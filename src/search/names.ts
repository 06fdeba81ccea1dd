import type { Lang } from '../content/schema.js';

/**
 * Names made of several words, one of which is also a word of its own that people ask about: an
 * office ("biuro") as the company's seat, and the same word inside a travel agency's name ("biuro
 * podróży"). A query word matches such a word only outside the name (a page about a travel agency
 * does not answer "gdzie macie biuro"), and a query that holds the whole name asks for it as a
 * phrase. Data, per language, written plainly: inflection and diacritics do not matter.
 */
export const MULTI_WORD_NAMES: Readonly<Record<Lang, readonly string[]>> = {
  pl: [
    'biuro podróży', 'biuro rachunkowe', 'biuro tłumaczeń', 'biuro nieruchomości', 'biuro projektowe', 'biuro prasowe',
    'biuro rzeczy znalezionych', 'urząd skarbowy', 'agencja pracy', 'agencja nieruchomości', 'agencja ubezpieczeniowa',
    'agencja reklamowa', 'agencja turystyczna', 'kontrola skarbowa', 'opieka zdrowotna', 'opieka medyczna',
  ],
  en: [
    'travel agency', 'travel office', 'box office', 'post office', 'home office', 'front office', 'back office', 'tax office',
    'office supplies', 'office chair', 'real estate agency', 'employment agency', 'advertising agency', 'insurance agency',
    'health care', 'child care', 'customer care',
  ],
};
