import type http from 'node:http';
import { createGzip, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { importFetchSettings } from '../../src/import/import-settings.js';
import { readSitemaps, sitemapLanguages, type DiscoveryLimits, type SitemapDiscovery } from '../../src/import/sitemaps.js';
import type { Fetcher } from '../../src/net/fetcher.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import { openSession } from '../../src/net/session.js';
import { TableResolver } from '../helpers/table-resolver.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { importSite, outputDir } from './import-helpers.js';

/**
 * Sitemaps are read as streams and within bounds: reading stops once enough pages are known, and
 * at the size, time and file limits; each sitemap's outcome is reported; a sitemap is read once
 * however often it is listed, and never from another site.
 */
const sites: FixtureSite[] = [];
const fetchers: Fetcher[] = [];
const stalled: http.ServerResponse[] = [];
afterEach(async () => {
  for (const res of stalled.splice(0)) res.destroy();
  await Promise.all([...sites.splice(0).map((site) => site.close()), ...fetchers.splice(0).map((fetcher) => fetcher.close())]);
});

async function serve(routes: Routes | ((origin: string) => Routes)): Promise<FixtureSite> {
  const site = await startFixtureSite(routes);
  sites.push(site);
  return site;
}

function discover(site: FixtureSite, start: string[], limits: Partial<DiscoveryLimits> = {}, want = 1000, network = NetworkPolicy.create(true, systemResolver), origin = site.origin): Promise<SitemapDiscovery> {
  const fetcher = openSession(network, { settings: importFetchSettings('0.0.0-test', 100, 4), signal: new AbortController().signal });
  fetchers.push(fetcher);
  return readSitemaps(fetcher, { start, origin, want, keep: () => true, beforeRequest: async () => {}, limits });
}

const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';
const page = (title: string) => html(`<title>${title}</title>`, `<main><h1>${title}</h1><p>${TEXT}</p></main>`);
const XML = { 'content-type': 'application/xml' };
const urlset = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`;
const index = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<sitemap><loc>${url}</loc></sitemap>`).join('')}</sitemapindex>`;
const count = (site: FixtureSite, path: string) => site.requests.filter((request) => request.path === path).length;

/** A gzip-compressed sitemap that never ends: `<url>` after `<url>`, as fast as the reader takes them. */
function endlessGzipSitemap(origin: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/gzip' });
    const gzip = createGzip();
    gzip.pipe(res);
    let n = 0;
    const pump = () => {
      while (!res.destroyed && gzip.write(`<url><loc>${origin}/p/${n}/</loc></url>\n`)) n += 1;
      if (!res.destroyed) gzip.once('drain', pump);
    };
    res.on('close', () => gzip.destroy());
    gzip.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
    pump();
  };
}

describe('reading stops when enough pages are known', () => {
  it('imports from an endless gzip-compressed sitemap, reading it only until --max-pages are known', async () => {
    const site = await serve((origin) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml.gz\n` },
      '/sitemap.xml.gz': endlessGzipSitemap(origin),
      '/': { body: page('Home') },
      ...Object.fromEntries(Array.from({ length: 4 }, (_, n) => [`/p/${n}/`, { body: page(`Page ${n}`) }])),
    }));
    const report = await importSite(`${site.origin}/`, await outputDir(), { maxPages: 4 });
    expect(report.added).toEqual(['/', '/p/0/', '/p/1/', '/p/2/']);
    expect(report.discovery).toMatchObject({ via: 'sitemaps', complete: false, stopped: 'enough', sitemaps: [{ url: `${site.origin}/sitemap.xml.gz`, status: 'partial', reason: 'enough pages were known for --max-pages' }] });
  });
});

describe('limits on what discovery reads', () => {
  it('stops a gzip bomb at the size limit per file and keeps the pages listed before it', async () => {
    // 10 MB of spaces after one page: about 10 KB on the wire.
    const bomb = (origin: string) => gzipSync(Buffer.concat([Buffer.from(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a/</loc></url>`), Buffer.alloc(10 * 1024 * 1024, 0x20), Buffer.from('</urlset>')]));
    const site = await serve((origin) => ({ '/sitemap.xml.gz': { headers: { 'content-type': 'application/gzip' }, body: bomb(origin) } }));
    const result = await discover(site, [`${site.origin}/sitemap.xml.gz`], { fileBytes: 1024 * 1024 });
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/a/`]);
    expect(result.sitemaps).toEqual([{ url: `${site.origin}/sitemap.xml.gz`, status: 'partial', urls: 1, reason: 'larger than 1 MB uncompressed' }]);
    expect(result.complete).toBe(false);
  });

  it('stops at the total size limit and says which sitemaps were not read', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: index([`${origin}/one.xml`, `${origin}/two.xml`]) },
      '/one.xml': { headers: XML, body: urlset(Array.from({ length: 200 }, (_, n) => `${origin}/one/${n}/`)) },
      '/two.xml': { headers: XML, body: urlset([`${origin}/two/`]) },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`], { totalBytes: 4_000 });
    expect(result.stopped).toBe('bytes');
    expect(result.sitemaps.map(({ url, status, reason }) => ({ path: new URL(url).pathname, status, reason }))).toEqual([
      { path: '/sitemap.xml', status: 'read', reason: undefined },
      { path: '/one.xml', status: 'partial', reason: 'the discovery size limit was reached' },
      { path: '/two.xml', status: 'not-read', reason: 'the discovery size limit was reached' },
    ]);
    expect(count(site, '/two.xml')).toBe(0);
  });

  it('stops at the time limit, keeping the pages a dripping sitemap sent before it', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': (_req, res) => {
        res.writeHead(200, XML);
        res.write(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/first/</loc></url>${' '.repeat(2048)}`);
        stalled.push(res);
      },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`], { timeMs: 300 });
    expect(result).toMatchObject({ stopped: 'time', complete: false, sitemaps: [{ status: 'partial', urls: 1, reason: 'the discovery time limit was reached' }] });
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/first/`]);
  });

  it('reads a sitemap larger than a page may be (5 MB) to its end, up to the sitemap limit', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a/</loc></url>${' '.repeat(6 * 1024 * 1024)}<url><loc>${origin}/z/</loc></url></urlset>` },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.sitemaps).toEqual([{ url: `${site.origin}/sitemap.xml`, status: 'read', urls: 2 }]);
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/a/`, `${site.origin}/z/`]);
  });

  it('stops at a tag or attribute longer than any sitemap needs, keeping the pages before it', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a/</loc></url><url data="${'a'.repeat(2_000_000)}"><loc>${origin}/b/</loc></url></urlset>` },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.sitemaps).toEqual([{ url: `${site.origin}/sitemap.xml`, status: 'partial', urls: 1, reason: 'a tag or attribute longer than 64 KB: not read further' }]);
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/a/`]);
  });

  it('does not read sitemap indexes nested deeper than the limit', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: index([`${origin}/level-1.xml`]) },
      '/level-1.xml': { headers: XML, body: index([`${origin}/level-2.xml`]) },
      '/level-2.xml': { headers: XML, body: urlset([`${origin}/deep/`]) },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`], { nesting: 1 });
    expect(result.sitemaps.at(-1)).toEqual({ url: `${site.origin}/level-2.xml`, status: 'not-read', urls: 0, reason: 'sitemap indexes nested more than 1 deep' });
    expect(count(site, '/level-2.xml')).toBe(0);
  });
});

describe('which sitemaps are read', () => {
  it('reads a sitemap once, however often indexes list it (an index naming itself, a cycle)', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: index([`${origin}/sitemap.xml`, `${origin}/child.xml`]) },
      '/child.xml': { headers: XML, body: index([`${origin}/sitemap.xml`, `${origin}/pages.xml`]) },
      '/pages.xml': { headers: XML, body: urlset([`${origin}/a/`]) },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/a/`]);
    expect([count(site, '/sitemap.xml'), count(site, '/child.xml'), count(site, '/pages.xml')]).toEqual([1, 1, 1]);
    expect(result.complete).toBe(true);
  });

  it('never requests a sitemap of another site, named in robots.txt, in an index or by a redirect', async () => {
    const elsewhere = await serve({ '/sitemap.xml': { headers: XML, body: urlset(['http://elsewhere.example/']) } });
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: XML, body: index([`${elsewhere.origin}/sitemap.xml?from-index`, `${origin}/moved.xml`]) },
      '/moved.xml': { status: 301, headers: { location: `${elsewhere.origin}/sitemap.xml?from-redirect` } },
    }));
    const result = await discover(site, [`${elsewhere.origin}/sitemap.xml`, `${site.origin}/sitemap.xml`]);
    expect(elsewhere.requests).toEqual([]);
    expect(result.sitemaps.map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: 'not-read', reason: 'on another site: not read' },
      { status: 'read', reason: undefined },
      { status: 'not-read', reason: 'on another site: not read' },
      { status: 'failed', reason: `could not be fetched: redirects to another site (${elsewhere.origin})` },
    ]);
  });
});

describe('sitemaps of the same site', () => {
  it('reads a sitemap on the www. address of the site', async () => {
    const site = await serve({ '/sitemap.xml': (req, res) => res.writeHead(200, XML).end(urlset([`http://acme.example:${req.socket.localPort}/a/`])) });
    const network = NetworkPolicy.create(true, new TableResolver({ 'acme.example': ['127.0.0.1'], 'www.acme.example': ['127.0.0.1'] }));
    const origin = `http://acme.example:${site.port}`;
    const result = await discover(site, [`http://www.acme.example:${site.port}/sitemap.xml`], {}, 1000, network, origin);
    expect(result.sitemaps).toEqual([{ url: `http://www.acme.example:${site.port}/sitemap.xml`, status: 'read', urls: 1 }]);
    expect(result.entries.map((entry) => entry.url)).toEqual([`${origin}/a/`]);
  });

  it('says a sitemap whose redirects go round in a loop could not be fetched', async () => {
    const site = await serve({ '/sitemap.xml': { status: 302, headers: { location: '/sitemap-2.xml' } }, '/sitemap-2.xml': { status: 302, headers: { location: '/sitemap.xml' } } });
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.sitemaps).toEqual([{ url: `${site.origin}/sitemap.xml`, status: 'failed', urls: 0, reason: 'could not be fetched: the redirects go round in a loop' }]);
  });

  it('lists at most one sitemap more than the file limit, however many robots.txt names', async () => {
    const site = await serve({});
    const result = await discover(site, Array.from({ length: 50 }, (_, n) => `${site.origin}/s${n}.xml`), { files: 3 });
    expect(result.sitemaps).toHaveLength(4);
    expect(result.sitemaps.at(-1)).toMatchObject({ status: 'not-read', reason: 'the limit on sitemap files was reached' });
    expect(result.stopped).toBe('files');
  });
});

describe('what each sitemap gave, for the summary and the sync', () => {
  it.each([
    ['an HTTP error', { status: 503, body: 'busy' }, { status: 'failed', httpStatus: 503, reason: 'HTTP 503', urls: 0 }],
    ['an empty sitemap', { headers: XML, body: urlset([]) }, { status: 'empty', urls: 0 }],
    ['an HTML maintenance page', { body: page('Back soon') }, { status: 'not-sitemap', reason: 'an HTML page, not a sitemap', urls: 0 }],
    ['a body that is not XML', { headers: { 'content-type': 'text/plain' }, body: 'nothing here' }, { status: 'not-sitemap', reason: 'not XML', urls: 0 }],
    ['another XML document', { headers: XML, body: '<rss version="2.0"><channel/></rss>' }, { status: 'not-sitemap', reason: 'not a sitemap (<rss> instead of <urlset> or <sitemapindex>)', urls: 0 }],
  ])('says what came back: %s', async (_name, route, outcome) => {
    const site = await serve({ '/sitemap.xml': route });
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.sitemaps).toEqual([{ url: `${site.origin}/sitemap.xml`, ...outcome }]);
    expect(result.complete).toBe(outcome.status === 'empty');
  });

  it('says the pages were found by following links when the sitemap fails', async () => {
    const site = await serve({ '/sitemap.xml': { status: 501, body: 'no' }, '/': { body: page('Home') } });
    const report = await importSite(`${site.origin}/`, await outputDir());
    expect(report.discovery).toMatchObject({ via: 'links', complete: false, sitemaps: [{ status: 'failed', httpStatus: 501 }] });
  });

  it('reads hreflang alternates of each page', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': {
        headers: XML,
        body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>${origin}/pl/oferta/</loc>
    <lastmod>2026-05-01</lastmod>
    <xhtml:link rel="alternate" hreflang="pl-PL" href="${origin}/pl/oferta/"/>
    <xhtml:link rel="alternate" hreflang="en-GB" href="${origin}/en/services/"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/>
  </url>
  <url><loc>${origin}/plain/</loc></url>
</urlset>`,
      },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.entries).toEqual([
      {
        url: `${site.origin}/pl/oferta/`,
        lastmod: '2026-05-01',
        alternates: [
          { lang: 'pl-PL', url: `${site.origin}/pl/oferta/` },
          { lang: 'en-GB', url: `${site.origin}/en/services/` },
          { lang: 'x-default', url: `${site.origin}/` },
        ],
      },
      { url: `${site.origin}/plain/`, lastmod: undefined, alternates: [] },
    ]);
  });

  it('tells the language of each URL its hreflang names, listed or not, x-default aside', () => {
    const languageOf = sitemapLanguages([
      { url: 'https://acme.example/pl/oferta/', lastmod: undefined, alternates: [{ lang: 'pl-PL', url: 'https://acme.example/pl/oferta/' }, { lang: 'en-GB', url: 'https://acme.example/en/services/' }, { lang: 'x-default', url: 'https://acme.example/' }] },
      { url: 'https://acme.example/plain/', lastmod: undefined, alternates: [] },
    ]);
    expect(['/pl/oferta/', '/en/services/', '/', '/plain/'].map((path) => languageOf(`https://acme.example${path}`))).toEqual(['pl-PL', 'en-GB', undefined, undefined]);
  });

  it('reads a sitemap in the wild: a stray & in a URL, windows-1250 (as its Content-Type says)', async () => {
    const site = await serve((origin) => ({
      '/sitemap.xml': { headers: { 'content-type': 'application/xml; charset=windows-1250' }, body: Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="windows-1250"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a/?x=1&y=2</loc></url><url><loc>${origin}/`), Buffer.from([0xb3]), Buffer.from('/</loc></url></urlset>')]) },
    }));
    const result = await discover(site, [`${site.origin}/sitemap.xml`]);
    expect(result.entries.map((entry) => entry.url)).toEqual([`${site.origin}/a/?x=1&y=2`, `${site.origin}/%C5%82/`]);
  });
});
