/**
 * Reloading a 5,000-page site while it is under load (issue 10, section 4): clients read pages,
 * search and list pages as fast as they can; midway the content directory changes (one title)
 * and the server reloads, several times. Reported: requests and failures (anything but 200/304,
 * or a connection error) in a phase without reloads beside a phase with them, latency in both,
 * how long each reload took, whether the new title was served after it, and whether the old
 * snapshots were released (a WeakRef to each, after a forced collection).
 *
 *   node --expose-gc --import tsx bench/reload.ts [pages] [seconds per phase] [reloads]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { loadConfig } from '../src/config/load-config.js';
import { serveHttp } from '../src/http/serve.js';
import { writeSyntheticSite } from './lib/synthetic-site.js';

const pages = Number(process.argv[2] ?? 5000);
const phaseSeconds = Number(process.argv[3] ?? 10);
const reloads = Number(process.argv[4] ?? 4);
const CLIENTS = 16;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc --import tsx bench/reload.ts');

const dir = await mkdtemp(path.join(tmpdir(), `scm-reload-${pages}-`));
await writeSyntheticSite(dir, pages);
const request = loadConfig(['serve', '--port', '0', '--content-dir', dir, '--rate-limit-per-minute', '999999999'], { LOG_LEVEL: 'silent' });
if (request.kind !== 'run') throw new Error('unexpected arguments');
const server = await serveHttp(request.config, { logger: pino({ level: 'silent' }) });
const { url } = server;

/** What the clients ask, in rotation: a page as HTML, one as Markdown, a search, a page list. */
const paths = (i: number) => {
  const page = i % Math.floor(pages / 2);
  switch (i % 4) {
    case 0:
      return `/pl/page-${page}/`;
    case 1:
      return `/en/page-${page}.md`;
    case 2:
      return `/api/v1/search?q=${['marker', 'analityka', 'analytics', 'audyt', 'seo'][i % 5]}`;
    default:
      return `/api/v1/pages?limit=20&lang=${i % 8 === 3 ? 'pl' : 'en'}`;
  }
};

interface Phase {
  requests: number;
  failures: string[];
  latencies: number[];
  seconds: number;
}

/** Load for `seconds`, or until `during` is done if that takes longer. */
async function load(seconds: number, during?: () => Promise<void>): Promise<Phase> {
  const phase: Phase = { requests: 0, failures: [], latencies: [], seconds: 0 };
  const started = performance.now();
  const until = started + seconds * 1000;
  let duringDone = during === undefined;
  const work = during?.().finally(() => (duringDone = true));
  let next = 0;
  const client = async () => {
    while (performance.now() < until || !duringDone) {
      const i = next++;
      const started = performance.now();
      try {
        const response = await fetch(`${url}${paths(i)}`);
        await response.arrayBuffer();
        if (response.status !== 200 && response.status !== 304) phase.failures.push(`${paths(i)}: ${response.status}`);
      } catch (error) {
        phase.failures.push(`${paths(i)}: ${(error as Error).message}`);
      }
      phase.latencies.push(performance.now() - started);
      phase.requests += 1;
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, client), work]);
  phase.seconds = (performance.now() - started) / 1000;
  return phase;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;
const settle = async () => {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const pageFile = path.join(dir, 'pages', 'pl', 'page-0.md');
const original = await readFile(pageFile, 'utf8');
const reloadMs: number[] = [];
const served: boolean[] = [];
const oldSnapshots: WeakRef<object>[] = [];

// One reload with no client connected: what a reload costs by itself on this machine.
await writeFile(pageFile, original.replace(/^title: ".*"$/m, 'title: "Reload marker 0"'));
const idleStarted = performance.now();
const idleOutcome = await server.ctx.reloader.reload();
const idleReloadMs = performance.now() - idleStarted;
if (idleOutcome.outcome !== 'reloaded') throw new Error(`idle reload: ${idleOutcome.outcome} ${idleOutcome.reason ?? ''}`);

await load(phaseSeconds); // warm-up: JIT, first renders of the pages asked, connection pool
const steady = await load(phaseSeconds);
await settle();
const heapBefore = heapMb();

const reloading = await load(phaseSeconds, async () => {
  for (let n = 1; n <= reloads; n++) {
    await new Promise((resolve) => setTimeout(resolve, (phaseSeconds * 1000) / reloads));
    await writeFile(pageFile, original.replace(/^title: ".*"$/m, `title: "Reload marker ${n}"`));
    oldSnapshots.push(new WeakRef(server.ctx.content.current()));
    const started = performance.now();
    const outcome = await server.ctx.reloader.reload();
    reloadMs.push(performance.now() - started);
    if (outcome.outcome !== 'reloaded') throw new Error(`reload ${n}: ${outcome.outcome} ${outcome.reason ?? ''}`);
    const hits = (await (await fetch(`${url}/api/v1/search?q=marker&lang=pl`)).json()) as { data: { title: string }[] };
    served.push(hits.data.some((hit) => hit.title === `Reload marker ${n}`));
  }
});
await settle();
const heapAfter = heapMb();
const released = oldSnapshots.filter((ref) => ref.deref() === undefined).length;

console.log(`node ${process.version}, ${new Date().toISOString()}, ${pages} pages, ${CLIENTS} clients, ${phaseSeconds} s per phase, ${reloads} reloads`);
console.log('\n| phase | seconds | requests | req/s | failed | p50 | p99 | max |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, phase] of [
  ['steady (no reload)', steady],
  [`with ${reloads} reloads`, reloading],
] as const) {
  console.log(
    `| ${name} | ${phase.seconds.toFixed(1)} | ${phase.requests} | ${(phase.requests / phase.seconds).toFixed(0)} | ${phase.failures.length} | ${percentile(phase.latencies, 50).toFixed(1)} ms | ${percentile(phase.latencies, 99).toFixed(1)} ms | ${Math.max(...phase.latencies).toFixed(0)} ms |`,
  );
}
console.log('\n| measure | figure |\n| --- | --- |');
console.log(`| reload with no client connected | ${idleReloadMs.toFixed(0)} ms |`);
console.log(`| reload (load, index, publish) under load, each | ${reloadMs.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} |`);
console.log(`| new title served right after each reload | ${served.filter(Boolean).length} of ${served.length} |`);
console.log(`| old snapshots released after a collection | ${released} of ${oldSnapshots.length} |`);
console.log(`| heap used before / after the reloads (after gc) | ${heapBefore.toFixed(0)} MB / ${heapAfter.toFixed(0)} MB |`);
for (const failure of [...steady.failures, ...reloading.failures].slice(0, 10)) console.log(`failure: ${failure}`);

await server.close();
await rm(dir, { recursive: true, force: true });
