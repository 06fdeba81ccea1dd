/**
 * Memory of the real, compiled server.
 *
 * Idle: `site-content-mcp serve` is started on 1,000 / 5,000 / 20,000 synthetic pages and its
 * resident set size read once it listens (the content loaded and the index built). Target
 * (issue 2): under 150 MB for 5,000 pages.
 *   npm run build && npx tsx bench/memory.ts [sizes...]
 *
 * Under load (--load): the server on the sample site (content/) gets runs of random search
 * queries, every one distinct (so every answer is computed and cached), at 32 connections; RSS
 * is sampled every 250 ms. Target (issue 11): the peak stays under 200 MB, because the caches
 * hold what their sizes say.
 *   npm run build && npx tsx bench/memory.ts --load [--runs 3] [--seconds 20] [--connections 32]
 *
 * How the server is started (--start): `npm` (the default) as `npm start` runs it, `node
 * dist/bin/main.js serve`, with node's own defaults and no flag from the bin's first line; `bin`
 * runs the bin file itself, as npx and a global install do (its shebang passes whatever flags it
 * carries). The memory bound must hold the way people start it, so the default is `npm`.
 * --dist <dir> measures another build (a checkout of main built with `npm run build`) side by
 * side with this one:
 *   npx tsx bench/memory.ts --load --dist /tmp/main-checkout/dist
 * --rate <requests per second> holds the load to a fixed rate, so that two builds measured on a
 * busy machine get the same requests (at full speed each gets what the machine has left).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seededRandom } from './lib/random.js';
import { writeSyntheticSite } from './lib/synthetic-site.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    load: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '32' },
    rate: { type: 'string' },
    start: { type: 'string', default: 'npm' },
    dist: { type: 'string', default: path.join(import.meta.dirname, '..', 'dist') },
  },
});
const CLI = path.join(path.resolve(values.dist), 'bin', 'main.js');
if (values.start !== 'npm' && values.start !== 'bin') throw new Error(`--start takes npm or bin, got ${values.start}`);
const sizes = positionals.map(Number).filter(Boolean);

/** Full collections of the server so far, read from --trace-gc: the JS heap each left alive, and the heap V8 kept committed. */
interface FullCollections {
  count: number;
  lastLiveMb: number;
  maxLiveMb: number;
  maxCommittedMb: number;
}

/**
 * Starts the built server; resolves with its URL once it listens. Node always runs it, so that
 * --trace-gc can report what the heap holds; `bin` adds the flags of the bin's first line.
 */
async function serve(env: Record<string, string>): Promise<{ server: ChildProcess; url: string; collections: FullCollections }> {
  const shebang = (await readFile(CLI, 'utf8')).split('\n', 1)[0]!;
  const binFlags = /\bnode\s+(.*)$/.exec(shebang)?.[1]?.split(/\s+/).filter((flag) => flag.startsWith('--')) ?? [];
  const flags = values.start === 'bin' ? binFlags : [];
  const server = spawn(process.execPath, [...flags, '--trace-gc', CLI, 'serve', '--port', '0'], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const collections: FullCollections = { count: 0, lastLiveMb: 0, maxLiveMb: 0, maxCommittedMb: 0 };
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const match = /Mark-Compact[^\d]*[\d.]+ \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/.exec(line);
    if (!match) return;
    collections.count += 1;
    collections.lastLiveMb = Number(match[2]);
    collections.maxLiveMb = Math.max(collections.maxLiveMb, Number(match[2]));
    collections.maxCommittedMb = Math.max(collections.maxCommittedMb, Number(match[1]), Number(match[3]));
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stderr! }).on('line', (line) => {
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(line);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { server, url, collections };
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

console.log(`node ${process.version}, ${new Date().toISOString()}, started as ${values.start === 'npm' ? '`npm start` does (node dist/bin/main.js serve)' : 'the bin file (its shebang flags)'}, build ${CLI}`);
if (values.load) {
  await underLoad(Number(values.runs), Number(values.seconds), Number(values.connections));
  process.exit(0);
}
console.log('| pages | start to listening | RSS when listening | RSS after 2 s / 10 s idle |');
console.log('| ---: | ---: | ---: | ---: |');
for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const dir = await mkdtemp(path.join(tmpdir(), `scm-mem-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    const started = performance.now();
    const { server } = await serve({ CONTENT_DIR: dir });
    const startMs = performance.now() - started;
    const listening = await rssOf(server.pid!);
    // V8's memory reducer collects the loader's garbage once allocation stops for a while.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle2 = await rssOf(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const idle10 = await rssOf(server.pid!);
    server.kill('SIGTERM');
    console.log(`| ${size} | ${Math.round(startMs)} ms | ${listening.toFixed(0)} MB | ${idle2.toFixed(0)} / ${idle10.toFixed(0)} MB |`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs of distinct random search queries against the sample site; RSS before, at the end of each run, and its peak. */
async function underLoad(runs: number, seconds: number, connections: number): Promise<void> {
  const { server, url, collections } = await serve({ CONTENT_DIR: path.join(import.meta.dirname, '..', 'content'), RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await rssOf(server.pid!);
    let peak = idle;
    const sampler = setInterval(() => {
      void rssOf(server.pid!).then((rss) => (peak = Math.max(peak, rss)), () => {});
    }, 250);
    const random = seededRandom(7);
    const words = ['audyt', 'analityka', 'ga4', 'wdrożenie', 'cennik', 'konsultacje', 'tag', 'manager', 'seo', 'strona', 'kampania', 'raport', 'shop', 'consent', 'mode', 'server', 'side'];
    // Every query distinct: a site word and a random token, so each answer is computed and cached.
    const nextQuery = () => `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 1e12).toString(36)}`;
    console.log(`Sample site, ${runs} runs of ${seconds} s of distinct random /api/v1/search queries at ${connections} connections${values.rate === undefined ? '' : `, ${values.rate} per second`}`);
    console.log('| when | RSS | requests | non-2xx |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(`| idle, 2 s after listening | ${idle.toFixed(0)} MB | | |`);
    for (let run = 1; run <= runs; run++) {
      const result = await autocannon({
        url,
        connections,
        duration: seconds,
        ...(values.rate === undefined ? {} : { overallRate: Number(values.rate) }),
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, method: 'GET', path: `/api/v1/search?q=${encodeURIComponent(nextQuery())}` }) }],
      });
      console.log(`| end of run ${run} | ${(await rssOf(server.pid!)).toFixed(0)} MB | ${result.requests.total} | ${result.non2xx} |`);
    }
    clearInterval(sampler);
    console.log(`| peak (sampled every 250 ms) | ${peak.toFixed(0)} MB | | |`);
    // What the server keeps is the heap a full collection leaves alive; the rest of the RSS is
    // V8's room to allocate (its young generation, the old generation's headroom) and the binary.
    console.log(
      `JS heap after full collections (${collections.count}): ${collections.lastLiveMb.toFixed(0)} MB alive after the last, at most ${collections.maxLiveMb.toFixed(0)} MB; ` +
        `at most ${collections.maxCommittedMb.toFixed(0)} MB committed`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}
