/**
 * What NLWeb's /ask and the crawler documents cost, on the sample site and on synthetic
 * bilingual sites (the same generator as bench/search.ts):
 *
 *   npx tsx bench/ask.ts [sizes...]        (default: the sample site, then 5000 pages)
 *
 * Prints, per site: the time to build robots.txt, the sitemap, the schema map and both feeds
 * (done once when the app is built) and their sizes; in-process answer latency (search, the
 * schema.org object of each result, JSON serialisation) for 2,000 questions of 2-8 words and
 * for questions of 500 characters; and over HTTP, the latency of 100 JSON answers and 100
 * streamed ones (within the 120-a-minute rate limit of one address).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { answerQuestion } from '../src/agent-site/ask/ask-answer.js';
import type { AskRequest } from '../src/agent-site/ask/ask-request.js';
import { discoveryDocuments } from '../src/agent-site/discovery-routes.js';
import { loadConfig } from '../src/config/load-config.js';
import { createContext, type AppContext } from '../src/context.js';
import { serveHttp } from '../src/http/serve.js';
import { seededRandom } from './lib/random.js';
import { writeSyntheticSite } from './lib/synthetic-site.js';
import { ENGLISH_QUERY_WORDS, POLISH_QUERY_WORDS } from './lib/vocabulary.js';

const logger = pino({ level: 'silent' });
const sizes = process.argv.slice(2).map(Number).filter((size) => size > 0);

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
}

function questions(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const words = random() < 0.5 ? POLISH_QUERY_WORDS : ENGLISH_QUERY_WORDS;
    return Array.from({ length: 2 + Math.floor(random() * 7) }, () => words[Math.floor(random() * words.length)]!).join(' ');
  });
}

function request(query: string): AskRequest {
  return { shape: 'structured', query, decontextualizedQuery: undefined, prev: [], mode: 'list', streaming: false, site: undefined, queryId: 'bench', numResults: 10, language: undefined };
}

async function measure(label: string, contentDir: string | undefined): Promise<void> {
  const args = ['serve', '--port', '0', ...(contentDir ? ['--content-dir', contentDir] : [])];
  const loaded = loadConfig(args, { LOG_LEVEL: 'silent' });
  if (loaded.kind !== 'run') throw new Error('unexpected arguments');
  const ctx: AppContext = await createContext(loaded.config, { logger });
  const rows: [string, string][] = [];

  let start = performance.now();
  const documents = discoveryDocuments(ctx.content.current(), ctx.config.contentSignal).map((document) => ({ path: document.path, body: document.render().body }));
  const buildMs = performance.now() - start;
  const sizesKb = documents.map((document) => `${document.path} ${(document.body.length / 1024).toFixed(0)} KiB`).join(', ');
  rows.push(['crawler documents, built once', `${buildMs.toFixed(0)} ms (${sizesKb})`]);

  const answerOnce = (query: string) => {
    const answer = answerQuestion(request(query), ctx.content.current(), () => 'bench');
    return JSON.stringify({ _meta: answer.meta, query_id: answer.queryId, results: [...answer.results()] }).length;
  };
  for (const query of questions(200, 1)) answerOnce(query);
  const inProcess = questions(2000, 2).map((query) => {
    const begin = performance.now();
    answerOnce(query);
    return performance.now() - begin;
  });
  rows.push(['answer in process, 2-8 words, 10 results', percentiles(inProcess)]);
  const long = questions(100, 3).map((seed) => {
    const query = `${seed} `.repeat(40).slice(0, 500);
    const begin = performance.now();
    answerOnce(query);
    return performance.now() - begin;
  });
  rows.push(['answer in process, 500-character questions', percentiles(long)]);
  await ctx.close();

  const server = await serveHttp(loaded.config, { logger });
  const overHttp = async (query: string, streaming: boolean) => {
    const begin = performance.now();
    const response = await fetch(`${server.url}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { text: query }, prefer: { streaming } }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    return performance.now() - begin;
  };
  const http = questions(110, 4);
  for (const query of http.slice(0, 10)) await overHttp(query, false);
  const json: number[] = [];
  for (const query of http.slice(10, 60)) json.push(await overHttp(query, false));
  const sse: number[] = [];
  for (const query of http.slice(60, 110)) sse.push(await overHttp(query, true));
  rows.push(['POST /ask over HTTP, JSON', percentiles(json)]);
  rows.push(['POST /ask over HTTP, SSE (whole stream)', percentiles(sse)]);
  await server.close();
  console.log(`\n### ${label}: ${ctx.content.current().site.pages.length} pages\n\n| measure | figure |\n| --- | --- |`);
  for (const [measure, figure] of rows) console.log(`| ${measure} | ${figure} |`);
}

console.log(`## bench/ask.ts: Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
await measure('sample site', undefined);
for (const size of sizes.length > 0 ? sizes : [5000]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-ask-'));
  try {
    await writeSyntheticSite(dir, size);
    await measure(`synthetic site`, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
