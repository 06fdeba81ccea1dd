import { message, type MessageKey, type MessageValues } from '../messages/catalog.js';
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

/** The consent page's words in `lang`, from the catalogs (`consent.*`); Polish one-letter words bound where the text is ours alone. */
function consentTexts(lang: ConsentLanguage): ConsentTexts {
  const say = (key: MessageKey, values?: MessageValues) => message(lang, key, values);
  const bound = (key: MessageKey, values?: MessageValues) => (lang === 'pl' ? bindSingleLetterWords(say(key, values)) : say(key, values));
  return {
    title: (client, company) => bound('consent.title', { client, company }),
    heading: (client, company) => say('consent.heading', { client, company }),
    unnamedClient: say('consent.unnamedClient'),
    scope: bound('consent.scope'),
    grants: [bound('consent.grantRead'), bound('consent.grantLimit')],
    limits: bound('consent.limits'),
    sentTo: (destination) => bound('consent.sentTo', { destination }),
    appForScheme: (scheme) => say('consent.appForScheme', { scheme }),
    warning: bound('consent.warning'),
    approve: say('consent.approve'),
    deny: say('consent.deny'),
  };
}

export const CONSENT_TEXTS: Readonly<Record<ConsentLanguage, ConsentTexts>> = { pl: consentTexts('pl'), en: consentTexts('en') };

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
