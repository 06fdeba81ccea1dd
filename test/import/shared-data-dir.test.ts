import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveHttp, type RunningServer } from '../../src/http/serve.js';
import { quietLogger, testConfig } from '../helpers/context.js';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { exitOf, startServeProcess } from '../helpers/served-process.js';

/** Instances of `serve --source` sharing one data directory without Redis, and one killed in the middle of a sync. */

interface SiteState {
  title: string;
  /** While set, requests for the home page wait for it. */
  hold?: Promise<void>;
}

function liveSite(state: SiteState, homeRequested: EventEmitter) {
  const page = (title: string) =>
    html(
      `<title>${title}</title><meta name="description" content="Acme Heating, Leeds.">`,
      `<main><h1>${title}</h1><p>We install heat pumps and boilers in Leeds. <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+441131234567">+44 113 123 4567</a></p><a href="/contact/">Contact</a></main>`,
    );
  return {
    '/': async (_req: http.IncomingMessage, res: http.ServerResponse) => {
      homeRequested.emit('request');
      await state.hold;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(state.title));
    },
    '/contact/': { body: page('Contact') },
  };
}

/** A logger whose lines the test can wait for. */
function listeningLogger() {
  const lines = new EventEmitter();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.emit('line', JSON.parse(line) as { msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const once = (emitter: EventEmitter, event: string, test: (value: { msg: string }) => boolean = () => true) =>
  new Promise<string>((resolve) => {
    const listener = (value: { msg: string }) => {
      if (!test(value)) return;
      emitter.off(event, listener);
      resolve(event);
    };
    emitter.on(event, listener);
  });

describe('serve --source instances sharing a data directory without a shared store', () => {
  const state: SiteState = { title: 'Acme Heating' };
  const homeRequested = new EventEmitter();
  let site: FixtureSite;
  let dataDir: string;
  const servers: RunningServer[] = [];
  const args = () => ['serve', '--port', '0', '--source', `${site.origin}/`, '--data-dir', dataDir, '--scan-allow-private-targets', '1', '--import-delay-ms', '0', '--rate-limit-per-minute', '1000000'];
  const start = async (logger = quietLogger()) => {
    const server = await serveHttp(testConfig(args()), { logger });
    servers.push(server);
    await server.ctx.reloader.idle();
    return server;
  };
  const title = async (server: { url: string }) => ((await (await fetch(`${server.url}/api/v1/search?q=acme&lang=en`)).json()) as { data: { title: string }[] }).data[0]?.title;

  beforeEach(async () => {
    site = await startFixtureSite(liveSite(state, homeRequested));
    dataDir = await mkdtemp(path.join(tmpdir(), 'shared-data-dir-'));
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close(0)));
    await site.close();
    state.title = 'Acme Heating';
    delete state.hold;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes the second instance wait while the first syncs, then both serve the new content', async () => {
    const first = await start();
    const { logger, lines } = listeningLogger();
    const second = await start(logger);
    state.title = 'Acme Heating, now in York';
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const firstHeld = once(homeRequested, 'request');
    const firstSync = first.reload('sync');
    await firstHeld;
    // The second either waits for the lock or (as before the fix) starts its own import beside the first.
    const waited = once(lines, 'line', (line) => line.msg.includes('waiting for it'));
    const collided = once(homeRequested, 'request');
    const secondSync = second.reload('sync');
    expect(await Promise.race([waited.then(() => 'waited'), collided.then(() => 'collided')])).toBe('waited');
    release();
    const outcomes = [await firstSync, await secondSync];
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['reloaded', 'reloaded']);
    expect([await title(first), await title(second)]).toEqual(['Acme Heating, now in York', 'Acme Heating, now in York']);
  });

  it('takes over a lock whose process no longer runs', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await exitOf(dead);
    await mkdir(path.join(dataDir, 'source'), { recursive: true });
    await writeFile(path.join(dataDir, 'source', 'sync.lock'), JSON.stringify({ pid: dead.pid, host: hostname(), token: 'gone', since: '2026-11-26T00:00:00.000Z' }));
    const server = await start();
    expect(await title(server)).toBe('Acme Heating');
  });

  it('after kill -9 in the middle of a sync, a restart serves the last good content at once and syncs again', async () => {
    const child = await startServeProcess(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src', 'cli', 'main.ts'), ...args()], { SCAN_ALLOW_PRIVATE_TARGETS: '1' });
    try {
      expect(await title(child)).toBe('Acme Heating');
      state.title = 'Acme Heating, family run';
      state.hold = new Promise(() => {});
      const held = once(homeRequested, 'request');
      child.child.kill('SIGHUP');
      await held;
      child.child.kill('SIGKILL');
      await exitOf(child.child);
    } finally {
      child.child.kill('SIGKILL');
    }
    const restarted = await serveHttp(testConfig(args()), { logger: quietLogger() });
    servers.push(restarted);
    expect(await title(restarted)).toBe('Acme Heating');
    delete state.hold;
    await restarted.ctx.reloader.idle();
    expect((await restarted.reload('sync')).outcome).not.toBe('failed');
    expect(await title(restarted)).toBe('Acme Heating, family run');
  });

  it('after a kill between the two renames that swap the content in, a restart serves the complete new copy', async () => {
    const first = await start();
    await first.close(0);
    servers.length = 0;
    const live = path.join(dataDir, 'source', 'live');
    await rename(live, `${live}.next`);
    state.hold = new Promise(() => {});
    const restarted = await serveHttp(testConfig(args()), { logger: quietLogger() });
    servers.push(restarted);
    expect(await title(restarted)).toBe('Acme Heating');
  });
});
