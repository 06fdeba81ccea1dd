/**
 * This build's `serve` against another build's, loaded at the same time on one pinned core (the
 * load generator on the other cores), fresh servers every round and the start order turning:
 * the ratio of their rates is the ratio of what a request costs each, whatever the host does
 * meanwhile (bench/README.md, "Insights on and off", says why loading one after the other does
 * not resolve a few percent here). Both run with their defaults (insights on); cases: the REST
 * page and MCP search_site (2025-11-25), each with a ChatGPT-User User-Agent.
 *
 *   npm run build && npx tsx bench/builds-at-once.ts <other-build-dir> [--rounds 6] [--seconds 10] [--warm 15] [--connections 16]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from './lib/cpu-profile.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '10' },
    warm: { type: 'string', default: '15' },
    connections: { type: 'string', default: '16' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: npx tsx bench/builds-at-once.ts <other-build-dir> (a checkout with dist/ built)');
  process.exit(2);
}
const CORES = availableParallelism();
spawnSync('taskset', ['-cp', `0-${Math.max(0, CORES - 2)}`, String(process.pid)], { stdio: 'ignore' });
const BUILDS = { this: path.join(import.meta.dirname, '..'), other: path.resolve(positionals[0]!) } as const;
type Build = keyof typeof BUILDS;
const PAGE = '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F';
const USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'user-agent': USER_AGENT };
const WORDS = ['analityka', 'strona', 'kampania', 'audyt', 'GA4', 'SEO', 'cennik', 'kontakt', 'wdrożenie', 'reklama', 'sklep', 'konsultacja'];

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
}
async function start(build: Build, dir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn('taskset', ['-c', String(CORES - 1), process.execPath, path.join(BUILDS[build], 'dist', 'bin', 'main.js'), 'serve'], {
    cwd: BUILDS[build],
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '999999999', DATA_DIR: path.join(dir, build) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    // The server answers 503 until its content is loaded.
    if (await fetch(`${url}${PAGE}`).then((response) => response.ok, () => false)) break;
    if (tries > 400) throw new Error(`${build}'s serve did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url };
}

type Kind = 'page' | 'mcp';
async function load(server: Server, kind: Kind, seconds: number): Promise<number> {
  let next = 0;
  const request: autocannon.Request =
    kind === 'mcp'
      ? {
          method: 'POST',
          path: '/mcp',
          headers: MCP_HEADERS,
          setupRequest: (req: autocannon.Request) => {
            next++;
            const query = `${WORDS[next % WORDS.length]} ${WORDS[(next * 5 + 3) % WORDS.length]}`;
            return { ...req, body: JSON.stringify({ jsonrpc: '2.0', id: next, method: 'tools/call', params: { name: 'search_site', arguments: { query } } }) };
          },
        }
      : { method: 'GET', path: PAGE, headers: { 'user-agent': USER_AGENT } };
  const result = await autocannon({ url: server.url, connections: Number(values.connections), duration: seconds, requests: [request] });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} answers not 2xx and ${result.errors} errors from ${server.url}`);
  return result.requests.total / seconds;
}

const ratios: Record<Kind, number[]> = { page: [], mcp: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  const dir = await mkdtemp(path.join(tmpdir(), 'builds-at-once-'));
  const order: Build[] = round % 2 === 0 ? ['this', 'other'] : ['other', 'this'];
  const servers: Partial<Record<Build, Server>> = {};
  try {
    for (const build of order) servers[build] = await start(build, dir);
    for (const kind of ['page', 'mcp'] as const) {
      const both = (seconds: number) => Promise.all(order.map((build) => load(servers[build]!, kind, seconds)));
      await both(Number(values.warm));
      const [first, second] = await both(Number(values.seconds));
      const rate = order[0] === 'this' ? { this: first!, other: second! } : { this: second!, other: first! };
      ratios[kind].push(rate.this / rate.other);
      console.error(`round ${round + 1} ${kind}: this build ${Math.round(rate.this)} req/s, the other ${Math.round(rate.other)} req/s`);
    }
  } finally {
    for (const server of Object.values(servers)) {
      await new Promise((resolve) => {
        server.child.once('exit', resolve);
        server.child.kill('SIGTERM');
      });
    }
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
console.log(`node ${process.version}, ${new Date().toISOString()}: this build (${BUILDS.this}) against ${BUILDS.other}, ${values.rounds} rounds of ${values.seconds} s, both at once on core ${CORES - 1}`);
for (const kind of ['page', 'mcp'] as const) {
  const list = ratios[kind];
  console.log(`- ${kind === 'page' ? 'GET /api/v1/page' : 'POST /mcp search_site'}: rate, this build / the other, median ${median(list).toFixed(3)} (${Math.min(...list).toFixed(3)}-${Math.max(...list).toFixed(3)})`);
}
