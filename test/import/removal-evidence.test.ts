import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load-site.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';

/** A re-run of `import` on the same --out removes a page only on evidence that it is gone (docs/import.md). */

const sites: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';
const ALL = ['/', '/contact/', '/a/', '/b/', '/c/', '/d/'];

/** Six pages, the home page linking only to the contact page; the test decides what the sitemap says and which pages answer 404 or move. */
async function sixPageSite(state: { sitemap: 'all' | 'fail' | string[]; gone: Set<string>; moved: Record<string, string>; lang?: Record<string, string> }): Promise<FixtureSite> {
  const routes = (origin: string): Routes => {
    const result: Routes = {
      '/sitemap.xml': (_req, res) => {
        if (state.sitemap === 'fail') res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Busy</h1>');
        else res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${(state.sitemap === 'all' ? ALL : state.sitemap).map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
      },
    };
    for (const pagePath of [...ALL, '/e/']) {
      result[pagePath] = (req: http.IncomingMessage, res: http.ServerResponse) => {
        const target = state.moved[pagePath];
        if (target !== undefined) res.writeHead(301, { location: target }).end();
        else if (state.gone.has(pagePath) || pagePath === '/e/') res.writeHead(pagePath === '/e/' ? 200 : 410, { 'content-type': 'text/html' }).end(pagePath === '/e/' ? page('/e/') : '');
        else if (req.headers['if-none-match'] === etag(pagePath)) res.writeHead(304, { etag: etag(pagePath) }).end();
        else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: etag(pagePath) }).end(page(pagePath));
      };
    }
    return result;
  };
  const etag = (pagePath: string) => `"${pagePath}${state.lang?.[pagePath] ?? ''}"`;
  const page = (pagePath: string) =>
    html(
      `<title>Page ${pagePath}</title><meta name="description" content="Page ${pagePath} at Acme.">`,
      `<main><h1>Page ${pagePath}</h1><p>${TEXT} <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a></p>${pagePath === '/' ? '<a href="/contact/">Contact</a>' : ''}</main>`,
      state.lang?.[pagePath] ?? 'en',
    );
  const site = await startFixtureSite(routes);
  sites.push(site);
  return site;
}

const paths = async (out: string) => (await loadSite(out)).site.pages.map((page) => page.path);

describe('a re-run removes a page only on evidence that it is gone', () => {
  it('keeps every page when the sitemap fails, re-checking with a request each page links do not reach', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = 'fail';
    site.requests.length = 0;
    const report = await importSite(`${site.origin}/`, out);
    expect(report).toMatchObject({ removed: [], rechecked: 4, kept: [] });
    expect(site.requests.filter((request) => ['/a/', '/b/', '/c/', '/d/'].includes(request.path)).map((request) => request.headers['if-none-match']).sort()).toEqual(['"/a/"', '"/b/"', '"/c/"', '"/d/"']);
    expect(report.howFound).toBe(`the sitemap could not be read (${site.origin}/sitemap.xml: HTTP 503): links were followed from the start page`);
    expect(report.weaker).toMatch(/the last good sitemap listed 6 pages/);
    expect(await paths(out)).toEqual(['/', '/a/', '/b/', '/c/', '/contact/', '/d/']);
  });

  it('removes a page the re-check finds gone (410), even while the sitemap fails', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = 'fail';
    state.gone.add('/c/');
    const report = await importSite(`${site.origin}/`, out);
    expect(report.removed).toEqual(['/c/']);
  });

  it('removes a page that a sitemap read whole no longer lists, without asking for it', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = ['/', '/contact/', '/a/', '/b/', '/c/'];
    site.requests.length = 0;
    const report = await importSite(`${site.origin}/`, out);
    expect(report).toMatchObject({ removed: ['/d/'], rechecked: 0 });
    expect(site.requests.map((request) => request.path)).not.toContain('/d/');
  });

  it('does not trust a sitemap that lists fewer than half the pages of the last one: the others are re-checked and kept', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = ['/', '/contact/'];
    const report = await importSite(`${site.origin}/`, out);
    expect(report).toMatchObject({ removed: [], rechecked: 4 });
    expect(report.weaker).toBe('the sitemap lists 2 pages, fewer than half of the 6 it listed last time: pages not listed were re-checked, none removed without a 404 or 410');
    expect(await paths(out)).toHaveLength(6);
  });

  it('removes a page that moved permanently to another page of the site', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} as Record<string, string> };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = 'fail';
    state.moved['/d/'] = '/e/';
    const report = await importSite(`${site.origin}/`, out);
    expect(report.removed).toEqual(['/d/']);
    expect(await paths(out)).toContain('/e/');
  });

  it('keeps a page whose re-check fails, and names it with the reason', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} as Record<string, string> };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.sitemap = 'fail';
    // A redirect loop: the page can be neither read nor found gone.
    state.moved['/c/'] = '/c/';
    const report = await importSite(`${site.origin}/`, out);
    expect(report.removed).toEqual([]);
    expect(report.kept).toEqual([{ url: `${site.origin}/c/`, reason: expect.stringMatching(/redirect/) }]);
    expect(await paths(out)).toContain('/c/');
  });

  it('removes a page it read this time and may no longer import (its language cannot be served)', async () => {
    const state = { sitemap: 'all' as 'all' | 'fail' | string[], gone: new Set<string>(), moved: {} as Record<string, string>, lang: {} as Record<string, string> };
    const site = await sixPageSite(state);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    state.lang['/d/'] = 'de';
    const report = await importSite(`${site.origin}/`, out);
    expect(report.removed).toEqual(['/d/']);
    expect(await paths(out)).not.toContain('/d/');
  });
});
