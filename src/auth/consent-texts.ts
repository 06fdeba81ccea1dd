import { bindSingleLetterWords } from '../text/typography.js';

/** The languages the consent page is written in. */
export const CONSENT_LANGUAGES = ['pl', 'en'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];

/**
 * Every sentence of the consent page, per language. Values ending in HTML are already safe
 * (our own words); the functions take already-escaped HTML for the client and company names.
 * The Polish sentences do not depend on the company's grammatical gender ("strona firmy X")
 * nor on the reader's ("przeglądarka przejdzie", not "zostaniesz przekierowany").
 */
export interface ConsentTexts {
  /** `<title>`: plain text, escaped by the layout. */
  readonly title: (client: string, company: string) => string;
  readonly heading: (clientHtml: string, companyHtml: string) => string;
  readonly unnamedClient: string;
  readonly scope: string;
  readonly grants: readonly string[];
  readonly limits: string;
  readonly sentTo: (destinationHtml: string) => string;
  readonly appForScheme: (scheme: string) => string;
  readonly warning: string;
  readonly approve: string;
  readonly deny: string;
}

const pl = (text: string) => bindSingleLetterWords(text);

export const CONSENT_TEXTS: Readonly<Record<ConsentLanguage, ConsentTexts>> = {
  pl: {
    title: (client, company) => pl(`Pozwolić aplikacji ${client} na odczyt strony firmy ${company}?`),
    heading: (client, company) => `Pozwolić aplikacji ${client} na odczyt opublikowanej strony firmy ${company}?`,
    unnamedClient: 'bez nazwy',
    scope: pl('Otrzyma token z zakresem <code>site:read</code>, który pozwala:'),
    grants: [pl('wyszukiwać i czytać strony, usługi i opublikowane ceny, które może zobaczyć każdy;'), pl('wysyłać więcej zapytań (wyższy limit).')],
    limits: pl('Nie daje dostępu do niczego, co nie jest publiczne, i nie dotyczy żadnego konta ani danych osobowych. Token jest ważny godzinę, a aplikacja może go odnowić.'),
    sentTo: (destination) => pl(`Po wyborze przeglądarka przejdzie do ${destination}:`),
    appForScheme: (scheme) => `aplikacji obsługującej linki ${scheme}`,
    warning: pl('Nazwę podała sama aplikacja. Jeśli ta prośba nie pochodzi z aplikacji, której ufasz, albo adres powyżej nie jest tym, którego się spodziewasz, wybierz „Odmów”.'),
    approve: 'Zezwól',
    deny: 'Odmów',
  },
  en: {
    title: (client, company) => `Allow ${client} to read ${company}'s website?`,
    heading: (client, company) => `Allow ${client} to read ${company}'s published website?`,
    unnamedClient: 'an application that gave no name',
    scope: 'It will get a token for the scope <code>site:read</code>:',
    grants: ['search and read the pages, services and published prices that anyone can see;', 'a higher rate limit for its requests.'],
    limits: 'It unlocks nothing that is not public, and no account or personal data is involved. The token is valid for one hour and can be renewed by the application.',
    sentTo: (destination) => `After you choose, you will be sent to ${destination}:`,
    appForScheme: (scheme) => `the app that handles ${scheme} links`,
    warning: 'The application chose its own name. If you did not start this from an application you trust, or the address above is not the one you expect, deny.',
    approve: 'Approve',
    deny: 'Deny',
  },
};

/**
 * The consent page's language: the first of `ui_locales` (OpenID Connect's space-separated
 * BCP 47 list, which OAuth clients also send) that the page is written in, by primary subtag;
 * else the best of the browser's Accept-Language (`acceptsLanguages`, Express's negotiator);
 * else the site's default language when the page has it; else English.
 */
export function consentLanguage(uiLocales: string | undefined, acceptsLanguages: (languages: string[]) => string | false, siteDefault: string): ConsentLanguage {
  const supported = (tag: string) => CONSENT_LANGUAGES.find((lang) => lang === tag.toLowerCase().split('-')[0]);
  for (const tag of uiLocales?.split(/\s+/) ?? []) {
    const lang = supported(tag);
    if (lang !== undefined) return lang;
  }
  const accepted = acceptsLanguages([...CONSENT_LANGUAGES]);
  return (accepted === false ? undefined : supported(accepted)) ?? supported(siteDefault) ?? 'en';
}
