/**
 * Issue 30: agents often read only the first result, so it must be the page a person who knows
 * the site would open. What decides first place when several pages match: the question's intent
 * (a price, the contact, help with what does not work), the page type, listing pages below the
 * pages they list, and multi-word names that are not their words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { searchSettings } from '../../src/search/search-settings.js';
import { testPage } from '../helpers/pages.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let index: SearchIndex;
const first = (text: string, lang: 'pl' | 'en') => index.search({ text, lang, limit: 1 })[0];
const top = (text: string, lang: 'pl' | 'en', limit = 3) => index.search({ text, lang, limit }).map((hit) => hit.page.path);

beforeAll(async () => {
  const { site } = await loadSite(SAMPLE_SITE);
  index = SearchIndex.build(site.pages, searchSettings(site.info));
});

describe('the cases issue 30 found', () => {
  it('"EU privacy rules and Google Analytics" → the consent pages, not the site\'s own privacy policy', () => {
    expect(['/en/services/ad-tracking/consent-mode-v2/', '/en/blog/consent-mode-v2-guide/']).toContain(first('EU privacy rules and Google Analytics', 'en')?.page.path);
    expect(top('EU privacy rules and Google Analytics', 'en')).not.toContain('/en/privacy-policy/');
  });

  it('"nie działa mi tag manager" → the GTM audit', () => {
    expect(first('nie działa mi tag manager', 'pl')?.page.path).toBe('/pl/uslugi/analityka-internetowa/audyt-google-tag-manager/');
  });

  it('"my tag manager is not working" → the GTM audit', () => {
    expect(first('my tag manager is not working', 'en')?.page.path).toBe('/en/services/web-analytics/google-tag-manager-audit/');
  });

  it('"gdzie macie biuro" → the contact page, not the travel agency ("biuro podróży") whose case study names the word', () => {
    expect(first('gdzie macie biuro', 'pl')?.page.path).toBe('/pl/kontakt/');
    expect(top('biuro', 'pl', 5)).not.toContain('/pl/realizacje/biuro-podrozy-dashboardy/');
  });

  it('a whole multi-word name is asked for as a phrase', () => {
    expect(first('biuro podróży', 'pl')?.page.path).toBe('/pl/realizacje/biuro-podrozy-dashboardy/');
    expect(first('travel agency', 'en')?.page.path).toBe('/en/case-studies/travel-agency-dashboards/');
  });
});

describe('the intent of a question', () => {
  it.each([
    ['ile kosztuje consent mode v2', 'pl', ['/pl/uslugi/sledzenie-reklam/consent-mode-v2/', '/pl/cennik/']],
    ['how much is a Google Tag Manager audit', 'en', ['/en/services/web-analytics/google-tag-manager-audit/', '/en/pricing/']],
    ['how much do you charge', 'en', ['/en/pricing/']],
    ['ile to u was kosztuje', 'pl', ['/pl/cennik/']],
  ] as const)('"%s" (a price) → the priced service or the pricing page', (question, lang, answers) => {
    expect(answers).toContain(first(question, lang)?.page.path);
  });

  it.each([
    ['gdzie jesteście', 'pl', '/pl/kontakt/'],
    ['telefon', 'pl', '/pl/kontakt/'],
    ['address', 'en', '/en/contact/'],
    ['where is your office', 'en', '/en/contact/'],
  ] as const)('"%s" (where, how to reach) → the contact page', (question, lang, answer) => {
    expect(first(question, lang)?.page.path).toBe(answer);
  });

  it('"our tags are broken after a website redesign" (does not work) → the audit', () => {
    expect(first('our tags are broken after a website redesign', 'en')?.page.path).toBe('/en/services/web-analytics/google-tag-manager-audit/');
  });

  it('about one\'s own data → the privacy policy, which otherwise counts half', () => {
    expect(first('how do you handle my personal data', 'en')?.page.path).toBe('/en/privacy-policy/');
  });
});

describe('matching sections', () => {
  it('point at the section that answers the question', () => {
    expect(first('is google analytics legal under GDPR', 'en')?.matchingSections).toContain('Is GA4 GDPR compliant?');
    expect(first('czy google analytics jest zgodne z rodo', 'pl')?.matchingSections).toContain('Czy GA4 jest zgodne z RODO?');
    expect(first('gdzie macie biuro', 'pl')?.matchingSections).toContain('Adres biura w Krakowie');
  });
});

describe('listing pages', () => {
  const listingIndex = SearchIndex.build([
    testPage({ path: '/en/tag/ga4/', lang: 'en', type: 'blog', title: 'GA4 – posts tagged GA4', listing: true, listed: ['/en/blog/ga4-mistakes/', '/en/blog/ga4-referrals/'], headings: ['GA4 mistakes', 'GA4 referrals'] }),
    testPage({ path: '/en/blog/ga4-mistakes/', lang: 'en', type: 'blog', title: 'Common mistakes in analytics', description: 'GA4 settings people get wrong.' }),
    testPage({ path: '/en/blog/ga4-referrals/', lang: 'en', type: 'blog', title: 'Referrals from AI assistants', description: 'A GA4 channel group.' }),
  ]);
  const paths = (text: string) => listingIndex.search({ text, limit: 5 }).map((hit) => hit.page.path);

  it('never rank above the pages they list that a question also finds', () => {
    // The tag page holds both words in its headings; the referrals article only "GA4".
    expect(paths('GA4 mistakes')).toEqual(['/en/blog/ga4-mistakes/', '/en/blog/ga4-referrals/', '/en/tag/ga4/']);
    expect(paths('GA4 referrals')).toEqual(['/en/blog/ga4-referrals/', '/en/blog/ga4-mistakes/', '/en/tag/ga4/']);
  });

  it('come first when their title holds the whole question', () => {
    expect(paths('posts tagged GA4')[0]).toBe('/en/tag/ga4/');
  });

  it('on the sample site, the blog index is below the article it lists', () => {
    expect(first('articles about consent mode v2', 'en')?.page.path).toBe('/en/blog/consent-mode-v2-guide/');
    expect(first('artykuły o consent mode v2', 'pl')?.page.path).toBe('/pl/blog/consent-mode-v2-poradnik/');
  });
});

describe('equivalents across languages and abbreviations', () => {
  const taxes = SearchIndex.build([
    testPage({ path: '/pl/ksef/', lang: 'pl', type: 'service', title: 'Krajowy System e-Faktur: wdrożenie w sklepie' }),
    testPage({ path: '/pl/rodo/', lang: 'pl', type: 'blog', title: 'Ogólne rozporządzenie o ochronie danych w analityce' }),
    testPage({ path: '/en/vat/', lang: 'en', type: 'blog', title: 'Value added tax on services sold abroad' }),
    testPage({ path: '/en/tax-id/', lang: 'en', type: 'company', title: 'Our company details', headings: ['Tax identification number'] }, '# Our company details\n\n## Tax identification number\n\nPL 123 456 78 90.\n'),
    testPage({ path: '/en/gtm/', lang: 'en', type: 'service', title: 'Google Tag Manager audit' }),
  ]);
  const firstOf = (text: string, lang: 'pl' | 'en') => taxes.search({ text, lang, limit: 1 })[0]?.page.path;

  it('find a law, tax or register under its Polish or English name or abbreviation', () => {
    expect(firstOf('KSeF', 'pl')).toBe('/pl/ksef/');
    expect(firstOf('RODO w GA4', 'pl')).toBe('/pl/rodo/');
    expect(firstOf('GDPR', 'pl')).toBe('/pl/rodo/');
    expect(firstOf('VAT on services', 'en')).toBe('/en/vat/');
    expect(firstOf('what is your NIP', 'en')).toBe('/en/tax-id/');
    expect(firstOf('GTM audit', 'en')).toBe('/en/gtm/');
  });
});
