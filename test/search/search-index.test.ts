import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { MINI_SITE, SAMPLE_SITE } from '../helpers/paths.js';

let index: SearchIndex;
const paths = (text: string, options: { lang?: 'pl' | 'en'; type?: 'service' | 'company'; limit?: number } = {}) =>
  index.search({ text, limit: options.limit ?? 8, lang: options.lang, type: options.type }).map((hit) => hit.page.path);

beforeAll(async () => {
  index = SearchIndex.build((await loadSite(MINI_SITE)).site.pages);
});

describe('SearchIndex', () => {
  it('indexes every page', () => {
    expect(index.size).toBe(8);
  });

  it('keeps an answer from the second time a query is asked, and gives the same answer every time', () => {
    const ask = () => index.search({ text: 'wdrożenie analityki', limit: 5 });
    const first = ask();
    const second = ask();
    const third = ask();
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
  });

  it('ignores diacritics in the query', () => {
    expect(paths('wdrozenie')[0]).toBe('/pl/uslugi/wdrozenie-ga4/');
  });

  it.each(['usługi', 'usług', 'usługach', 'uslugami'])('finds the same page for the inflected form %s', (query) => {
    expect(paths(query)[0]).toBe('/pl/uslugi/');
  });

  it('finds city names in their inflected forms in headings', () => {
    expect(paths('Kraków')).toContain('/pl/uslugi/');
    expect(paths('Łódź')).toContain('/pl/uslugi/');
  });

  it('forgives one typo in a longer word', () => {
    expect(paths('wdrozneie')[0]).toBe('/pl/uslugi/wdrozenie-ga4/');
  });

  it('does not fuzz short words, where one edit makes another word', () => {
    expect(paths('GA5')).toEqual([]);
  });

  it('stems English words on English pages', () => {
    expect(paths('implementing', { lang: 'en' })[0]).toBe('/en/services/ga4-implementation/');
  });

  it('ranks a title match above a heading match above a description match', () => {
    expect(paths('audyt')[0]).toBe('/pl/uslugi/audyt/');
  });

  it('puts pages that match every word before pages that match some', () => {
    expect(paths('wdrożenie Kraków')[0]).toBe('/pl/uslugi/');
  });

  it('filters by language and by type', () => {
    expect(paths('GA4', { lang: 'en' })[0]).toBe('/en/services/ga4-implementation/');
    expect(paths('GA4', { lang: 'en' }).every((path) => path.startsWith('/en/'))).toBe(true);
    expect(paths('kontakt', { type: 'service' })).toEqual([]);
  });

  it('respects the limit', () => {
    expect(paths('ga4 analytics usługi', { limit: 2 })).toHaveLength(2);
  });

  it('finds a page by a title made only of function words, as whole words', () => {
    expect(paths('kontakt')[0]).toBe('/pl/kontakt/');
  });

  it('lists the section headings that matched', () => {
    const [hit] = index.search({ text: 'ile kosztuje', limit: 1 });
    expect(hit!.matchingSections).toEqual(['Ile kosztuje wdrożenie GA4?']);
  });

  it('returns nothing for a query with no match', () => {
    expect(paths('xylofon')).toEqual([]);
  });
});

describe('an index built in slices (as a reload builds it while serving)', () => {
  it('answers exactly as one built at once', async () => {
    const { pages } = (await loadSite(SAMPLE_SITE)).site;
    const atOnce = SearchIndex.build(pages);
    const inSlices = await SearchIndex.buildInSlices(pages, 3);
    for (const text of ['analityka', 'GA4 audyt', 'tag manager', 'cennik', 'kontakt', 'consent mode']) {
      const query = { text, limit: 10 };
      expect(inSlices.search(query).map((hit) => hit.page.path), text).toEqual(atOnce.search(query).map((hit) => hit.page.path));
    }
  });
});
