import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { publishedPrices } from '../../src/content/pricing.js';
import type { SiteContent } from '../../src/content/site-content.js';
import type { RunningServer } from '../../src/http/serve.js';
import { LazySearchIndex } from '../../src/search/lazy-search-index.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { importSite, outputDir } from './import-helpers.js';

/** Every page as the contract shows it: path, title, type, language and alternate. */
function pageSummaries(site: SiteContent) {
  return site.pages.map((page) => ({ path: page.path, title: page.title, type: page.type, lang: page.lang, alternate: page.alternate }));
}

/** The published prices of every page, per language. */
function pricesByPage(site: SiteContent): Record<string, number[]> {
  const prices: Record<string, number[]> = {};
  for (const lang of site.languages) {
    for (const entry of publishedPrices(site, lang)) {
      // "Quoted individually" (null) is not published as a price, so an import cannot see it.
      const published = [entry.from, ...entry.packages.map((pkg) => pkg.from)].filter((price): price is number => price !== null);
      if (published.length > 0) (prices[entry.pagePath] ??= []).push(...published);
    }
  }
  for (const list of Object.values(prices)) list.sort((a, b) => a - b);
  return prices;
}

const QUERIES: readonly [string, 'pl' | 'en'][] = [
  ['wdrożenie GA4', 'pl'],
  ['consent mode', 'pl'],
  ['cennik', 'pl'],
  ['kontakt', 'pl'],
  ['server-side tagging', 'en'],
  ['Looker Studio dashboards', 'en'],
  ['llms.txt', 'en'],
  ['Kraków', 'pl'],
];

describe('round trip: the sample site served by our own server, imported, served again', () => {
  let server: RunningServer;
  let original: SiteContent;
  let imported: SiteContent;

  beforeAll(async () => {
    server = await startTestServer(SAMPLE_SITE);
    const out = await outputDir();
    const report = await importSite(`${server.url.replace('127.0.0.1', 'localhost')}/pl/`, out);
    expect(report.fatal).toBeUndefined();
    original = (await loadSite(SAMPLE_SITE)).site;
    const loaded = await loadSite(out);
    expect(loaded.warnings).toEqual([]);
    imported = loaded.site;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('has the same pages with the same titles, types, languages and alternates', () => {
    expect(pageSummaries(imported)).toEqual(pageSummaries(original));
  });

  it('has the same prices on the same pages', () => {
    expect(pricesByPage(imported)).toEqual(pricesByPage(original));
  });

  it('keeps what each price is per (the JSON-LD UnitPriceSpecification carries it)', () => {
    const units = (site: SiteContent) =>
      Object.fromEntries(site.languages.flatMap((lang) => publishedPrices(site, lang).filter((entry) => entry.unit !== undefined).map((entry) => [entry.pagePath, entry.unit])));
    expect(units(imported)).toEqual(units(original));
    expect(Object.keys(units(original))).toHaveLength(6);
  });

  it('reads the company and its contact options from the site (the free-text note is for the person to write)', () => {
    const withoutNote = ({ note: _note, ...contact }: Record<string, unknown>) => contact;
    expect(imported.info.company).toBe(original.info.company);
    expect(imported.info.contact.pl).toEqual(withoutNote(original.info.contact.pl!));
    expect(imported.info.contact.en).toEqual(withoutNote(original.info.contact.en!));
    expect(imported.info.address).toEqual(original.info.address);
  });

  it('answers searches with the same top result', () => {
    const before = new LazySearchIndex(original.pages);
    const after = new LazySearchIndex(imported.pages);
    for (const [text, lang] of QUERIES) {
      const top = (index: LazySearchIndex) => index.search({ text, lang, limit: 1 })[0]?.page.path;
      expect(top(after), text).toBe(top(before));
    }
  });
});
