import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveHttp, type RunningServer } from '../../src/http/serve.js';
import { quietLogger, testConfig } from '../helpers/context.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';

/**
 * The sync-fault suite (issue 24): `serve --source` against one loopback site that the test
 * switches between the ways a real site fails. After each switch and sync, every page that still
 * exists is served, and /api/v1/health says what happened.
 */

type Mode = 'ok' | 'sitemap-503' | 'sitemap-empty' | 'sitemap-html' | 'all-500' | 'home-500' | 'long-path' | 'redirect-disallowed';

const LONG = `/${'x'.repeat(300)}/`;
/** Six pages; the home page links only to the contact page, the sitemap lists all six. */
const PAGES = ['/', '/contact/', '/a/', '/b/', '/c/', '/d/'];
const TITLES: Record<string, string> = { '/': 'Acme Heating', '/contact/': 'Contact', '/a/': 'Boilers', '/b/': 'Heat pumps', '/c/': 'Servicing', '/d/': 'Underfloor heating', [LONG]: 'A page with a very long address', '/secret/page/': 'Secret' };
const TEXT = 'We install heat pumps and boilers in Leeds and service them every year.';

function faultySite(state: { mode: Mode; gone: Set<string> }) {
  const answer = (res: http.ServerResponse, status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
  const page = (pagePath: string) =>
    html(
      `<title>${TITLES[pagePath]}</title><meta name="description" content="${TITLES[pagePath]}, Acme Heating, Leeds.">`,
      `<main><h1>${TITLES[pagePath]}</h1><p>${TEXT} <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+441131234567">+44 113 123 4567</a></p>${pagePath === '/' ? '<a href="/contact/">Contact</a>' : ''}</main>`,
    );
  return (origin: string): Routes => {
    const listed = () => {
      // Gone pages stay listed: only their 404 says they are gone.
      const paths = [...PAGES];
      if (state.mode === 'long-path') paths.push(LONG);
      if (state.mode === 'redirect-disallowed') paths.push('/to-secret/');
      return paths;
    };
    const routes: Routes = {
      '/robots.txt': (_req, res) => {
        if (state.mode === 'all-500') answer(res, 500, 'text/plain', 'down');
        else answer(res, 200, 'text/plain', 'User-agent: *\nDisallow: /secret/\n');
      },
      '/sitemap.xml': (_req, res) => {
        if (state.mode === 'sitemap-503' || state.mode === 'all-500') answer(res, state.mode === 'all-500' ? 500 : 503, 'text/html', '<h1>Service unavailable</h1>');
        else if (state.mode === 'sitemap-empty') answer(res, 200, 'application/xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>');
        else if (state.mode === 'sitemap-html') answer(res, 200, 'text/html', '<!doctype html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>');
        else answer(res, 200, 'application/xml', `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed().map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
      },
      '/to-secret/': (_req, res) => res.writeHead(302, { location: '/secret/page/' }).end(),
    };
    for (const pagePath of [...PAGES, LONG, '/secret/page/']) {
      routes[pagePath] = (_req, res) => {
        if (state.mode === 'all-500' || (state.mode === 'home-500' && pagePath === '/')) answer(res, 500, 'text/html', '<h1>Error</h1>');
        else if (state.gone.has(pagePath)) answer(res, 404, 'text/html', '<h1>Not found</h1>');
        else if (pagePath === LONG && state.mode !== 'long-path') answer(res, 404, 'text/html', '<h1>Not found</h1>');
        else answer(res, 200, 'text/html; charset=utf-8', page(pagePath));
      };
    }
    return routes;
  };
}

interface SyncHealth {
  outcome: string;
  reason?: string;
  sync?: { discovery: string; weaker?: string; added: number; updated: number; removed: number; unchanged: number; failed: number; kept: number; keptPages: { url: string; reason: string }[] };
}

describe('serve --source keeps every page that still exists, whatever the site does', () => {
  const state: { mode: Mode; gone: Set<string> } = { mode: 'ok', gone: new Set() };
  let site: FixtureSite;
  let dataDir: string;
  let running: RunningServer;

  const served = async () => {
    const body = (await (await fetch(`${running.url}/api/v1/pages?limit=100`)).json()) as { data: { url: string }[] };
    return body.data.map((page) => new URL(page.url).pathname).sort();
  };
  const syncNow = async (mode: Mode): Promise<SyncHealth> => {
    state.mode = mode;
    await running.reload('signal');
    const health = (await (await fetch(`${running.url}/api/v1/health`)).json()) as { content: { lastReload: SyncHealth } };
    return health.content.lastReload;
  };

  beforeAll(async () => {
    site = await startFixtureSite(faultySite(state));
    dataDir = await mkdtemp(path.join(tmpdir(), 'sync-faults-'));
    running = await serveHttp(
      testConfig(['serve', '--port', '0', '--source', `${site.origin}/`, '--data-dir', dataDir, '--scan-allow-private-targets', '1', '--import-delay-ms', '0', '--rate-limit-per-minute', '1000000']),
      { logger: quietLogger() },
    );
    await running.ctx.reloader.idle();
  });
  beforeEach(async () => {
    // Each case starts from the healthy site, synced.
    state.gone.clear();
    await syncNow('ok');
    expect(await served()).toEqual([...PAGES].sort());
  });
  afterAll(async () => {
    await running?.close(0);
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sitemap 503: keeps every page, re-checks those links do not reach, and says the sitemap failed', async () => {
    const last = await syncNow('sitemap-503');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last.sync).toMatchObject({ removed: 0 });
    expect(last.sync?.discovery).toMatch(/sitemap.*HTTP 503.*links were followed/);
    expect(last.sync?.weaker).toMatch(/sitemap/);
  });

  it('sitemap empty: keeps every page and says the sitemap listed none', async () => {
    const last = await syncNow('sitemap-empty');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last.sync).toMatchObject({ removed: 0 });
    expect(last.sync?.discovery).toMatch(/lists no pages/);
  });

  it('sitemap answered with an HTML maintenance page: keeps every page and says it was not a sitemap', async () => {
    const last = await syncNow('sitemap-html');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last.sync).toMatchObject({ removed: 0 });
    expect(last.sync?.discovery).toMatch(/an HTML page, not a sitemap/);
  });

  it('everything 500: the sync fails and the last good content keeps serving', async () => {
    const last = await syncNow('all-500');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last).toMatchObject({ outcome: 'failed' });
    expect(last.reason).toMatch(/robots\.txt .* answered HTTP 500/);
  });

  it('home page 500: keeps the home page as it was and names it as kept', async () => {
    const last = await syncNow('home-500');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last.sync).toMatchObject({ removed: 0, failed: 1, kept: 1 });
    expect(last.sync?.keptPages).toEqual([{ url: `${site.origin}/`, reason: expect.stringMatching(/HTTP 500/) }]);
  });

  it('some pages 404: those pages go, and only those', async () => {
    state.gone = new Set(['/b/', '/d/']);
    const last = await syncNow('ok');
    expect(await served()).toEqual(['/', '/a/', '/c/', '/contact/']);
    expect(last).toMatchObject({ outcome: 'reloaded', sync: { removed: 2, kept: 0, discovery: 'sitemap read: 6 pages listed' } });
  });

  it('an over-long path is served like any other page, and later syncs go on', async () => {
    const last = await syncNow('long-path');
    expect(last.outcome).toBe('reloaded');
    expect(await served()).toEqual([...PAGES, LONG].sort());
    expect(last.sync).toMatchObject({ added: 1, failed: 0 });
    expect((await syncNow('long-path')).outcome).toBe('unchanged');
  });

  it('a redirect into a path robots.txt disallows: the page is skipped, the rest are served', async () => {
    const last = await syncNow('redirect-disallowed');
    expect(await served()).toEqual([...PAGES].sort());
    expect(last.sync).toMatchObject({ removed: 0, failed: 0, kept: 0 });
    expect(site.requests.map((request) => request.path)).not.toContain('/secret/page/');
  });
});
