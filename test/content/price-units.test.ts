import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError, loadSite } from '../../src/content/load-site.js';
import { unitIn } from '../../src/content/price-unit.js';
import { priceCurrencies, publishedPrices } from '../../src/content/pricing.js';
import { PRICE_PERS } from '../../src/content/schema.js';
import { MINI_SITE, SAMPLE_SITE } from '../helpers/paths.js';

const temporary: string[] = [];
afterEach(async () => {
  for (const dir of temporary.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The mini site with its site file edited. */
async function miniSiteWith(edit: (siteYaml: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scm-units-'));
  temporary.push(dir);
  await cp(MINI_SITE, dir, { recursive: true });
  const file = path.join(dir, 'site.yaml');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return dir;
}

const GA4_FROM = '      from: { pl: 3900, en: 950 }\n';

describe('a price states what it is per', () => {
  it('reads `unit: month` and gives each language its default words', async () => {
    const dir = await miniSiteWith((yaml) => yaml.replace(GA4_FROM, `${GA4_FROM}      unit: month\n`));
    const { site } = await loadSite(dir);
    expect(publishedPrices(site, 'pl')[0]!.unit).toEqual({ per: 'month', label: 'miesięcznie' });
    expect(publishedPrices(site, 'en')[0]!.unit).toEqual({ per: 'month', label: 'per month' });
  });

  it("keeps the site's own words, and packages share their item's unit", async () => {
    const dir = await miniSiteWith((yaml) =>
      yaml.replace(GA4_FROM, `${GA4_FROM}      unit: { per: day, label: { pl: za dzień dla grupy, en: per day for a group } }\n`),
    );
    const { site } = await loadSite(dir);
    const [ga4] = publishedPrices(site, 'pl');
    expect(ga4!.unit).toEqual({ per: 'day', label: 'za dzień dla grupy' });
    expect(ga4!.packages.map((pkg) => pkg.unit)).toEqual([{ per: 'day', label: 'za dzień dla grupy' }, { per: 'day', label: 'za dzień dla grupy' }]);
  });

  it('says each period in the words of each language when the site file gives none', () => {
    const words = (lang: 'pl' | 'en') => PRICE_PERS.map((per) => unitIn({ per }, lang)?.label);
    expect(PRICE_PERS).toEqual(['month', 'year', 'week', 'day', 'hour', 'person', 'page']);
    expect(words('pl')).toEqual(['miesięcznie', 'rocznie', 'tygodniowo', 'za dzień', 'za godzinę', 'za osobę', 'za stronę']);
    expect(words('en')).toEqual(['per month', 'per year', 'per week', 'per day', 'per hour', 'per person', 'per page']);
  });

  it('lets a package state a unit of its own', async () => {
    const dir = await miniSiteWith((yaml) => yaml.replace('          from: { pl: null, en: null }\n', '          from: { pl: null, en: null }\n          unit: year\n'));
    const { site } = await loadSite(dir);
    expect(publishedPrices(site, 'en')[0]!.packages.map((pkg) => pkg.unit)).toEqual([undefined, { per: 'year', label: 'per year' }]);
  });

  it('leaves a one-off price without a unit', async () => {
    const { site } = await loadSite(MINI_SITE);
    expect(publishedPrices(site, 'pl')[0]!.unit).toBeUndefined();
  });

  it('refuses an unknown period and says which are known', async () => {
    const dir = await miniSiteWith((yaml) => yaml.replace(GA4_FROM, `${GA4_FROM}      unit: fortnight\n`));
    await expect(loadSite(dir)).rejects.toThrow(/pricing\.items\.0\.unit\.per: must be one of month, year, week, day, hour, person, page/);
  });

  it('asks for the words in every language when a unit has only a label', async () => {
    const dir = await miniSiteWith((yaml) => yaml.replace(GA4_FROM, `${GA4_FROM}      unit: { label: { pl: za stanowisko } }\n`));
    const error = await loadSite(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toContain('pricing.items[0] (ga4).unit.label.en: missing');
  });
});

describe('the currencies a site publishes prices in', () => {
  it('are those of the languages with at least one amount', async () => {
    const { site } = await loadSite(SAMPLE_SITE);
    expect(Object.fromEntries(priceCurrencies(site))).toEqual({ pl: 'PLN', en: 'EUR' });
  });

  it('leave out a language whose prices are all quoted individually', async () => {
    const dir = await miniSiteWith((yaml) => yaml.replace(GA4_FROM, '      from: { pl: 3900, en: null }\n').replace('          from: { pl: 3900, en: 950 }\n', '          from: { pl: 3900, en: null }\n'));
    const { site } = await loadSite(dir);
    expect(Object.fromEntries(priceCurrencies(site))).toEqual({ pl: 'PLN' });
  });
});
