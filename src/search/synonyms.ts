import type { Lang } from '../content/schema.js';

/**
 * Words people use for what the site names otherwise, per language: each set lists phrases that
 * mean the same thing to someone looking for an analytics agency. A query phrase of a set also
 * matches pages that use any other phrase of the set (a person says "cookie banner", the site
 * says "Consent Mode" and "CMP"). Phrases are matched after analysis, so inflected forms and
 * missing diacritics meet too ("baneru zgód" is "baner zgody").
 *
 * Data, not rules. A site adds its own sets in `search.synonyms` of its site file
 * (docs/content-format.md); they are added to these, never replacing them.
 */
export type SynonymSets = Readonly<Partial<Record<Lang, readonly (readonly string[])[]>>>;

/**
 * The same law, tax, register or product under its Polish and English names and abbreviations,
 * added to the sets of both languages: a Polish page may say "GDPR", an English question "RODO".
 */
const BOTH_LANGUAGES: readonly (readonly string[])[] = [
  ['vat', 'podatek vat', 'podatek od towarów i usług', 'value added tax'],
  ['nip', 'numer nip', 'numer identyfikacji podatkowej', 'tax id', 'tax identification number', 'vat id', 'vat number'],
  ['ksef', 'krajowy system e faktur', 'e faktura', 'e faktury', 'national e invoicing system', 'e invoicing', 'e invoice'],
  ['regon', 'numer regon', 'business registry number'],
  ['krs', 'krajowy rejestr sądowy', 'national court register'],
  ['ceidg', 'centralna ewidencja i informacja o działalności gospodarczej'],
  ['jpk', 'jednolity plik kontrolny', 'standard audit file for tax', 'saf t'],
  ['dsa', 'digital services act', 'akt o usługach cyfrowych'],
  ['dma', 'digital markets act', 'akt o rynkach cyfrowych'],
];

export const BUILT_IN_SYNONYMS: SynonymSets = {
  en: [
    ...BOTH_LANGUAGES,
    // Consent management.
    ['consent mode', 'cookie banner', 'cookie consent', 'consent banner', 'cmp', 'consent management platform', 'cookie popup', 'cookies', 'eprivacy', 'eu privacy rules', 'privacy rules', 'cookie law'],
    ['gdpr', 'privacy', 'data protection', 'rodo', 'general data protection regulation', 'ogólne rozporządzenie o ochronie danych'],
    // Tag management.
    ['gtm', 'google tag manager', 'tag manager', 'tags'],
    ['server side tagging', 'sgtm', 'server side gtm', 'server container', 'first party tracking'],
    // Analytics.
    ['ga4', 'google analytics 4', 'google analytics', 'ga', 'analytics setup', 'analytics implementation'],
    ['tracking', 'measurement', 'tracking setup'],
    ['app analytics', 'mobile app', 'firebase', 'ios', 'android'],
    // Ad pixels and conversion APIs.
    ['meta conversions api', 'capi', 'conversions api', 'facebook conversions api', 'facebook pixel', 'meta pixel'],
    ['google ads conversion tracking', 'adwords', 'google ads', 'ppc conversions', 'enhanced conversions'],
    ['conversion', 'conversions', 'sales tracking', 'leads tracking'],
    // Reports and dashboards.
    ['looker studio', 'data studio', 'dashboard', 'dashboards', 'report', 'reports', 'reporting', 'kpi'],
    ['training', 'course', 'courses', 'workshop', 'workshops', 'teach', 'lessons'],
    ['ongoing analytics care', 'retainer', 'support', 'maintenance', 'monthly care', 'subscription', 'look after', 'looking after', 'every month'],
    ['audit', 'check', 'review', 'health check', 'inspection', 'mess'],
    // AI visibility.
    ['ai visibility', 'chatgpt', 'perplexity', 'ai assistants', 'llm', 'geo', 'generative engine optimisation'],
    // Prices.
    // "how much" is not here: it asks for a price (src/search/intents.ts), and as a synonym its
    // only word, "much", matched every "How much … costs" heading.
    ['price', 'prices', 'pricing', 'cost', 'costs', 'fee', 'fees', 'rates', 'quote', 'budget'],
    ['implementation', 'setup', 'set up', 'configuration', 'deployment', 'rollout'],
    // Contact and location.
    ['contact', 'address', 'office', 'location', 'phone', 'email', 'e mail', 'reach', 'get in touch', 'call', 'headquarters'],
    ['account manager', 'client manager', 'contact person', 'point of contact'],
    ['case studies', 'case study', 'portfolio', 'references', 'clients', 'results', 'examples'],
    ['events', 'webinar', 'webinars', 'meetup', 'conference'],
    ['ecommerce', 'online shop', 'online store', 'shop', 'store'],
  ],
  pl: [
    ...BOTH_LANGUAGES,
    // Zarządzanie zgodami.
    ['consent mode', 'baner zgody', 'baner cookies', 'baner cookie', 'zgody na cookies', 'zgoda na cookies', 'cmp', 'zarządzanie zgodami', 'ciasteczka', 'cookies', 'zgody', 'eprivacy', 'przepisy o cookies', 'prawo telekomunikacyjne'],
    ['rodo', 'gdpr', 'prywatność', 'ochrona danych', 'dane osobowe', 'ogólne rozporządzenie o ochronie danych', 'general data protection regulation'],
    // Zarządzanie tagami.
    ['gtm', 'google tag manager', 'tag manager', 'menedżer tagów', 'menedżer tagów google', 'tagi'],
    ['server side tagging', 'sgtm', 'server side gtm', 'kontener serwerowy', 'tagowanie po stronie serwera', 'śledzenie po stronie serwera'],
    // Analityka.
    ['ga4', 'google analytics 4', 'google analytics', 'ga', 'analityka', 'analityczny', 'analityczna', 'konfiguracja analityki'],
    ['śledzenie', 'pomiar', 'mierzenie', 'tracking'],
    ['analityka aplikacji', 'aplikacja mobilna', 'aplikacji mobilnej', 'firebase', 'ios', 'android'],
    // Piksele reklamowe i API konwersji.
    ['meta conversions api', 'capi', 'conversions api', 'api konwersji', 'piksel facebooka', 'pixel facebooka', 'meta pixel', 'piksel meta'],
    ['konwersje google ads', 'adwords', 'google ads', 'konwersje w reklamach google', 'rozszerzone konwersje'],
    ['konwersje', 'konwersja', 'sprzedaż', 'leady'],
    // Raporty i dashboardy.
    ['looker studio', 'data studio', 'dashboard', 'dashboardy', 'raport', 'raporty', 'raportowanie', 'kpi', 'zestawienia'],
    ['szkolenia', 'szkolenie', 'kurs', 'kursy', 'warsztaty', 'nauka'],
    ['stała opieka analityczna', 'abonament', 'wsparcie', 'opieka', 'utrzymanie', 'opieka miesięczna', 'pilnować', 'pilnowanie', 'co miesiąc'],
    ['audyt', 'sprawdzenie', 'przegląd', 'bałagan'],
    // Widoczność w AI.
    ['widoczność w ai', 'chatgpt', 'perplexity', 'asystenci ai', 'llm', 'geo'],
    // Ceny.
    ['cennik', 'cena', 'ceny', 'koszt', 'koszty', 'wycena', 'stawki', 'budżet'],
    ['wdrożenie', 'konfiguracja', 'implementacja', 'uruchomienie', 'ustawienie'],
    // Kontakt i lokalizacja.
    ['kontakt', 'skontaktować', 'adres', 'biuro', 'siedziba', 'telefon', 'e mail', 'mail', 'zadzwonić', 'napisać', 'lokalizacja'],
    ['opiekun klienta', 'opiekunka klientów', 'opiekun', 'opiekunka', 'osoba kontaktowa', 'account manager'],
    ['realizacje', 'case study', 'portfolio', 'referencje', 'klienci', 'efekty', 'przykłady'],
    ['wydarzenia', 'webinar', 'webinary', 'wydarzenie', 'spotkanie', 'konferencja'],
    ['e commerce', 'sklep internetowy', 'sklep', 'sklepu'],
  ],
};
