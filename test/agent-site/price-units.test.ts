import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { SiteUrls } from '../../src/content/site-urls.js';
import { serverInstructions } from '../../src/mcp/instructions.js';
import { renderLlmsTxt } from '../../resources/llms-txt.js';
import { renderPricingMarkdown } from '../../resources/pricing-md.js';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';
import { MINI_SITE, SAMPLE_SITE } from '../helpers/paths.js';

/** No-break spaces shown as "·", so a test says where a line may not break. */
const shown = (text: string) => text.replace(/\u00a0/g, '·');

let rest: RestServer;
let base: string;

beforeAll(async () => {
  rest = await startRestServer([], SAMPLE_SITE);
  base = rest.server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => rest?.server.close());

const serviceNamed = (pricing: { name: string }[], name: string) => pricing.find((item) => item.name === name) as Record<string, any>;

describe('the Services resource states what a price is per', () => {
  it('gives a monthly price its unit, and leaves a one-off price without one', async () => {
    const { status, body } = await rest.api.get('/api/v1/services?lang=pl');
    expect(status).toBe(200);
    expect(serviceNamed(body.pricing, 'Monitoring widoczności w AI')).toMatchObject({ from_price: 1200, currency: 'PLN', unit: { per: 'month', label: 'miesięcznie' } });
    expect(serviceNamed(body.pricing, 'Audyt Google Tag Managera')).not.toHaveProperty('unit');
  });

  it("gives packages their item's unit in the site's own words", async () => {
    const { body } = await rest.api.get('/api/v1/services?lang=en');
    const training = serviceNamed(body.pricing, 'Analytics training');
    expect(training.unit).toEqual({ per: 'day', label: 'per day for a group' });
    expect(training.packages.map((pkg: Record<string, unknown>) => [pkg.name, pkg.from_price, pkg.unit])).toEqual([
      ['Online', 460, { per: 'day', label: 'per day for a group' }],
      ['On site', 820, { per: 'day', label: 'per day for a group' }],
      ['Tailored programme', null, { per: 'day', label: 'per day for a group' }],
    ]);
  });

  it('documents the unit in the OpenAPI document as an optional field', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    const { PricingItem, Package, PriceUnit } = body.components.schemas;
    for (const schema of [PricingItem, Package]) {
      expect(schema.properties.unit).toEqual({ $ref: '#/components/schemas/PriceUnit' });
      expect(schema.required ?? []).not.toContain('unit');
    }
    expect(PriceUnit.properties).toMatchObject({ per: { enum: ['month', 'year', 'week', 'day', 'hour', 'person', 'page'] }, label: { type: 'string' } });
    expect(PriceUnit.required).toEqual(['label']);
  });
});

describe('pricing.md', () => {
  let text: string;
  beforeAll(async () => {
    text = await (await fetch(`${rest.server.url}/pricing.md`)).text();
  });

  it('writes each price with its unit, as the page does', () => {
    expect(shown(text)).toContain(`| Szkolenia z analityki | Stacjonarnie | 3·400·zł·za·dzień dla grupy | ${base}/pl/uslugi/raportowanie/szkolenia-z-analityki/ |`);
    expect(shown(text)).toContain('| Monitoring widoczności w AI | — | 1·200·zł·miesięcznie |');
    expect(shown(text)).toContain('| AI visibility monitoring | — | €290·per·month |');
  });

  it('writes money as the site does: "3 900 zł" and "€950", never "3 900 PLN"', () => {
    expect(shown(text)).toContain('| Wdrożenie Google Analytics 4 | Start | 3·900·zł |');
    expect(text).toContain('| Google Analytics 4 implementation | Start | €950 |');
    expect(text).not.toMatch(/\d (PLN|EUR)\b/);
  });

  it('does not show a base price as if it were a package called "cena podstawowa"', () => {
    expect(text).not.toMatch(/cena podstawowa|base price/);
    expect(shown(text)).toContain('| Audyt Google Tag Managera | — | 2·400·zł |');
  });
});

/** The mini site with English prices all "quoted individually": no amount is published in EUR. */
async function siteWithoutEuroPrices(): Promise<{ dir: string; done: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scm-no-eur-'));
  await cp(MINI_SITE, dir, { recursive: true });
  const file = path.join(dir, 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replaceAll('from: { pl: 3900, en: 950 }', 'from: { pl: 3900, en: null }'));
  return { dir, done: () => rm(dir, { recursive: true, force: true }) };
}

describe('what the generated texts say about currencies follows the prices the site publishes', () => {
  it('says Polish pages quote PLN and English pages EUR where the site has both', async () => {
    const { site } = await loadSite(SAMPLE_SITE);
    const urls = new SiteUrls('https://miarka.example', site.info.siteUrl);
    for (const text of [renderLlmsTxt(site, urls), renderPricingMarkdown(site, urls), serverInstructions(site)]) {
      expect(text).toContain('Polish pages quote PLN, English pages quote EUR.');
    }
  });

  it('never mentions EUR for a site with no prices in euro', async () => {
    const { dir, done } = await siteWithoutEuroPrices();
    try {
      const { site } = await loadSite(dir);
      const urls = new SiteUrls('https://testowa.example', site.info.siteUrl);
      for (const text of [renderLlmsTxt(site, urls), renderPricingMarkdown(site, urls), serverInstructions(site)]) {
        expect(text).not.toContain('EUR');
        expect(text).toContain('Prices are published on Polish pages only, in PLN.');
      }
    } finally {
      await done();
    }
  });

  it('derives the API description from the published prices too', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    expect(body.info.description).toContain('Polish pages quote PLN, English pages quote EUR.');
  });
});

describe('structured data', () => {
  it('describes a periodic price as a UnitPriceSpecification with its UN/CEFACT unit code', async () => {
    const html = await (await fetch(`${rest.server.url}/pl/uslugi/raportowanie/szkolenia-z-analityki/`, { headers: { accept: 'text/html' } })).text();
    const service = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(service.offers[0].priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: 1900,
      minPrice: 1900,
      priceCurrency: 'PLN',
      valueAddedTaxIncluded: false,
      unitCode: 'DAY',
      unitText: 'za dzień dla grupy',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'DAY' },
    });
  });

  it('gives /ask answers the same unit in their schema_object', async () => {
    const body = (await (await fetch(`${rest.server.url}/ask?query=${encodeURIComponent('monitoring widoczności w AI')}&num_results=3`)).json()) as { results: { url: string; schema_object: Record<string, any> }[] };
    const monitoring = body.results.find((result) => result.url.endsWith('/pl/uslugi/widocznosc-w-ai/monitoring-widocznosci-ai/'))!;
    expect(monitoring.schema_object.offers[0].priceSpecification).toMatchObject({ '@type': 'UnitPriceSpecification', price: 1200, unitCode: 'MON', unitText: 'miesięcznie' });
  });

  it('keeps a one-off price a plain PriceSpecification', async () => {
    const html = await (await fetch(`${rest.server.url}/pl/uslugi/analityka-internetowa/audyt-google-tag-manager/`, { headers: { accept: 'text/html' } })).text();
    const service = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(service.offers[0].priceSpecification['@type']).toBe('PriceSpecification');
  });
});
