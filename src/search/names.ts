import type { Lang } from '../content/schema.js';

/**
 * Names made of several words, one of which is also a word of its own that people ask about: an
 * office ("biuro") as the company's seat, and the same word inside a travel agency's name ("biuro
 * podróży"). That word of a query matches such a word only outside the name (a page about a
 * travel agency does not answer "gdzie macie biuro"); the name's other words keep their meaning
 * ("travel" in "travel agency" is still travel); a query that holds the whole name asks for it as
 * a phrase. Data, per language: the name, and its word that means something else on its own,
 * written plainly (inflection and diacritics do not matter).
 */
export const MULTI_WORD_NAMES: Readonly<Record<Lang, readonly (readonly [name: string, word: string])[]>> = {
  pl: [
    ['biuro podróży', 'biuro'], ['biuro rachunkowe', 'biuro'], ['biuro tłumaczeń', 'biuro'], ['biuro nieruchomości', 'biuro'],
    ['biuro projektowe', 'biuro'], ['biuro prasowe', 'biuro'], ['biuro rzeczy znalezionych', 'biuro'], ['agencja pracy', 'agencja'],
    ['agencja nieruchomości', 'agencja'], ['agencja ubezpieczeniowa', 'agencja'], ['agencja turystyczna', 'agencja'],
    ['opieka zdrowotna', 'opieka'], ['opieka medyczna', 'opieka'], ['kontrola skarbowa', 'kontrola'],
  ],
  en: [
    ['travel agency', 'agency'], ['travel office', 'office'], ['box office', 'office'], ['post office', 'office'], ['home office', 'office'],
    ['front office', 'office'], ['back office', 'office'], ['tax office', 'office'], ['office supplies', 'office'], ['office chair', 'office'],
    ['real estate agency', 'agency'], ['employment agency', 'agency'], ['insurance agency', 'agency'], ['health care', 'care'],
    ['child care', 'care'], ['customer care', 'care'],
  ],
};
