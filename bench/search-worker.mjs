// Measures one synthetic site in a fresh process, with the compiled code (what ships):
// content load, index build, memory (right after the build, and after the queries and 15 s idle),
// and in-process search latency.
//   node --expose-gc bench/search-worker.mjs <content-dir> <queries.json>
// Prints one JSON line. Plain JavaScript so that no TypeScript loader inflates the figures.
import { readFile } from 'node:fs/promises';
import { loadSite } from '../dist/src/content/load-site.js';
import { SearchIndex } from '../dist/src/search/search-index.js';

const [dir, queriesFile] = process.argv.slice(2);
const { queries, typoQueries, questions } = JSON.parse(await readFile(queriesFile, 'utf8'));
const megabytes = (bytes) => Math.round(bytes / 1048576);
/** Idle time before the last memory reading. */
const IDLE_MS = 15_000;

globalThis.gc();
const before = process.memoryUsage();
let started = performance.now();
const { site } = await loadSite(dir);
const loadMs = performance.now() - started;
started = performance.now();
const index = SearchIndex.build(site.pages);
const buildMs = performance.now() - started;
// Memory as a server holds it: the backing stores of array buffers dropped by the build are
// freed only by a collection after the turn in which they died, so one turn passes between two.
globalThis.gc();
await new Promise((resolve) => setImmediate(resolve));
globalThis.gc();
const after = process.memoryUsage();

// Every query is measured once and uncached: warm-up runs on a separate set, and the index
// keeps answers to repeated queries, which would hide the engine's cost.
function measure(all) {
  const distinct = [...new Set(all)];
  for (const text of distinct.slice(0, 300)) index.search({ text, limit: 8 });
  const texts = distinct.slice(300);
  const times = texts.map((text) => {
    const start = performance.now();
    index.search({ text, limit: 8 });
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  const at = (q) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

const search = measure(queries);
const typoSearch = measure(typoQueries);
const questionSearch = measure(questions);
// And as a server holds them once it has answered those queries and then idled: after a few
// seconds without work, V8's memory reducer compacts the old space (no collection forced here).
await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
const idle = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({
    pages: site.pages.length,
    loadMs: Math.round(loadMs),
    buildMs: Math.round(buildMs),
    baselineRssMb: megabytes(before.rss),
    rssMb: megabytes(after.rss),
    idleRssMb: megabytes(idle.rss),
    heapMb: megabytes(after.heapUsed),
    externalMb: megabytes(after.external),
    search,
    typoSearch,
    questionSearch,
    bodyPostingsMb: Number((index.bodyPostingBytes / 1048576).toFixed(1)),
  })}\n`,
);
