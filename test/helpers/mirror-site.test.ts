import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mirror } from '../../scripts/fixtures/mirror.js';
import { html, startFixtureSite, type FixtureSite } from './fixture-site.js';
import { readMirrorManifest, REAL_SITES, startBuiltSite, startMirrorSite } from './mirror-site.js';
import { REPO_ROOT } from './paths.js';

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });

describe('serving the WordPress mirror on loopback', () => {
  let site: Awaited<ReturnType<typeof startMirrorSite>>;
  beforeAll(async () => {
    site = await startMirrorSite('wordpress');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('answers a recorded page with its recorded status and type, in its own origin', async () => {
    const response = await get(`${site.origin}/o-nas/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const body = await response.text();
    expect(body).toContain(`<link rel="canonical" href="${site.origin}/o-nas/" />`);
    expect(body).not.toContain(site.manifest.origin);
  });

  it('replaces the recorded origin where WordPress escapes it for JSON', async () => {
    const index = await (await get(`${site.origin}/wp-json/`)).text();
    expect(index).toContain(`"home":"http:\\/\\/127.0.0.1:${site.port}"`);
    expect(JSON.parse(index)).toMatchObject({ name: 'Studio Lipiec – strony dla firm', url: site.origin });
  });

  it('answers a recorded redirect with its status and a location in its own origin', async () => {
    const response = await get(`${site.origin}/sitemap.xml`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${site.origin}/wp-sitemap.xml`);
  });

  it('answers 404 for anything that was not recorded', async () => {
    expect((await get(`${site.origin}/no-such-page/`)).status).toBe(404);
  });

  it('answers 304 to a conditional request with the recorded ETag', async () => {
    const feed = site.manifest.entries['/feed/']!;
    expect((await get(`${site.origin}/feed/`, { 'if-none-match': feed.headers.etag! })).status).toBe(304);
  });

  it('records every request it answers', async () => {
    await get(`${site.origin}/robots.txt`);
    expect(site.requests.at(-1)).toMatchObject({ method: 'GET', path: '/robots.txt' });
  });
});

describe('serving a mirror with entries replaced', () => {
  it('serves the overlay recorded when PHP had no SimpleXML: the sitemap answers 501', async () => {
    const site = await startMirrorSite('wordpress', { overlay: 'wordpress-sitemap-501' });
    try {
      const response = await get(`${site.origin}/wp-sitemap.xml`);
      expect(response.status).toBe(501);
      expect(await response.text()).toContain('Could not generate XML sitemap due to missing SimpleXML extension');
      expect((await get(`${site.origin}/o-nas/`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('serves an override in place of the recorded entry', async () => {
    const site = await startMirrorSite('wordpress', { overrides: { '/robots.txt': { status: 503, body: 'down' } } });
    try {
      expect((await get(`${site.origin}/robots.txt`)).status).toBe(503);
    } finally {
      await site.close();
    }
  });
});

describe('mirroring a site and serving the mirror', () => {
  let live: FixtureSite;
  let served: Awaited<ReturnType<typeof startMirrorSite>>;
  let dir: string;
  beforeAll(async () => {
    live = await startFixtureSite((origin) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap-index.xml\n` },
      '/sitemap-index.xml': { headers: { 'content-type': 'application/xml' }, body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>` },
      '/pages.xml': { headers: { 'content-type': 'application/xml' }, body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>` },
      '/': { headers: { 'last-modified': 'Wed, 05 Nov 2025 10:00:00 GMT' }, body: html('<title>Home</title>', `<a href="/about/">About</a> <a href="/old/">Old</a> <a href="/private/x/">Private</a> <a href="/logo.png">Logo</a> <a href="https://elsewhere.example/">Away</a>`) },
      '/about/': { body: html('<title>About</title>', `<a href="${origin}/">Home</a> <a href="/gone/">Gone</a>`) },
      '/old/': { status: 301, headers: { location: `${origin}/about/` } },
    }));
    dir = await mkdtemp(path.join(tmpdir(), 'mirror-'));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await mirror({ origin: live.origin, out: dir, start: ['/'], extra: [], excludes: [], max: 50, tool: 'test', script: 'test' });
    served = await startMirrorSite(dir);
  });
  afterAll(async () => {
    await Promise.all([live?.close(), served?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('records robots.txt, the sitemap index and its child, the pages, the redirect and the 404 it met', () => {
    expect(Object.fromEntries(Object.entries(served.manifest.entries).map(([key, entry]) => [key, entry.status]))).toEqual({
      '/': 200,
      '/about/': 200,
      '/gone/': 404,
      '/old/': 301,
      '/pages.xml': 200,
      '/robots.txt': 200,
      '/sitemap-index.xml': 200,
      '/sitemap.xml': 404,
    });
  });

  it('leaves out what robots.txt disallows, assets and other origins', () => {
    expect(live.requests.map((request) => request.path)).not.toEqual(expect.arrayContaining(['/private/x/']));
    expect(live.requests.map((request) => request.path)).not.toContain('/logo.png');
  });

  it('serves the recorded bodies and headers with its own origin in place of the one mirrored', async () => {
    const home = await get(`${served.origin}/`);
    expect(home.headers.get('last-modified')).toBe('Wed, 05 Nov 2025 10:00:00 GMT');
    expect(await (await get(`${served.origin}/about/`)).text()).toContain(`<a href="${served.origin}/">Home</a>`);
    expect((await get(`${served.origin}/old/`)).headers.get('location')).toBe(`${served.origin}/about/`);
  });
});

describe('every committed mirror', () => {
  const names = readdirSync(REAL_SITES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it('is one of the mirrors the README describes', () => {
    expect(names.sort()).toEqual(['docbook', 'hugo', 'mkdocs', 'sphinx', 'wordpress', 'wordpress-sitemap-501']);
  });

  it.each(names)('%s: names a loopback origin, the tool and script that made it, and a body file for every body', (name) => {
    const manifest = readMirrorManifest(path.join(REAL_SITES, name));
    expect(manifest.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(manifest.tool).not.toBe('unknown');
    expect(existsSync(path.join(REPO_ROOT, manifest.script))).toBe(true);
    const bodies = Object.values(manifest.entries).flatMap((entry) => (entry.body === undefined ? [] : [entry.body]));
    for (const body of bodies) expect(existsSync(path.join(REAL_SITES, name, body)), body).toBe(true);
    const files = readdirSync(path.join(REAL_SITES, name, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files).toHaveLength(new Set(bodies).size);
  });
});

describe('serving a framework build (startBuiltSite)', () => {
  let spa: Awaited<ReturnType<typeof startBuiltSite>>;
  let exported: Awaited<ReturnType<typeof startBuiltSite>>;
  beforeAll(async () => {
    [spa, exported] = await Promise.all([startBuiltSite('react-spa', { spaFallback: true }), startBuiltSite('astro-static')]);
  });
  afterAll(async () => {
    await Promise.all([spa?.close(), exported?.close()]);
  });

  it('answers a client-only route of the single-page application with its index.html, as its host would', async () => {
    const route = await get(`${spa.origin}/en/services/websites/`);
    expect(route.status).toBe(200);
    const body = await route.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).toBe(await (await get(`${spa.origin}/`)).text());
  });

  it('answers a missing asset of the single-page application with a 404, not the index', async () => {
    expect((await get(`${spa.origin}/assets/missing.js`)).status).toBe(404);
  });

  it('answers the static export page by page, with a 304 to its ETag', async () => {
    const page = await get(`${exported.origin}/en/services/websites/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Websites – Studio Lipiec</title>');
    expect((await get(`${exported.origin}/en/services/websites/`, { 'if-none-match': page.headers.get('etag')! })).status).toBe(304);
    expect((await get(`${exported.origin}/nie-ma/`)).status).toBe(404);
  });
});
