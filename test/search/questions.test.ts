/**
 * Whole questions, everyday words and slips in place names: what agents pass to search_site.
 */
import { describe, expect, it } from 'vitest';
import type { PageFields } from '../../src/content/page.js';
import { SearchIndex, type SearchSettings } from '../../src/search/search-index.js';
import { testPage } from '../helpers/pages.js';

type Fields = Partial<PageFields> & Pick<PageFields, 'path'>;

function indexOf(pages: { fields: Fields; markdown?: string }[], settings?: SearchSettings): SearchIndex {
  return SearchIndex.build(
    pages.map(({ fields, markdown }) => testPage(fields, markdown)),
    settings,
  );
}

const en = (path: string, title: string, extra: Partial<Fields> = {}, markdown?: string) => ({ fields: { path, lang: 'en' as const, title, type: 'service' as const, ...extra }, markdown });
const pl = (path: string, title: string, extra: Partial<Fields> = {}, markdown?: string) => ({ fields: { path, lang: 'pl' as const, title, type: 'service' as const, ...extra }, markdown });

const site = indexOf([
  en('/en/consent-mode/', 'Consent Mode v2 implementation', { description: 'A CMP wired to Google tags.' }),
  en('/en/gtm-audit/', 'Google Tag Manager audit', { description: 'A review of your container.' }),
  en('/en/contact/', 'Contact', { type: 'company', headings: ['Our office', 'Can you sign an NDA?'] }, '# Contact\n\n## Our office\n\nul. Rzemieślnicza 7, Kraków.\n\n## Can you sign an NDA?\n\nYes, we sign a non-disclosure agreement before any access.\n'),
  en('/en/blog/help/', 'How we help clients find their data', { type: 'blog', description: 'Consent, tags and help.' }),
  en('/en/cities/wroclaw/', 'Web analytics in Wrocław', { type: 'city_page', city: 'Wrocław' }),
  en('/en/shops/', 'Analytics for online shops', { headings: ['Platforms we work with'] }, '# Shops\n\n## Platforms we work with\n\nWe work with Shopify, WooCommerce and PrestaShop.\n'),
  pl('/pl/miasta/wroclaw/', 'Analityka internetowa we Wrocławiu', { type: 'city_page', city: 'Wrocław' }),
  pl('/pl/miasta/gdansk/', 'Analityka internetowa w Gdańsku', { type: 'city_page', city: 'Gdańsk' }),
  pl('/pl/kontakt/', 'Kontakt', { type: 'company', headings: ['Adres biura'] }),
  pl('/pl/szkolenia/', 'Szkolenia z Google Tag Managera'),
]);
const paths = (text: string, limit = 3, lang?: 'pl' | 'en') => site.search({ text, limit, lang }).map((hit) => hit.page.path);

describe('whole questions', () => {
  it('are decided by their topic words, not by question and filler words', () => {
    expect(paths('where can I find your address', 1)).toEqual(['/en/contact/']);
    expect(paths('consent mode v2 help', 1)).toEqual(['/en/consent-mode/']);
  });

  it('made only of filler words still find the pages that use them', () => {
    expect(paths('help', 1)).toEqual(['/en/blog/help/']);
  });

  it('put the same page first whatever the limit', () => {
    const first = paths('consent mode v2 help', 1)[0];
    for (const limit of [2, 3, 5, 8, 25]) expect(paths('consent mode v2 help', limit)[0]).toBe(first);
  });

  it('break ties by path, the same way every time', () => {
    const twins = indexOf([en('/en/b/', 'Server-side tagging'), en('/en/a/', 'Server-side tagging')]);
    expect(twins.search({ text: 'server-side tagging', limit: 2 }).map((hit) => hit.page.path)).toEqual(['/en/a/', '/en/b/']);
  });
});

describe('synonyms and abbreviations', () => {
  it('find the page that names the thing otherwise', () => {
    expect(paths('cookie banner', 1)).toEqual(['/en/consent-mode/']);
    expect(paths('szkolenia z GTM', 1, 'pl')).toEqual(['/pl/szkolenia/']);
    expect(paths('jak się z wami skontaktować', 1, 'pl')).toEqual(['/pl/kontakt/']);
  });

  it('take the site\'s own sets from its settings', () => {
    const withOwn = indexOf([en('/en/gtm-audit/', 'Google Tag Manager audit'), en('/en/other/', 'Dashboards')], { synonyms: { en: [['tag health check', 'tag manager audit']] } });
    expect(withOwn.search({ text: 'tag health check', limit: 1 }).map((hit) => hit.page.path)).toEqual(['/en/gtm-audit/']);
  });

  it('rank a page that uses the words as typed above one that uses a synonym', () => {
    const both = indexOf([en('/en/a/', 'Google Tag Manager audit'), en('/en/b/', 'GTM audit')]);
    expect(both.search({ text: 'GTM audit', limit: 1 }).map((hit) => hit.page.path)).toEqual(['/en/b/']);
  });
});

describe('place names', () => {
  it.each([
    ['Wrcolawiu', '/pl/miasta/wroclaw/'],
    ['Gdnask', '/pl/miasta/gdansk/'],
    ['Gdańskk', '/pl/miasta/gdansk/'],
    ['wroclaw', '/pl/miasta/wroclaw/'],
  ])('%s finds %s', (query, expected) => {
    expect(paths(query, 3, 'pl')).toContain(expected);
  });

  it('take the city of the address from the settings', () => {
    const withAddress = indexOf([pl('/pl/kontakt/', 'Kontakt', { headings: ['Biuro w Krakowie'] })], { places: ['Kraków'] });
    expect(withAddress.search({ text: 'Karkow', limit: 1 }).map((hit) => hit.page.path)).toEqual(['/pl/kontakt/']);
  });

  it('decide a question that names one among words every page has', () => {
    expect(paths('web analytics Wroclaw', 1, 'en')).toEqual(['/en/cities/wroclaw/']);
  });
});

describe('body text', () => {
  it('finds a fact the site states only in a page body', () => {
    expect(paths('Shopify', 1)).toEqual(['/en/shops/']);
  });

  it('names the section whose text matched, with its id for a deep link', () => {
    const [hit] = site.search({ text: 'non-disclosure agreement', limit: 1 });
    expect(hit!.page.path).toBe('/en/contact/');
    expect(hit!.sections).toEqual([{ heading: 'Can you sign an NDA?', id: 'can-you-sign-an-nda' }]);
    expect(hit!.matchingSections).toEqual(['Can you sign an NDA?']);
  });

  it('weighs less than a title', () => {
    const ranked = indexOf([en('/en/a/', 'Other', {}, '# Other\n\nAll about dashboards.\n'), en('/en/b/', 'Dashboards')]);
    expect(ranked.search({ text: 'dashboards', limit: 2 }).map((hit) => hit.page.path)).toEqual(['/en/b/', '/en/a/']);
  });
});
