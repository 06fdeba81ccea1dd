import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { RunningServer } from '../../src/http/serve.js';
import { snapshotOf } from '../../src/live/content-holder.js';
import { SYNC_LOCK_KEY } from '../../src/live/content-reloader.js';
import { startTestServer, testContext } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';
import { startSmtpServer } from '../helpers/smtp.js';

const SERVICES_PAGE = path.join('pages', 'pl', 'uslugi.md');
const OLD_TITLE = 'Usługi analityczne';
const NEW_TITLE = 'Usługi pomiarowe';
/** Searching in a loop needs more than the contract's 120 requests a minute. */
const NO_RATE_LIMIT = ['--rate-limit-per-minute', '999999'];

const dirs: string[] = [];
/** A writable copy of the mini site, removed after the test. */
function copyOfMiniSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-content-mcp-live-'));
  cpSync(MINI_SITE, dir, { recursive: true });
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function retitle(dir: string, from: string, to: string): void {
  const file = path.join(dir, SERVICES_PAGE);
  writeFileSync(file, readFileSync(file, 'utf8').replace(`title: ${from}`, `title: ${to}`));
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Clients that search until stopped, recording every failure and every title they saw. */
function searchingClients(url: string, count: number) {
  const failures: string[] = [];
  const titles = new Set<string>();
  let answered = 0;
  let running = true;
  const loop = async () => {
    while (running) {
      try {
        const response = await fetch(`${url}/api/v1/search?q=${encodeURIComponent('usługi')}&lang=pl`);
        if (response.status !== 200) failures.push(`status ${response.status}`);
        const body = (await response.json()) as { data: { title: string }[] };
        for (const hit of body.data) titles.add(hit.title);
        answered += 1;
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const loops = Promise.all(Array.from({ length: count }, loop));
  return {
    failures,
    titles,
    answered: () => answered,
    async stop() {
      running = false;
      await loops;
    },
  };
}

describe('serve --watch', () => {
  it('serves a changed title after the file changes, and no search in flight fails meanwhile', async () => {
    const dir = copyOfMiniSite();
    server = await startTestServer(dir, ['--watch', ...NO_RATE_LIMIT]);
    const clients = searchingClients(server.url, 4);
    await vi.waitFor(() => expect(clients.answered()).toBeGreaterThan(20), { timeout: 10_000, interval: 10 });
    expect(clients.titles).toContain(OLD_TITLE);

    retitle(dir, OLD_TITLE, NEW_TITLE);
    await vi.waitFor(() => expect(clients.titles).toContain(NEW_TITLE), { timeout: 10_000, interval: 10 });
    const afterReload = clients.answered();
    await vi.waitFor(() => expect(clients.answered()).toBeGreaterThan(afterReload + 20), { timeout: 10_000, interval: 10 });
    await clients.stop();

    expect(clients.failures).toEqual([]);
    expect(server.ctx.reloader.last).toMatchObject({ outcome: 'reloaded', trigger: 'watch' });
  });
});

describe('a reload', () => {
  it('keeps the current content serving when the new content does not load, and says why in health', async () => {
    const dir = copyOfMiniSite();
    server = await startTestServer(dir, NO_RATE_LIMIT);
    const before = (await (await fetch(`${server.url}/api/v1/health`)).json()) as { content: { version: string } };
    writeFileSync(path.join(dir, 'site.yaml'), 'company: [unclosed\n');

    const outcome = await server.ctx.reloader.reload();

    expect(outcome).toMatchObject({ outcome: 'failed', version: before.content.version });
    const search = (await (await fetch(`${server.url}/api/v1/search?q=usługi&lang=pl`)).json()) as { data: { title: string }[] };
    expect(search.data.map((hit) => hit.title)).toContain(OLD_TITLE);
    const health = (await (await fetch(`${server.url}/api/v1/health`)).json()) as Record<string, any>;
    expect(health.ok).toBe(true);
    expect(health.content.version).toBe(before.content.version);
    expect(health.content.lastReload).toMatchObject({ outcome: 'failed', trigger: 'manual' });
    expect(health.content.lastReload.reason).toMatch(/site\.yaml/);
  });

  it('keeps the current content serving when the new content has no pages at all', async () => {
    const dir = copyOfMiniSite();
    server = await startTestServer(dir, NO_RATE_LIMIT);
    rmSync(path.join(dir, 'pages'), { recursive: true });
    mkdirSync(path.join(dir, 'pages'));

    expect(await server.ctx.reloader.reload()).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('no pages') });
    expect((await fetch(`${server.url}/pl/uslugi/`)).status).toBe(200);
  });

  it('keeps ETags and cursors when the content is the same, and changes both when it changed', async () => {
    const dir = copyOfMiniSite();
    server = await startTestServer(dir, NO_RATE_LIMIT);
    const etagOf = async (address: string) => (await fetch(`${server!.url}${address}`)).headers.get('etag');
    const firstPage = (await (await fetch(`${server.url}/api/v1/pages?limit=1`)).json()) as { next_cursor: string };
    const cursor = firstPage.next_cursor;
    const pageEtag = await etagOf('/pl/uslugi/');
    const llmsEtag = await etagOf('/llms.txt');

    expect(await server.ctx.reloader.reload()).toMatchObject({ outcome: 'unchanged' });
    expect(await etagOf('/pl/uslugi/')).toBe(pageEtag);
    expect((await fetch(`${server.url}/api/v1/pages?limit=1&cursor=${cursor}`)).status).toBe(200);

    retitle(dir, OLD_TITLE, NEW_TITLE);
    expect(await server.ctx.reloader.reload()).toMatchObject({ outcome: 'reloaded' });
    expect(await etagOf('/pl/uslugi/')).not.toBe(pageEtag);
    expect(await etagOf('/llms.txt')).not.toBe(llmsEtag);
    expect((await fetch(`${server.url}/api/v1/pages?limit=1&cursor=${cursor}`)).status).toBe(400);
  });

  it('serves a changed body as the .md page, through the REST page and in search after a reload', async () => {
    const dir = copyOfMiniSite();
    server = await startTestServer(dir, NO_RATE_LIMIT);
    const added = Array.from({ length: 12 }, (_, line) => `Akapit ${line}: wdrażamy tagi serwerowe w Łodzi, także nocą — ${'ż'.repeat(line)}.`).join('\n\n');
    const file = path.join(dir, SERVICES_PAGE);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Nocne wdrożenia\n\n${added}\n`);

    expect(await server.ctx.reloader.reload()).toMatchObject({ outcome: 'reloaded' });

    const markdown = await (await fetch(`${server.url}/pl/uslugi.md`)).text();
    expect(markdown).toContain(added);
    const page = (await (await fetch(`${server.url}/api/v1/page?url=/pl/uslugi/`)).json()) as { markdown: string };
    expect(page.markdown).toContain(added);
    const search = (await (await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent('nocne wdrożenia')}&lang=pl`)).json()) as { data: { url: string }[] };
    expect(search.data[0]?.url).toContain('/pl/uslugi/');
  });

  it('reports the content version and when it was loaded in health', async () => {
    server = await startTestServer(copyOfMiniSite());
    const health = (await (await fetch(`${server.url}/api/v1/health`)).json()) as Record<string, any>;
    expect(health.content.version).toBe(server.ctx.content.current().version);
    expect(Date.parse(health.content.loadedAt)).toBe(server.ctx.content.current().loadedAt);
    expect(health.content.lastReload).toBeUndefined();
  });

  it('leaves a request that started before it on the snapshot it took', async () => {
    const dir = copyOfMiniSite();
    const ctx = await testContext(dir);
    const inFlight = {};
    const taken = snapshotOf(inFlight, ctx.content);
    retitle(dir, OLD_TITLE, NEW_TITLE);
    await ctx.reloader.reload();

    expect(snapshotOf(inFlight, ctx.content)).toBe(taken);
    expect(snapshotOf(inFlight, ctx.content).site.page('/pl/uslugi/')?.title).toBe(OLD_TITLE);
    expect(snapshotOf({}, ctx.content).site.page('/pl/uslugi/')?.title).toBe(NEW_TITLE);
    await ctx.close();
  });

  it("gives one request each holder's own snapshot, with two contexts in one process", async () => {
    const first = await testContext(copyOfMiniSite());
    const second = await testContext(copyOfMiniSite());
    const request = {};
    expect(snapshotOf(request, first.content)).toBe(first.content.current());
    expect(snapshotOf(request, second.content)).toBe(second.content.current());
    expect(second.content.current()).not.toBe(first.content.current());
    await Promise.all([first.close(), second.close()]);
  });
});

describe('services that need content', () => {
  it('sign mail with the company name of the content serving when the mail is sent', async () => {
    const dir = copyOfMiniSite();
    const smtp = await startSmtpServer();
    try {
      server = await startTestServer(dir, ['--smtp-url', smtp.url, '--data-dir', path.join(dir, 'data')]);
      const siteFile = path.join(dir, 'site.yaml');
      writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace('company: Testowa Firma sp. z o.o.', 'company: Nowa Nazwa sp. z o.o.'));
      expect(await server.ctx.reloader.reload()).toMatchObject({ outcome: 'reloaded' });

      const client = await connectHttp(server.url);
      const result = await client.callTool({ name: 'send_inquiry', arguments: { name: 'Jan Kowalski', email: 'jan.kowalski@firma.pl', message: 'Proszę o wycenę wdrożenia GA4.', lang: 'pl', consent: true } });
      await client.close();

      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(smtp.received).toHaveLength(1);
      const from = smtp.received[0]!.headers.find(([name]) => name === 'from')?.[1];
      expect(from).toContain('Nowa Nazwa sp. z o.o.');
    } finally {
      await server?.close();
      server = undefined;
      await smtp.stop();
    }
  });
});

describe.skipIf(SKIP_REDIS)('instances sharing Redis', () => {
  let redis: RedisServer;
  let first: AppContext;
  let second: AppContext;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dir = copyOfMiniSite();
    first = await testContext(dir, {}, ['--redis-url', redis.url]);
    second = await testContext(dir, {}, ['--redis-url', redis.url]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('let only one instance sync at a time: another skips while the lock is held', async () => {
    expect(await first.store.setIfAbsent(SYNC_LOCK_KEY, 'an-instance-that-is-syncing', 60_000)).toBe(true);
    try {
      expect(await second.reloader.reload(undefined, { exclusive: true, trigger: 'sync' })).toMatchObject({ outcome: 'skipped', reason: 'another instance is syncing' });
    } finally {
      await first.store.delete(SYNC_LOCK_KEY);
    }
  });

  it('pick up the content another instance synced', async () => {
    retitle(dir, OLD_TITLE, NEW_TITLE);
    expect(await first.reloader.reload(undefined, { exclusive: true, trigger: 'sync' })).toMatchObject({ outcome: 'reloaded' });
    expect(second.content.current().site.page('/pl/uslugi/')?.title).toBe(OLD_TITLE);

    await second.reloader.pickUpPeers();

    expect(second.content.current().version).toBe(first.content.current().version);
    expect(second.reloader.last).toMatchObject({ outcome: 'reloaded', trigger: 'peer' });
    expect(await first.store.get(SYNC_LOCK_KEY)).toBeUndefined();
  });
});
