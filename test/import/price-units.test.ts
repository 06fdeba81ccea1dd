import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { publishedPrices } from '../../src/content/pricing.js';
import { SiteUrls } from '../../src/content/site-urls.js';
import { renderLlmsTxt } from '../../resources/llms-txt.js';
import { renderPricingMarkdown } from '../../resources/pricing-md.js';
import type { SiteContent } from '../../src/content/site-content.js';
import type { ImportReport } from '../../src/import/run-import.js';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { startMirrorSite } from '../helpers/mirror-site.js';
import { importSite, outputDir } from './import-helpers.js';

/**
 * A small Polish business site that states its prices the ways sites do: a pricing table whose
 * cells say "/ mies." or whose column heading says "za dzień dla grupy", a service page that
 * states its price only in a sentence, and one whose JSON-LD offer is a UnitPriceSpecification.
 */
function pricedSite(origin: string) {
  const page = (path: string, title: string, body: string, jsonLd?: object) => ({
    body: html(
      `<title>${title} | Studio Miara</title><meta name="description" content="${title} w Studio Miara."><link rel="canonical" href="${origin}${path}">` +
        (jsonLd === undefined ? '' : `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...jsonLd })}</script>`),
      `<main><h1>${title}</h1>${body}</main><footer><a href="mailto:biuro@miara.example">biuro@miara.example</a> <a href="tel:+48612345678">+48 61 234 56 78</a></footer>`,
      'pl',
    ),
  });
  const sitemap = ['/', '/cennik/', '/uslugi/', '/uslugi/opieka/', '/uslugi/konsultacje/', '/kontakt/'];
  return {
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nSitemap: ${origin}/sitemap.xml\n` },
    '/sitemap.xml': {
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemap.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('')}</urlset>`,
    },
    '/': page('/', 'Studio Miara', '<p>Pomagamy małym firmom mierzyć, co działa w ich marketingu. Wdrażamy analitykę i uczymy zespoły z niej korzystać.</p>'),
    '/cennik/': page(
      '/cennik/',
      'Cennik',
      '<p>Wszystkie ceny podajemy netto.</p>' +
        '<table><tr><th>Usługa</th><th>Cena</th></tr><tr><td>Pozycjonowanie lokalne</td><td>od 1 200 zł netto / mies.</td></tr><tr><td>Kampania Google Ads</td><td>od 900 zł netto miesięcznie</td></tr><tr><td>Audyt strony</td><td>od 2 400 zł netto</td></tr></table>' +
        '<table><tr><th>Szkolenie</th><th>Cena za dzień dla grupy</th></tr><tr><td>Szkolenie z GA4</td><td>od 1 900 zł netto</td></tr></table>',
    ),
    '/uslugi/': page('/uslugi/', 'Usługi', '<p>Opieka analityczna i konsultacje: <a href="/uslugi/opieka/">opieka</a>, <a href="/uslugi/konsultacje/">konsultacje</a>.</p>'),
    '/uslugi/opieka/': page('/uslugi/opieka/', 'Opieka analityczna', '<p>Dbamy o pomiar co miesiąc.</p><p>Opieka analityczna kosztuje od 1 500 zł netto miesięcznie.</p>'),
    '/uslugi/konsultacje/': page('/uslugi/konsultacje/', 'Konsultacje', '<p>Konsultacje kosztują 250 zł netto za godzinę.</p>', {
      '@type': 'Service',
      name: 'Konsultacje',
      offers: {
        '@type': 'Offer',
        name: 'Konsultacje',
        priceCurrency: 'PLN',
        price: 250,
        priceSpecification: { '@type': 'UnitPriceSpecification', price: 250, priceCurrency: 'PLN', unitCode: 'HUR', unitText: 'za godzinę', valueAddedTaxIncluded: false },
      },
    }),
    '/kontakt/': page('/kontakt/', 'Kontakt', '<p>Napisz: biuro@miara.example.</p>'),
  };
}

describe('importing prices with what they are per', () => {
  let site: FixtureSite;
  let report: ImportReport;
  let imported: SiteContent;

  beforeAll(async () => {
    site = await startFixtureSite(pricedSite);
    const out = await outputDir();
    report = await importSite(`${site.origin}/`, out, { concurrency: 1 });
    imported = (await loadSite(out)).site;
  }, 30_000);
  afterAll(async () => {
    await site?.close();
  });

  const priceOf = (name: string) => publishedPrices(imported, 'pl').find((entry) => entry.name === name);

  it('keeps "/ mies." and "miesięcznie" from a pricing table as a monthly unit, in the site\'s words', () => {
    expect(priceOf('Pozycjonowanie lokalne')).toMatchObject({ from: 1200, currency: 'PLN', unit: { per: 'month', label: '/ mies.' } });
    expect(priceOf('Kampania Google Ads')).toMatchObject({ from: 900, unit: { per: 'month', label: 'miesięcznie' } });
  });

  it('leaves a one-off price without a unit', () => {
    expect(priceOf('Audyt strony')).toMatchObject({ from: 2400, unit: undefined });
  });

  it('takes the unit from the column heading when the cells do not repeat it', () => {
    expect(priceOf('Szkolenie z GA4')).toMatchObject({ from: 1900, unit: { per: 'day', label: 'za dzień' } });
  });

  it('reads a UnitPriceSpecification with unitCode HUR as a price per hour', () => {
    expect(priceOf('Konsultacje')).toMatchObject({ from: 250, unit: { per: 'hour', label: 'za godzinę' } });
  });

  it('reads a service page that states its price only in a sentence, and asks the person to check it', () => {
    const care = publishedPrices(imported, 'pl').find((entry) => entry.pagePath === '/uslugi/opieka/');
    expect(care).toMatchObject({ from: 1500, unit: { per: 'month', label: 'miesięcznie' } });
    expect(report.siteFile?.defaulted.some((field) => field.includes('read from the text of /uslugi/opieka/'))).toBe(true);
  });

  it('writes a prices note that says net, as the site does', () => {
    expect(imported.info.pricing.note.pl).toMatch(/^Ceny netto \(bez VAT\)/);
  });
});

describe('importing the real WordPress 6.1 mirror: prices keep their period', () => {
  let mirror: Awaited<ReturnType<typeof startMirrorSite>>;
  let imported: SiteContent;

  beforeAll(async () => {
    mirror = await startMirrorSite('wordpress');
    const out = await outputDir();
    await importSite(`${mirror.origin}/`, out, { concurrency: 2 });
    imported = (await loadSite(out)).site;
  }, 120_000);
  afterAll(async () => {
    await mirror?.close();
  });

  it('reads "/ mies.", "/ dzień", "/ godz." and "/ os." from the price list as the site writes them', () => {
    const units = Object.fromEntries(publishedPrices(imported, 'pl').filter((entry) => entry.pagePath === '/cennik/').map((entry) => [entry.from, entry.unit]));
    expect(units).toMatchObject({
      3900: undefined,
      1200: { per: 'month', label: '/ mies.' },
      900: { per: 'month', label: '/ mies.' },
      2400: { per: 'day', label: '/ dzień' },
      160: { per: 'hour', label: '/ godz.' },
      450: { per: 'person', label: '/ os.' },
    });
  });

  it('says the prices are net, as the price list does', () => {
    expect(imported.info.pricing.note.pl).toMatch(/^Ceny netto \(bez VAT\)/);
  });

  it('says nothing of euros in llms.txt and pricing.md: the site publishes no price in EUR', () => {
    const urls = new SiteUrls('https://studio.example', imported.info.siteUrl);
    for (const text of [renderLlmsTxt(imported, urls), renderPricingMarkdown(imported, urls)]) {
      expect(text).not.toMatch(/EUR|euro/);
      expect(text).toMatch(/Prices are (published on Polish pages only, )?in PLN\./);
    }
  });
});
