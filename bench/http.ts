/**
 * HTTP benchmark, side by side in one run (issue 3): a bare node:http server answering a small
 * JSON body (the machine's limit), a minimal Express 5 app answering the same (the framework's
 * ceiling), our server on the sample site, and minimal stateless MCP servers written the SDK's
 * documented way with one trivial tool: the v2 SDK's (createMcpHandler, both protocol revisions)
 * and, beside it, the 1.x SDK's. Every server's answer is checked before it is loaded; cases run
 * in rounds, in rotated order, with autocannon on loopback.
 *
 * Targets: /api/v1/page and /api/v1/services >= 80 % of the minimal Express app; /api/v1/search
 * over 500 rotating distinct queries >= 50 %; POST /mcp tools/call search_site >= 1.5x the minimal
 * v2 SDK server's trivial tool at each revision (2025-11-25 and 2026-07-28), and the 1.x one
 * beside it; p99 under 20 ms (REST) and 60 ms (MCP) at 32 connections.
 *
 * Variants of our server, side by side with it in the same rounds (each repeats our four MCP and
 * REST page/search cases): `--telemetry` runs one with OpenTelemetry export on (OTLP/HTTP to a
 * sink on loopback that answers every export at once) and the Prometheus endpoint; `--baseline
 * DIR` runs DIR/dist/bin/main.js (another build, e.g. of main) to hold a change's cost to.
 *
 * Insights (issue 26) side by side: the REST page and MCP search_site, as an AI assistant's
 * fetcher (a ChatGPT-User User-Agent), on our server with insights on (the default) and on a
 * second one with INSIGHTS=0, and a second insights-on server as a control. Target: insights
 * cost each at most 3 % of its rate. `--insights` runs only those cases, and loads the three
 * servers at the same time, so that the machine's drift between rounds cancels out of their
 * ratios, on fresh servers every round (all loaded `--warm` seconds first), so that each
 * process's own luck averages out too (see compareInsights).
 *
 *   npm run build && npx tsx bench/http.ts [--rounds 3] [--seconds 8] [--connections 32] [--telemetry] [--baseline DIR] [--insights [--warm 20] [--no-pin]]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import http from 'node:http';
import autocannon from 'autocannon';
import { loadSite } from '../src/content/load-site.js';
import { seededRandom } from './lib/random.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '32' },
    telemetry: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    insights: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: true },
    warm: { type: 'string', default: '20' },
  },
  // --no-pin (Node >= 20.16).
  allowNegative: true,
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
/** `--insights`: seconds each fresh server is loaded before a round's measurements. */
const WARM_SECONDS = Number(values.warm);
const ROOT = path.join(import.meta.dirname, '..');

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Case {
  name: string;
  server: 'bare' | 'express' | 'ours' | 'oursWithoutInsights' | 'oursAgain' | 'mcpMinimal' | 'mcpMinimalV2' | Variant;
  /** The next request to send (rotating queries are different every time). */
  next: () => Request;
  /** What a correct answer contains. */
  expect: string;
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const toolCall = (name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
/** MCP 2026-07-28: no initialize; the envelope in `_meta` and the routing headers on every request. */
const ENVELOPE_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const mcpHeaders2026 = (name: string) => ({ ...MCP_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name });
const toolCall2026 = (name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: ENVELOPE_2026 } });

/** 500 distinct 1-3 word queries made of words from the sample site's titles and headings. */
async function sampleQueries(): Promise<string[]> {
  const { site } = await loadSite(path.join(ROOT, 'content'));
  const words = [...new Set(site.pages.flatMap((page) => [page.title, ...page.headings]).join(' ').toLowerCase().match(/[\p{L}\d]{4,}/gu) ?? [])].sort();
  const random = seededRandom(11);
  const queries = new Set<string>();
  while (queries.size < 500) {
    queries.add(Array.from({ length: 1 + Math.floor(random() * 3) }, () => words[Math.floor(random() * words.length)]).join(' '));
  }
  return [...queries];
}

function rotating<T>(items: readonly T[]): () => T {
  let index = 0;
  return () => items[index++ % items.length]!;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start(command: string[], env: Record<string, string>, ready: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const [file, args] = PIN ? ['taskset', ['-c', SERVER_CORE, process.execPath, ...command]] : [process.execPath, command];
  const child = spawn(file, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => chunk.toString().includes(ready) && resolve();
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function check(url: string, testCase: Case): Promise<void> {
  const request = testCase.next();
  const response = await fetch(url + request.path, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(testCase.expect)) {
    throw new Error(`${testCase.name}: unexpected answer ${response.status} ${text.slice(0, 200)}`);
  }
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time per request: independent of how fast the load generator reads answers. */
  cpuMicros: number;
}

/** User + system CPU time of a process, in milliseconds (Linux /proc, clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(url: string, testCase: Case, seconds: number, pid: number): Promise<Figures> {
  const cpuBefore = await cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...testCase.next() }) }],
  });
  const cpu = (await cpuMs(pid)) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuMicros: (cpu * 1000) / Math.max(result.requests.total, 1),
  };
}

const queries = await sampleQueries();
const searchPaths = queries.map((query) => `/api/v1/search?q=${encodeURIComponent(query)}`);
const mcpSearches = queries.map((query) => toolCall('search_site', { query }));
const mcpSearches2026 = queries.map((query) => toolCall2026('search_site', { query }));
const CASES: Case[] = [
  { name: 'a. node:http /ping', server: 'bare', next: () => ({ method: 'GET', path: '/ping' }), expect: '"ok":true' },
  { name: 'b. Express 5 /ping', server: 'express', next: () => ({ method: 'GET', path: '/ping' }), expect: '"ok":true' },
  { name: 'ours GET /api/v1/page', server: 'ours', next: () => ({ method: 'GET', path: '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F' }), expect: '"markdown"' },
  { name: 'ours GET /api/v1/services', server: 'ours', next: () => ({ method: 'GET', path: '/api/v1/services?lang=pl' }), expect: '"pricing"' },
  { name: 'ours GET /api/v1/search (500 queries)', server: 'ours', next: ((next) => () => ({ method: 'GET' as const, path: next() }))(rotating(searchPaths)), expect: '"data"' },
  { name: 'ours POST /mcp search_site (500 queries)', server: 'ours', next: ((next) => () => ({ method: 'POST' as const, path: '/mcp', headers: MCP_HEADERS, body: next() }))(rotating(mcpSearches)), expect: '"structuredContent"' },
  { name: 'd. minimal 1.x SDK server, trivial tool', server: 'mcpMinimal', next: () => ({ method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: toolCall('ping', {}) }), expect: 'pong' },
  { name: 'e. minimal v2 SDK server, trivial tool, 2025-11-25', server: 'mcpMinimalV2', next: () => ({ method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: toolCall('ping', {}) }), expect: 'pong' },
  { name: 'ours POST /mcp search_site, 2026-07-28 (500 queries)', server: 'ours', next: ((next) => () => ({ method: 'POST' as const, path: '/mcp', headers: mcpHeaders2026('search_site'), body: next() }))(rotating(mcpSearches2026)), expect: '"structuredContent"' },
  { name: 'f. minimal v2 SDK server, trivial tool, 2026-07-28', server: 'mcpMinimalV2', next: () => ({ method: 'POST', path: '/mcp', headers: mcpHeaders2026('ping'), body: toolCall2026('ping', {}) }), expect: 'pong' },
];

/** Our server started otherwise, compared case by case with `ours` (see the header). */
type Variant = 'telemetry' | 'baseline';
const VARIANT_CASES = [2, 4, 5, 8].map((index) => CASES[index]!);
const variants: Variant[] = values.insights ? [] : [...(values.telemetry ? ['telemetry' as const] : []), ...(values.baseline === undefined ? [] : ['baseline' as const])];
for (const variant of variants) for (const testCase of VARIANT_CASES) CASES.push({ ...testCase, name: `${testCase.name} [${variant}]`, server: variant });

/** An AI assistant fetching for a person: the classifier's answer is cached per User-Agent, as for a real crawler. */
const ASSISTANT = { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot' };
const PAGE_PATH = '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F';
const INSIGHTS_LABELS = { ours: 'insights on', oursWithoutInsights: 'insights off', oursAgain: 'insights on, a second server' } as const;
type InsightsServer = keyof typeof INSIGHTS_LABELS;
const insightsCases = (server: InsightsServer): { page: Case; mcp: Case } => ({
  page: { name: `${INSIGHTS_LABELS[server]}: GET /api/v1/page`, server, next: () => ({ method: 'GET' as const, path: PAGE_PATH, headers: ASSISTANT }), expect: '"markdown"' },
  mcp: { name: `${INSIGHTS_LABELS[server]}: POST /mcp search_site (500 queries)`, server, next: ((next) => () => ({ method: 'POST' as const, path: '/mcp', headers: { ...MCP_HEADERS, ...ASSISTANT }, body: next() }))(rotating(mcpSearches)), expect: '"structuredContent"' },
});
const INSIGHTS = { on: insightsCases('ours'), off: insightsCases('oursWithoutInsights'), control: insightsCases('oursAgain') };
if (values.insights) CASES.splice(0, CASES.length, ...Object.values(INSIGHTS).flatMap((cases) => [cases.page, cases.mcp]));

/**
 * `--insights` pins the servers to one core and the load generator to the others (with `taskset`,
 * where there are two cores or more), so that the two servers of a pair share one core's time
 * fairly and the generator takes none of it. This process pins itself at once.
 */
const CORES = availableParallelism();
const PIN = values.insights && values.pin && CORES >= 2 && spawnSync('taskset', ['-cp', `0-${CORES - 2}`, String(process.pid)], { stdio: 'ignore' }).status === 0;
const SERVER_CORE = String(CORES - 1);

/** An OTLP/HTTP receiver that takes every export and keeps nothing: the collector's cost is not ours. */
async function otlpSink(): Promise<{ url: string; close(): void; received: () => number }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, close: () => server.close(), received: () => received };
}
/**
 * Insights on against off, and on against a second server with insights on (a control that shows
 * how finely the method resolves), for the REST page and MCP search_site. The three servers are
 * loaded at the same time, each by its own connections: whatever the machine does meanwhile slows
 * all alike, and with all on one core each gets the same CPU time, so the ratio of their rates is
 * the ratio of what a request costs each. Loaded one after the other, as the rest of this file
 * does, this host's rate for one server drifted by 40 % between rounds, far above the 3 % to
 * resolve.
 *
 * Every round starts three fresh servers and stops them after: a server process has a speed of
 * its own for its whole life (where V8 and the kernel happened to place its code and heap), a few
 * percent either way, which no number of rounds on the same processes averages out. The three
 * have the same history: a process keeps getting faster for tens of seconds of load (MCP
 * search_site's CPU per request fell by a third between 3 and 6 s of one core's time), so a server
 * loaded longer than the one it is compared with would win by that alone.
 */
async function compareInsights(results: Map<string, Figures[]>): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    // Each server its own data directory (insights keep their day counts in a file there).
    const dataDir = (name: string) => mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
    const env: Record<InsightsServer, Record<string, string>> = {
      ours: { ...OURS_ENV, DATA_DIR: dataDir('on') },
      oursWithoutInsights: { ...OURS_ENV, INSIGHTS: '0', DATA_DIR: dataDir('off') },
      oursAgain: { ...OURS_ENV, DATA_DIR: dataDir('control') },
    };
    const running = new Map<string, { url: string; child: ChildProcess }>();
    try {
      // Which server starts first and is loaded first turns each round: a place in the order must not favour one of them.
      const order = (['ours', 'oursWithoutInsights', 'oursAgain'] as const).map((_, index, names) => names[(index + round) % names.length]!);
      for (const name of order) running.set(name, await start(['dist/bin/main.js', 'serve'], env[name], '"msg":"listening"'));
      const loadAll = (cases: readonly Case[], seconds: number) => Promise.all(cases.map((testCase) => load(running.get(testCase.server)!.url, testCase, seconds, running.get(testCase.server)!.child.pid!)));
      for (const cases of Object.values(INSIGHTS)) for (const testCase of [cases.page, cases.mcp]) await check(running.get(testCase.server)!.url, testCase);
      for (const kind of ['page', 'mcp'] as const) {
        const trio = order.map((name) => ({ ours: INSIGHTS.on, oursWithoutInsights: INSIGHTS.off, oursAgain: INSIGHTS.control })[name][kind]);
        await loadAll(trio, WARM_SECONDS); // the JIT settles and the search answers' cache fills; discarded
        const figures = await loadAll(trio, SECONDS);
        trio.forEach((testCase, position) => {
          const measured = figures[position]!;
          results.get(testCase.name)!.push(measured);
          process.stderr.write(`round ${round + 1} ${testCase.name}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms, ${Math.round(measured.cpuMicros)} µs CPU/request\n`);
        });
      }
    } finally {
      await Promise.all([...running.values()].map(({ child }) => stop(child)));
    }
  }
}

/** Stops a server and waits for it to have exited (its port and CPU are free for the next round). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const sink = values.telemetry ? await otlpSink() : undefined;
const OURS_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '999999999' };

const needed = new Set(values.insights ? [] : CASES.map((testCase) => testCase.server));
const startIf = (server: Case['server'], command: string[], env: Record<string, string>, ready: string) => (needed.has(server) ? start(command, env, ready) : undefined);
const startedServers = {
  bare: await startIf('bare', [path.join('bench', 'servers', 'bare.mjs')], {}, 'listening'),
  express: await startIf('express', [path.join('bench', 'servers', 'express.mjs')], {}, 'listening'),
  mcpMinimal: await startIf('mcpMinimal', [path.join('bench', 'servers', 'mcp-minimal.mjs')], {}, 'listening'),
  mcpMinimalV2: await startIf('mcpMinimalV2', [path.join('bench', 'servers', 'mcp-minimal-v2.mjs')], {}, 'listening'),
  // The per-IP REST limit (120 a minute) would turn a load test into 429s.
  ours: await startIf('ours', ['dist/bin/main.js', 'serve'], OURS_ENV, '"msg":"listening"'),
  oursWithoutInsights: await startIf('oursWithoutInsights', ['dist/bin/main.js', 'serve'], { ...OURS_ENV, INSIGHTS: '0' }, '"msg":"listening"'),
  // Spans in batches as the SDK sends them; metrics every 5 s (60 s by default) so their export is in the figures.
  telemetry: sink && (await startIf('telemetry', ['dist/bin/main.js', 'serve'], { ...OURS_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_METRIC_EXPORT_INTERVAL: '5000', METRICS_PORT: '0' }, '"msg":"listening"')),
  baseline: values.baseline === undefined ? undefined : await startIf('baseline', [path.resolve(values.baseline, 'dist/bin/main.js'), 'serve'], OURS_ENV, '"msg":"listening"'),
};
const servers = startedServers as Record<Case['server'], { url: string; child: ChildProcess }>;
try {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (!values.insights) for (const testCase of CASES) await check(servers[testCase.server].url, testCase);

  const results = new Map<string, Figures[]>(CASES.map((testCase) => [testCase.name, []]));
  if (values.insights) await compareInsights(results);
  for (let round = 0; round < (values.insights ? 0 : ROUNDS); round++) {
    const order = CASES.map((_, index) => CASES[(index + round) % CASES.length]!);
    for (const testCase of order) {
      const { url, child } = servers[testCase.server];
      await load(url, testCase, 2, child.pid!); // warm-up, discarded
      const figures = await load(url, testCase, SECONDS, child.pid!);
      results.get(testCase.name)!.push(figures);
      process.stderr.write(`round ${round + 1} ${testCase.name}: ${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${Math.round(figures.cpuMicros)} µs CPU/request, errors ${figures.errors}\n`);
    }
  }

  const median = (numbers: number[]) => [...numbers].sort((x, y) => x - y)[Math.floor(numbers.length / 2)]!;
  const perRound = (name: string, reference: string) => median(results.get(name)!.map((figures, round) => figures.rps / results.get(reference)![round]!.rps));
  const cpu = (name: string) => median(results.get(name)!.map((figures) => figures.cpuMicros));
  console.log(`\nnode ${process.version}, ${new Date().toISOString()}, ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections`);
  if (values.insights) {
    console.log('| case | req/s (median) | p50 / p99 ms | server CPU µs/request | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, figures] of results) {
      if (figures.length === 0) continue;
      console.log(`| ${name} | ${Math.round(median(figures.map((f) => f.rps)))} | ${median(figures.map((f) => f.p50))} / ${median(figures.map((f) => f.p99))} | ${Math.round(median(figures.map((f) => f.cpuMicros)))} | ${figures.reduce((sum, f) => sum + f.errors, 0)} |`);
    }
    const ratios = (name: string, reference: string) => results.get(name)!.map((figures, round) => figures.rps / results.get(reference)![round]!.rps);
    const mean = (numbers: number[]) => numbers.reduce((sum, x) => sum + x, 0) / numbers.length;
    /** The median, the range and the mean with its standard error (how far the mean of this many rounds may be off). */
    const spread = (each: number[]) => {
      const sorted = [...each].sort((x, y) => x - y);
      const average = mean(each);
      const error = Math.sqrt(each.reduce((sum, x) => sum + (x - average) ** 2, 0) / Math.max(each.length - 1, 1) / each.length);
      return `median ${median(sorted).toFixed(3)} (${sorted[0]!.toFixed(3)} to ${sorted.at(-1)!.toFixed(3)}), mean ${average.toFixed(3)} ± ${error.toFixed(3)}`;
    };
    const cpuRatio = (name: string, reference: string) => (cpu(name) / cpu(reference)).toFixed(3);
    console.log(`\nThe three servers of a round loaded at the same time${PIN ? `, pinned to core ${SERVER_CORE} and the load to the others` : ' (not pinned)'}, fresh servers every round; per-round ratios of rates:`);
    for (const kind of ['page', 'mcp'] as const) {
      const [on, off, control] = [INSIGHTS.on[kind].name, INSIGHTS.off[kind].name, INSIGHTS.control[kind].name];
      console.log(`- ${on.slice('insights on: '.length)}:`);
      // Both insights-on servers are held to the off one: twice the rounds for the figure the target is about.
      console.log(`  insights on against off (both insights-on servers): rate ${spread([...ratios(on, off), ...ratios(control, off)])}; server CPU per request ${cpuRatio(on, off)}x and ${cpuRatio(control, off)}x (target: rate >= 0.97)`);
      console.log(`  the two insights-on servers against each other (the method's own spread): rate ${spread(ratios(on, control))}`);
    }
  }
  if (!values.insights) {
    console.log('| case | req/s (median) | p50 / p99 ms | server CPU µs/request | errors | req/s / node:http | req/s / Express |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const testCase of CASES) {
      const figures = results.get(testCase.name)!;
      console.log(
        `| ${testCase.name} | ${Math.round(median(figures.map((f) => f.rps)))} | ${median(figures.map((f) => f.p50))} / ${median(figures.map((f) => f.p99))} | ${Math.round(median(figures.map((f) => f.cpuMicros)))} | ${figures.reduce((sum, f) => sum + f.errors, 0)} | ${perRound(testCase.name, CASES[0]!.name).toFixed(3)} | ${perRound(testCase.name, CASES[1]!.name).toFixed(2)} |`,
      );
    }
    const [ours2025, minimalV1, minimalV2of2025, ours2026, minimalV2of2026] = [5, 6, 7, 8, 9].map((index) => CASES[index]!.name) as [string, string, string, string, string];
    console.log(`\nTargets (median of per-round ratios):`);
    console.log(`- /api/v1/page: ${perRound(CASES[2]!.name, CASES[1]!.name).toFixed(2)} of Express (>= 0.80)`);
    console.log(`- /api/v1/services: ${perRound(CASES[3]!.name, CASES[1]!.name).toFixed(2)} of Express (>= 0.80)`);
    console.log(`- /api/v1/search: ${perRound(CASES[4]!.name, CASES[1]!.name).toFixed(2)} of Express (>= 0.50)`);
    console.log(`- POST /mcp search_site, 2025-11-25: ${perRound(ours2025, minimalV2of2025).toFixed(2)}x the minimal v2 SDK server (>= 1.5); ${perRound(ours2025, minimalV1).toFixed(2)}x the 1.x one`);
    console.log(`- POST /mcp search_site, 2026-07-28: ${perRound(ours2026, minimalV2of2026).toFixed(2)}x the minimal v2 SDK server (>= 1.5)`);
    console.log(`\nServer CPU per request relative to the minimal Express app (its rate over ours, in CPU terms):`);
    for (const index of [2, 3, 4]) console.log(`- ${CASES[index]!.name}: ${(cpu(CASES[1]!.name) / cpu(CASES[index]!.name)).toFixed(2)}`);
    console.log(`- POST /mcp search_site vs the minimal v2 SDK server: ${(cpu(minimalV2of2025) / cpu(ours2025)).toFixed(2)}x at 2025-11-25, ${(cpu(minimalV2of2026) / cpu(ours2026)).toFixed(2)}x at 2026-07-28; vs the 1.x one: ${(cpu(minimalV1) / cpu(ours2025)).toFixed(2)}x`);
    for (const variant of variants) {
      console.log(`\nOur server [${variant}] against ours, the same cases in the same rounds (median of per-round ratios; 1.00 = no cost):`);
      for (const testCase of VARIANT_CASES) {
        const name = `${testCase.name} [${variant}]`;
        console.log(`- ${testCase.name}: rate ${perRound(name, testCase.name).toFixed(3)}, server CPU per request ${(cpu(name) / cpu(testCase.name)).toFixed(3)}`);
      }
    }
    if (sink) console.log(`\nThe OTLP sink took ${sink.received()} exports.`);
  }
} finally {
  for (const started of Object.values(startedServers)) started?.child.kill('SIGTERM');
  sink?.close();
}
