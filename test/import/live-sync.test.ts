import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type RunningServer } from '../../src/http/serve.js';
import { quietLogger, testConfig } from '../helpers/context.js';
import { html, startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { freePort } from '../helpers/free-port.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';

/** The live website: a home page whose title the test changes, a service page, and a contact page it can take away. */
function liveSite(state: { title: string; contact: boolean; hold?: Promise<void>; onHome?: () => void }) {
  const page = (title: string, description: string) =>
    html(
      `<title>${title}</title><meta name="description" content="${description}">`,
      `<main><h1>${title}</h1><p>We install heat pumps and boilers in Leeds and service them every year. <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+441131234567">+44 113 123 4567</a></p><a href="/services/heat-pumps/">Heat pumps</a> <a href="/contact/">Contact</a></main>`,
    );
  return (): Routes => ({
    '/': async (_req: http.IncomingMessage, res: http.ServerResponse) => {
      state.onHome?.();
      await state.hold;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(state.title, 'Acme Heating, Leeds.'));
    },
    '/services/heat-pumps/': { body: page('Heat pump installation', 'Heat pumps installed and serviced.') },
    '/contact/': (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (state.contact) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Contact', 'Write or call Acme Heating.'));
      else res.writeHead(404).end();
    },
  });
}

describe('serve --source: a live website, kept in sync', () => {
  const state: { title: string; contact: boolean; hold?: Promise<void>; onHome?: () => void } = { title: 'Acme Heating', contact: true };
  let site: FixtureSite;
  let dataDir: string;
  let running: RunningServer | undefined;

  const start = async (port = 0) =>
    serveHttp(
      testConfig(['serve', '--port', String(port), '--source', `${site.origin}/`, '--data-dir', dataDir, '--scan-allow-private-targets', '1', '--import-delay-ms', '0', '--rate-limit-per-minute', '1000000']),
      { logger: quietLogger() },
    );
  const searchTitle = async (base: string) => {
    const response = await fetch(`${base}/api/v1/search?q=acme&lang=en`);
    const body = (await response.json()) as { data?: { title: string }[] };
    return { status: response.status, title: body.data?.[0]?.title };
  };

  beforeAll(async () => {
    site = await startFixtureSite(liveSite(state)());
    dataDir = await mkdtemp(path.join(tmpdir(), 'live-sync-'));
  });
  afterEach(async () => {
    await running?.close(0);
    running = undefined;
    state.title = 'Acme Heating';
    state.contact = true;
    delete state.hold;
    delete state.onHome;
  });
  afterAll(async () => {
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After until the first import has finished', async () => {
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    // The server listens before the first import starts: once the import asks for the home page, it answers.
    const homeRequested = new Promise<void>((resolve) => (state.onHome = resolve));
    const port = await freePort();
    const starting = start(port);
    await homeRequested;
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/search?q=acme`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    release();
    running = await starting;
    expect(await searchTitle(running.url)).toEqual({ status: 200, title: 'Acme Heating' });
  });

  it('syncs under load with zero failed requests, then serves the new title', async () => {
    running = await start();
    // A restart re-syncs in the background first; the change comes after it.
    await running.ctx.reloader.idle();
    const base = running.url;
    let stop = false;
    const statuses: number[] = [];
    const load = (async () => {
      while (!stop) statuses.push((await searchTitle(base)).status);
    })();
    state.title = 'Acme Heating and Cooling';
    const outcome = await running.reload('sync');
    const afterSync = statuses.length;
    while (statuses.length < afterSync + 5) await new Promise((resolve) => setTimeout(resolve, 5));
    stop = true;
    await load;
    expect(outcome.outcome).toBe('reloaded');
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await searchTitle(base)).toEqual({ status: 200, title: 'Acme Heating and Cooling' });
  });

  it('keeps the old content serving when a sync yields content that does not validate', async () => {
    running = await start();
    await running.ctx.reloader.idle();
    state.title = 'Acme Heating, est. 1990';
    expect((await running.reload('sync')).outcome).toBe('reloaded');
    state.title = 'Acme Heating, renamed';
    // The person's edit of the site file is kept by every sync; this one cannot be served.
    const siteFile = path.join(dataDir, 'source', 'import', 'site.yaml');
    const original = await readFile(siteFile, 'utf8');
    await writeFile(siteFile, original.replace(/^defaultLanguage: en$/m, 'defaultLanguage: de'));
    try {
      const outcome = await running.reload('sync');
      expect(outcome).toMatchObject({ outcome: 'failed' });
      expect(outcome.reason).toMatch(/defaultLanguage/);
      expect((await searchTitle(running.url)).title).toBe('Acme Heating, est. 1990');
      const health = (await (await fetch(`${running.url}/api/v1/health`)).json()) as { content: { lastReload: { outcome: string } } };
      expect(health.content.lastReload.outcome).toBe('failed');
    } finally {
      await writeFile(siteFile, original);
    }
  });

  it('serves the last good import at once after a restart, while it re-syncs in the background', async () => {
    running = await start();
    await running.ctx.reloader.idle();
    state.title = 'Acme Heating, family run';
    await running.reload('sync');
    await running.close(0);
    // The site stops answering: the restart must not wait for it.
    state.hold = new Promise(() => {});
    running = await start();
    expect(await searchTitle(running.url)).toEqual({ status: 200, title: 'Acme Heating, family run' });
  });
});

describe.skipIf(SKIP_REDIS)('serve --source on two instances sharing Redis and a data directory', () => {
  const state: { title: string; contact: boolean; hold?: Promise<void>; onHome?: () => void } = { title: 'Acme Heating', contact: true };
  let site: FixtureSite;
  let redis: RedisServer;
  let dataDir: string;
  const servers: RunningServer[] = [];

  const start = async () => {
    const server = await serveHttp(
      testConfig(['serve', '--port', '0', '--source', `${site.origin}/`, '--data-dir', dataDir, '--redis-url', redis.url, '--scan-allow-private-targets', '1', '--import-delay-ms', '0']),
      { logger: quietLogger() },
    );
    servers.push(server);
    await server.ctx.reloader.idle();
    return server;
  };
  const title = async (server: RunningServer) => ((await (await fetch(`${server.url}/api/v1/search?q=acme&lang=en`)).json()) as { data: { title: string }[] }).data[0]?.title;

  beforeAll(async () => {
    site = await startFixtureSite(liveSite(state)());
    redis = await startRedis();
    dataDir = await mkdtemp(path.join(tmpdir(), 'live-sync-shared-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close(0)));
    await site?.close();
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets one instance sync at a time, and the other picks up its result', async () => {
    const first = await start();
    const second = await start();
    state.title = 'Acme Heating, now in York';
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const requestsBefore = site.requests.filter((request) => request.path === '/').length;
    const syncs = [first.reload('sync'), second.reload('sync')];
    const earliest = await Promise.race(syncs);
    expect(earliest).toMatchObject({ outcome: 'skipped', reason: 'another instance is syncing' });
    release();
    const outcomes = (await Promise.all(syncs)).map((outcome) => outcome.outcome).sort();
    expect(outcomes).toEqual(['reloaded', 'skipped']);
    expect(site.requests.filter((request) => request.path === '/').length - requestsBefore).toBe(1);
    await Promise.all([first, second].map((server) => server.ctx.reloader.pickUpPeers()));
    expect([await title(first), await title(second)]).toEqual(['Acme Heating, now in York', 'Acme Heating, now in York']);
  });
});
