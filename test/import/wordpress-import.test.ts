import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import type { SiteContent } from '../../src/content/site-content.js';
import type { ImportReport } from '../../src/import/run-import.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';
import { wordpressSite } from './wordpress-site.js';

/**
 * A hand-written imitation of a WordPress site: charsets, robots.txt, a gzip sitemap, redirects and
 * failures. What a real WordPress 6.1 writes (block theme, comments, archives, posts) is tested on
 * the mirror of one in real-wordpress.test.ts.
 */
describe('importing a site built like a typical WordPress site', () => {
  let site: FixtureSite;
  let out: string;
  let report: ImportReport;
  let imported: SiteContent;
  const markdownOf = (pagePath: string) => readFile(path.join(out, 'pages', ...pagePath.split('/').filter(Boolean), 'index.md'), 'utf8');

  beforeAll(async () => {
    site = await startFixtureSite(wordpressSite);
    out = await outputDir();
    // One at a time, so that the redirect is met after the page it leads to.
    report = await importSite(`${site.origin}/`, out, { concurrency: 1 });
    imported = (await loadSite(out)).site;
  }, 30_000);
  afterAll(async () => {
    await site?.close();
  });

  it('imports the right pages with the right types', () => {
    expect(Object.fromEntries(imported.pages.map((page) => [page.path, page.type]))).toEqual({
      '/': 'company',
      '/blog/jak-mierzyc-konwersje/': 'blog',
      '/cennik/': 'pricing',
      '/kontakt/': 'company',
      '/o-nas/': 'company',
      '/polityka-prywatnosci/': 'company',
      '/uslugi/': 'services_index',
      '/uslugi/pozycjonowanie-lokalne/': 'service',
    });
  });

  it('reports every skipped and failed page with its reason', () => {
    expect(report.skipped).toEqual([
      { url: `${site.origin}/de/ueber-uns/`, reason: 'in de: only pl and en pages can be served' },
      { url: `${site.origin}/prywatne/raport/`, reason: 'robots.txt does not allow us to read it' },
      { url: `${site.origin}/stara-strona/`, reason: `redirects to ${site.origin}/o-nas/, which is imported already` },
    ]);
    expect(report.failed).toEqual([{ url: `${site.origin}/awaria/`, reason: 'HTTP 500' }]);
    expect(report.otherLanguages).toEqual({ de: 1 });
  });

  it('never requests what robots.txt excludes', () => {
    expect(site.requests.map((request) => request.path)).not.toContain('/prywatne/raport/');
  });

  it('reads the sitemap index and its gzip-compressed child', () => {
    expect(imported.page('/blog/jak-mierzyc-konwersje/')).toBeDefined();
  });

  it('turns a windows-1250 page into correct UTF-8', async () => {
    expect(imported.page('/blog/jak-mierzyc-konwersje/')?.title).toBe('Jak mierzyć konwersje');
    expect(await markdownOf('/blog/jak-mierzyc-konwersje/')).toContain('Zażółć gęślą jaźń');
  });

  it('keeps the main content and leaves out navigation, cookie banner, share buttons, forms and footer', async () => {
    const markdown = await markdownOf('/kontakt/');
    expect(markdown).toContain('# Kontakt');
    expect(markdown).toContain('biuro@pixel-studio.example');
    for (const chrome of ['Strona główna', 'plików cookies', 'Udostępnij', 'Facebook', 'Wyślij', 'Półwiejska']) expect(markdown).not.toContain(chrome);
  });

  it('keeps code blocks and tables', async () => {
    expect(await markdownOf('/uslugi/pozycjonowanie-lokalne/')).toContain('```\n<script type="application/ld+json">{"@type": "LocalBusiness"}</script>\n```');
    expect(await markdownOf('/cennik/')).toMatch(/\| Pozycjonowanie lokalne \| od 1 500 zł netto \/ mies\. \|/);
  });

  it('takes titles without the site name, dates and the author from the page', () => {
    const post = imported.page('/blog/jak-mierzyc-konwersje/')!;
    expect(post).toMatchObject({ title: 'Jak mierzyć konwersje', published: '2024-03-01', author: 'Anna Nowak' });
  });

  it('writes the site file from what the site states, prices from the pricing table, and lists what is missing', () => {
    expect(imported.info).toMatchObject({ company: 'Pixel Studio Sp. z o.o.', languages: ['pl'], salesEmail: 'biuro@pixel-studio.example' });
    expect(imported.info.contact.pl).toEqual({ email: 'biuro@pixel-studio.example', phone: '+48 61 234 56 78', contactForm: '/kontakt/', privacyPolicy: '/polityka-prywatnosci/' });
    expect(imported.info.pricing.items.map((item) => ({ name: item.name.pl, from: item.from.pl, page: item.page.pl }))).toEqual([
      { name: 'Pozycjonowanie lokalne', from: 1500, page: '/cennik/' },
      { name: 'Kampania Google Ads', from: 900, page: '/cennik/' },
    ]);
    expect(imported.info.pricing.currency.pl).toBe('PLN');
    expect(report.siteFile?.missing).toEqual([]);
  });
});
