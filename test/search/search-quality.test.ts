/**
 * Search quality on the bundled sample site: queries people really type (with and without
 * Polish letters, inflected, in both languages, with a typo) must put the page that answers
 * them first, or among the first three where several pages answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

let index: SearchIndex;
const top = (text: string, limit = 3) => index.search({ text, limit }).map((hit) => hit.page.path);

beforeAll(async () => {
  index = SearchIndex.build((await loadSite(SAMPLE_SITE)).site.pages);
});

describe('search quality on the sample site', () => {
  it.each([
    ['wdrożenie GA4', '/pl/uslugi/analityka-internetowa/wdrozenie-ga4/'],
    ['wdrozenie ga4', '/pl/uslugi/analityka-internetowa/wdrozenie-ga4/'],
    ['cennik', '/pl/cennik/'],
    ['pricing', '/en/pricing/'],
    ['Kraków', '/pl/miasta/krakow/'],
    ['krakowie', '/pl/miasta/krakow/'],
    ['usługi', '/pl/uslugi/'],
    ['usługach', '/pl/uslugi/'],
    ['kontakt', '/pl/kontakt/'],
    ['o nas', '/pl/o-nas/'],
    ['about us', '/en/about/'],
    ['privacy policy', '/en/privacy-policy/'],
    ['implementing GA4', '/en/services/web-analytics/ga4-implementation/'],
    ['how much does a GTM audit cost', '/en/services/web-analytics/google-tag-manager-audit/'],
    ['ile kosztuje audyt gtm', '/pl/uslugi/analityka-internetowa/audyt-google-tag-manager/'],
    ['warsztaty grudzień', '/pl/wydarzenia/warsztaty-ga4-krakow-grudzien-2026/'],
    ['robots.txt boty AI', '/pl/blog/jak-boty-ai-czytaja-strone/'],
  ])('%s → %s first', (query, expected) => {
    expect(top(query, 1)).toEqual([expected]);
  });

  it.each([
    ['meta conversions api', '/pl/uslugi/sledzenie-reklam/meta-conversions-api/'],
    ['consent mode v2', '/pl/uslugi/sledzenie-reklam/consent-mode-v2/', 4],
    ['server-side tagging', '/pl/uslugi/analityka-internetowa/server-side-tagging/', 4],
    ['serverside tagging', '/en/services/web-analytics/server-side-tagging/', 6],
    ['Łódź', '/pl/miasta/lodz/'],
    ['lodzi', '/pl/miasta/lodz/'],
    ['dashboards', '/en/services/reporting/looker-studio-dashboards/'],
    ['szkolenia z analityki', '/pl/uslugi/raportowanie/szkolenia-z-analityki/'],
    ['anlityka aplikacji', '/pl/uslugi/analityka-internetowa/analityka-aplikacji-mobilnych/'],
    ['llms.txt', '/en/services/ai-visibility/llms-txt-and-structured-data/', 4],
    ['events in January', '/en/events/consent-mode-v2-webinar-january-2027/'],
  ] as const)('%s → %s among the first results', (query: string, expected: string, limit: number = 3) => {
    expect(top(query, limit)).toContain(expected);
  });

  describe('the questions issue 16 found failing', () => {
    it.each([
      ['where can I find your address', '/en/contact/', 1],
      ['jak się z wami skontaktować', '/pl/kontakt/', 1],
      ['baner zgody na cookies dla sklepu', '/pl/uslugi/sledzenie-reklam/consent-mode-v2/', 3],
      ['analytics agency Lodz', '/en/cities/lodz/', 3],
      ['szkolenia z GTM', '/pl/uslugi/raportowanie/szkolenia-z-analityki/', 1],
      ['NDA', '/en/contact/', 3],
      ['Shopify', '/en/cities/poznan/', 8],
      ['Katarzyna Dąbrowska', '/pl/kontakt/', 8],
    ] as const)('%s → %s among the first %i', (query, expected, limit) => {
      expect(top(query, limit)).toContain(expected);
    });

    it('"consent mode v2 help" has the same first result for every limit', () => {
      const first = top('consent mode v2 help', 1);
      for (const limit of [2, 3, 5, 8, 25]) expect(top('consent mode v2 help', limit)[0]).toBe(first[0]);
    });
  });

  it('keeps to one language when asked', () => {
    const hits = index.search({ text: 'GA4', lang: 'en', limit: 25 });
    expect(hits.length).toBeGreaterThan(5);
    expect(hits.every((hit) => hit.page.lang === 'en')).toBe(true);
  });
});
