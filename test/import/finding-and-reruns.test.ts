import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { TableResolver } from '../helpers/table-resolver.js';
import { loadSite } from '../../src/content/load-site.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';

const sites: FixtureSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function serve(routes: Routes | ((origin: string) => Routes)): Promise<FixtureSite> {
  const site = await startFixtureSite(routes);
  sites.push(site);
  return site;
}

const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';
const page = (title: string, links: string[] = [], extra = '') => html(`<title>${title}</title><meta name="description" content="${title} at Acme.">`, `<main><h1>${title}</h1><p>${TEXT}</p>${extra}${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</main>`);

describe('finding pages', () => {
  it('follows same-site links breadth first when there is no sitemap', async () => {
    const site = await serve({
      '/': { body: page('Home', ['/services/', 'https://elsewhere.example/', '/about/#team']) },
      '/services/': { body: page('Services', ['/services/audit/']) },
      '/services/audit/': { body: page('Audit', ['/']) },
      '/about/': { body: page('About') },
      '/unlinked/': { body: page('Unlinked') },
    });
    const out = await outputDir();
    const report = await importSite(`${site.origin}/`, out);
    expect(report.added).toEqual(['/', '/about/', '/services/', '/services/audit/']);
    expect(site.requests.map((request) => request.path)).not.toContain('/unlinked/');
  });

  it('follows the site to its www. address when robots.txt redirects there', async () => {
    const wwwOnly = (body: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!req.headers.host?.startsWith('www.')) {
        res.writeHead(301, { location: `http://www.${req.headers.host}${req.url}` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': req.url === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8' }).end(body);
    };
    const site = await serve({ '/robots.txt': wwwOnly('User-agent: *\nAllow: /\n'), '/': wwwOnly(page('Home', ['/about/'])), '/about/': wwwOnly(page('About')) });
    const network = NetworkPolicy.create(true, new TableResolver({ 'acme.example': ['127.0.0.1'], 'www.acme.example': ['127.0.0.1'] }));
    const report = await importSite(`http://acme.example:${site.port}/`, await outputDir(), { network });
    expect(report).toMatchObject({ added: ['/', '/about/'], skipped: [], failed: [] });
  });

  it('stops at --max-pages', async () => {
    const site = await serve({ '/': { body: page('Home', ['/a/', '/b/', '/c/']) }, '/a/': { body: page('A') }, '/b/': { body: page('B') }, '/c/': { body: page('C') } });
    const report = await importSite(`${site.origin}/`, await outputDir(), { maxPages: 2 });
    expect(report.added).toHaveLength(2);
  });

  it('imports only what --include names and leaves out what --exclude names', async () => {
    const site = await serve({
      '/': { body: page('Home', ['/blog/', '/blog/one/', '/blog/tag/x/', '/shop/']) },
      '/blog/': { body: page('Blog') },
      '/blog/one/': { body: page('One') },
      '/blog/tag/x/': { body: page('Tag') },
      '/shop/': { body: page('Shop') },
    });
    const report = await importSite(`${site.origin}/`, await outputDir(), { include: ['/', '/blog/**'], exclude: ['/**/tag/**'] });
    expect(report.added).toEqual(['/', '/blog/', '/blog/one/']);
  });

  it('waits the Crawl-delay robots.txt asks for between requests', async () => {
    const site = await serve({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 0.2\n' },
      '/': { body: page('Home', ['/a/']) },
      '/a/': { body: page('A') },
    });
    const started = Date.now();
    await importSite(`${site.origin}/`, await outputDir());
    const took = Date.now() - started;
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt', '/sitemap.xml', '/', '/a/']);
    // After robots.txt, the sitemap, / and /a/ start at least 200 ms apart: two gaps.
    expect(took).toBeGreaterThanOrEqual(2 * 200 - 10);
  });
});

describe('one clear reason when nothing can be imported', () => {
  it('says the site cannot be reached', async () => {
    const site = await serve({});
    const origin = site.origin;
    await site.close();
    sites.length = 0;
    const report = await importSite(`${origin}/`, await outputDir());
    expect(report.fatal).toBe(`cannot reach ${origin}: the site could not be reached`);
  });

  it('says robots.txt forbids us', async () => {
    const site = await serve({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /\n' }, '/': { body: page('Home') } });
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.fatal).toBe(`robots.txt of ${site.origin} does not allow site-content-mcp to read /: nothing imported`);
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt']);
  });

  it('stops when robots.txt answers 5xx (RFC 9309: read nothing until it answers)', async () => {
    const site = await serve({ '/robots.txt': { status: 503, body: 'busy' }, '/': { body: page('Home') } });
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.fatal).toBe(`robots.txt of ${site.origin} answered HTTP 503; RFC 9309 says to read nothing until it answers: try again later`);
  });

  it('refuses loopback without the test-only switch, like scans do', async () => {
    const site = await serve({ '/': { body: page('Home') } });
    const { systemResolver } = await import('../../src/net/resolver.js');
    const report = await importSite(`${site.origin}/`, await outputDir(), { network: NetworkPolicy.create(false, systemResolver) });
    expect(report.fatal).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ cannot be imported: only websites on the standard ports \(80 for http, 443 for https\) can be imported$/);
    expect(site.requests).toEqual([]);
  });
});

describe('re-runs on the same output directory', () => {
  /** A small site whose pages, validators and sitemap the test can change between runs. */
  function changingSite() {
    const pages: Record<string, { title: string; etag: string }> = {
      '/': { title: 'Home', etag: '"h1"' },
      '/contact/': { title: 'Contact', etag: '"c1"' },
      '/a/': { title: 'Alpha', etag: '"a1"' },
      '/b/': { title: 'Beta', etag: '"b1"' },
    };
    const routes = (origin: string): Routes => {
      const result: Routes = {
        '/sitemap.xml': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(pages).map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
        },
      };
      for (const pagePath of Object.keys(pages)) {
        result[pagePath] = (req, res) => {
          const current = pages[pagePath];
          if (current === undefined) {
            res.writeHead(404).end();
            return;
          }
          if (req.headers['if-none-match'] === current.etag) {
            res.writeHead(304, { etag: current.etag }).end();
            return;
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: current.etag });
          res.end(html(`<title>${current.title}</title><meta name="description" content="${current.title} page.">`, `<main><h1>${current.title}</h1><p>${TEXT}</p><a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a></main>`));
        };
      }
      return result;
    };
    return { pages, routes };
  }

  it('fetches only what changed, with conditional requests, and reports the changes', async () => {
    const { pages, routes } = changingSite();
    const site = await serve(routes);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    pages['/a/'] = { title: 'Alpha, renamed', etag: '"a2"' };
    site.requests.length = 0;
    const report = await importSite(`${site.origin}/`, out);
    expect(site.requests.filter((request) => request.path === '/b/').map((request) => request.headers['if-none-match'])).toEqual(['"b1"']);
    expect(report).toMatchObject({ added: [], updated: ['/a/'], unchanged: 3, removed: [] });
    expect((await loadSite(out)).site.page('/a/')?.title).toBe('Alpha, renamed');
  });

  it('does not request a page again while its sitemap lastmod is unchanged', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc><lastmod>2026-05-01</lastmod></url></urlset>` },
      '/': { body: page('Home') },
    }));
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    site.requests.length = 0;
    const report = await importSite(`${site.origin}/`, out);
    expect(site.requests.map((request) => request.path)).toEqual(['/robots.txt', '/sitemap.xml']);
    expect(report).toMatchObject({ fetched: 0, unchanged: 1, updated: [] });
    // The page states no date of its own: the sitemap's lastmod is its updated date.
    expect(await readFile(path.join(out, 'pages', 'index.md'), 'utf8')).toContain("\nupdated: '2026-05-01'\n");
  });

  it("identifies an unchanged page's language again when the last run's state does not hold it (a state written by an older version)", async () => {
    const polish = 'Projektujemy, budujemy i mierzymy strony internetowe dla małych firm, a każdą liczbę z raportu wyjaśniamy klientowi prostymi słowami.';
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: { 'content-type': 'application/xml' }, body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc><lastmod>2026-05-01</lastmod></url></urlset>` },
      // Declared English, plainly Polish: only the text's language puts it under pl.
      '/': { body: html('<title>Strony dla firm</title>', `<main><h1>Strony dla firm</h1><p>${polish}</p><p>${polish}</p></main>`) },
    }));
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    const stateFile = path.join(out, '.import', 'state.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as { pages: Record<string, { facts: Record<string, unknown> }> };
    for (const record of Object.values(state.pages)) delete record.facts['textLanguage'];
    await writeFile(stateFile, JSON.stringify(state));
    const report = await importSite(`${site.origin}/`, out);
    expect(report).toMatchObject({ fetched: 0, unchanged: 1, removed: [] });
    expect(await readFile(path.join(out, 'pages', 'index.md'), 'utf8')).toMatch(/\nlang: pl\n/);
  });

  it('deletes pages that disappeared from the site', async () => {
    const { pages, routes } = changingSite();
    const site = await serve(routes);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    delete pages['/b/'];
    const report = await importSite(`${site.origin}/`, out);
    expect(report.removed).toEqual(['/b/']);
    expect((await loadSite(out)).site.pages.map((p) => p.path)).toEqual(['/', '/a/', '/contact/']);
  });

  it('types pages by the rules the person adds to the site file', async () => {
    const { routes } = changingSite();
    const site = await serve(routes);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    const siteFile = path.join(out, 'site.yaml');
    await writeFile(siteFile, `${await readFile(siteFile, 'utf8')}import:\n  pageTypes:\n    - { path: /a/, type: service }\n`);
    const report = await importSite(`${site.origin}/`, out);
    expect(report.updated).toEqual(['/a/']);
    expect((await loadSite(out)).site.page('/a/')?.type).toBe('service');
  });

  it('never overwrites what the person changed in the site file', async () => {
    const { pages, routes } = changingSite();
    const site = await serve(routes);
    const out = await outputDir();
    await importSite(`${site.origin}/`, out);
    const siteFile = path.join(out, 'site.yaml');
    await writeFile(siteFile, (await readFile(siteFile, 'utf8')).replace(/^company: .*$/m, 'company: Acme Ltd (edited)'));
    pages['/'] = { title: 'Home', etag: '"h2"' };
    const report = await importSite(`${site.origin}/`, out);
    expect(report.siteFile?.outcome).toBe('kept-edits');
    expect((await readFile(siteFile, 'utf8')).match(/^company: .*$/m)?.[0]).toBe('company: Acme Ltd (edited)');
  });
});
