import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importSummary } from '../../src/import/import-summary.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';

const sites: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';
const page = (title: string, links: string[] = []) =>
  html(
    `<title>${title}</title><meta name="description" content="${title} at Acme.">`,
    `<main><h1>${title}</h1><p>${TEXT} <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a></p>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</main>`,
  );

/** A site of `pages` pages, all listed in its sitemap, or with a sitemap that answers `sitemapStatus`. */
async function siteOf(pages: number, sitemapStatus = 200, extraRoutes: Routes = {}): Promise<FixtureSite> {
  const paths = ['/', '/contact/', ...Array.from({ length: pages - 2 }, (_, index) => `/p${String(index).padStart(3, '0')}/`)];
  const site = await startFixtureSite((origin) => {
    const routes: Routes = {
      '/sitemap.xml': sitemapStatus === 200
        ? { headers: { 'content-type': 'application/xml' }, body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>` }
        : { status: sitemapStatus, body: '<h1>Not implemented</h1>' },
      ...extraRoutes,
    };
    for (const pagePath of paths) routes[pagePath] ??= { body: page(`Page ${pagePath}`, pagePath === '/' ? ['/contact/'] : []) };
    return routes;
  });
  sites.push(site);
  return site;
}

describe('the import summary', () => {
  it('prints counts first, then at most ten paths per list, and names the file with every list whole', async () => {
    const site = await siteOf(25);
    const out = await outputDir();
    const report = await importSite(`${site.origin}/`, out);
    const printed = importSummary(report, out, 'en');
    expect(printed.indexOf('pages found')).toBeLessThan(printed.indexOf('Added (25):'));
    const added = printed.slice(printed.indexOf('Added (25):')).split('\n').slice(1, 13);
    expect(added.slice(0, 10).every((line) => /^ {2}\/\S*$/.test(line))).toBe(true);
    expect(added[10]).toBe('  … and 15 more');
    expect(printed).toContain(`Every list in full: ${path.join(out, '.import', 'summary.txt')}`);
    const full = await readFile(path.join(out, '.import', 'summary.txt'), 'utf8');
    expect(full.match(/^ {2}\/p\d{3}\/$/gm)).toHaveLength(23);
  });

  it('stays short for a 2,000-page site', () => {
    const many = Array.from({ length: 2000 }, (_, index) => `/page-${index}/`);
    const report = {
      found: 2000, fetched: 2000, added: many, updated: [], unchanged: 0, removed: [], skipped: many.map((url) => ({ url, reason: 'in de: only pl and en pages can be served' })),
      failed: [], otherLanguages: { de: 2000 }, pagesInOutput: 2000, howFound: 'sitemap read: 2000 pages listed', rechecked: 0, kept: [], durationMs: 1000,
    };
    const printed = importSummary(report, '/out', 'en');
    expect(printed.split('\n').length).toBeLessThan(50);
    expect(printed).toContain('  … and 1,990 more');
  });

  it.each([
    [11, '… i 1 kolejna'],
    [12, '… i 2 kolejne'],
    [15, '… i 5 kolejnych'],
    [32, '… i 22 kolejne'],
    [35, '… i 25 kolejnych'],
    [2010, '… i 2000 kolejnych'],
  ])('on a Polish terminal, says what %i added pages leave out with the form Polish needs', (added, more) => {
    const pages = Array.from({ length: added }, (_, index) => `/strona-${index}/`);
    const report = {
      found: added, fetched: added, added: pages, updated: [], unchanged: 0, removed: [], skipped: [], failed: [], otherLanguages: {}, pagesInOutput: added,
      howFound: 'przeczytano mapę witryny', rechecked: 0, kept: [], durationMs: 1500,
    };
    const printed = importSummary(report, '/out', 'pl');
    expect(printed).toContain(`Dodane (${added.toLocaleString('pl-PL')}):\n`);
    expect(printed).toContain(`  ${more}\n`);
    expect(printed).toMatch(/^ {2}czas +1,5 s$/m);
  });

  it('says the sitemap answered 501, so links were followed', async () => {
    const site = await siteOf(3, 501);
    const out = await outputDir();
    const printed = importSummary(await importSite(`${site.origin}/`, out), out, 'en');
    expect(printed).toContain(`How pages were found: the sitemap could not be read (${site.origin}/sitemap.xml: HTTP 501): links were followed from the start page.`);
  });

  it('says the sitemap was read, and how many pages it listed', async () => {
    const site = await siteOf(3);
    const out = await outputDir();
    const printed = importSummary(await importSite(`${site.origin}/`, out), out, 'en');
    expect(printed).toContain('How pages were found: sitemap read: 3 pages listed.');
  });
});

describe('links that are not pages', () => {
  it('are not queued: Markdown alternates, feeds, images, PDFs and ?format= variants', async () => {
    const site = await siteOf(2, 404, {
      '/': { body: page('Home', ['/contact/', '/about/', '/about.md', '/about/index.md', '/feed/', '/comments/feed/', '/?feed=rss2', '/brochure.pdf', '/logo.png', '/about/?format=amp', '/data.json']) },
      '/about/': { body: page('About') },
    });
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.added).toEqual(['/', '/about/', '/contact/']);
    expect(site.requests.map((request) => request.path).sort()).toEqual(['/', '/about/', '/contact/', '/robots.txt', '/sitemap.xml']);
  });
});
