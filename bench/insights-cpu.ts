/**
 * What insights cost the server, from its CPU profile rather than from rates: the built `serve`
 * runs under `--cpu-prof`, insights on and off (INSIGHTS=0) in alternating rounds, one at a time,
 * each loaded with one case (MCP tools/call search_site over 500 rotating questions, or GET
 * /api/v1/page) as a ChatGPT-User fetcher, first `--warm` seconds unmeasured and then `--seconds`
 * measured (the profile is cut at the measurement's start). The sampled time of the measured
 * part is split into code bundled from src/insights, Node's diagnostics_channel, the garbage
 * collector and everything else, per request. Rates on this shared machine move by more than
 * insights cost (bench/http.ts --insights needs many rounds to see a few percent); a profile's
 * share of time in insights' own code does not, and `--functions` lists insights' functions by
 * their self time per request, to see what to make cheaper.
 *
 * The profile's own cost (a sample every `--interval` µs) slows both alike; the server runs on a
 * worker thread (src/cli/serve-thread.ts), whose profile is the one read.
 *
 *   npm run build && npx tsx bench/insights-cpu.ts [--case mcp|page] [--rounds 3] [--warm 20] [--seconds 10] [--connections 16] [--interval 250] [--functions]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bundleModules, freePort, inWantedModule, servingThreadProfile, type BundleModules } from './lib/cpu-profile.js';
import { loadSite } from '../src/content/load-site.js';
import { seededRandom } from './lib/random.js';

const { values } = parseArgs({
  options: {
    case: { type: 'string', default: 'mcp' },
    seconds: { type: 'string', default: '10' },
    warm: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
    interval: { type: 'string', default: '250' },
    functions: { type: 'boolean', default: false },
  },
});
const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'dist', 'bin');
const USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';

type Part = 'insights' | 'diagnostics_channel' | 'garbage collector' | 'idle' | 'other';

function partOf(map: BundleModules, frame: { url: string; lineNumber: number; functionName: string }): Part {
  if (frame.functionName === '(garbage collector)') return 'garbage collector';
  if (frame.functionName === '(idle)') return 'idle';
  if (frame.url === 'node:diagnostics_channel') return 'diagnostics_channel';
  return inWantedModule(map, frame.url, frame.lineNumber) ? 'insights' : 'other';
}

const { site } = await loadSite(path.join(ROOT, 'content'));
const words = [...new Set(site.pages.flatMap((page) => [page.title, ...page.headings]).join(' ').toLowerCase().match(/[\p{L}\d]{4,}/gu) ?? [])].sort();
const random = seededRandom(11);
const questionSet = new Set<string>();
while (questionSet.size < 500) questionSet.add(Array.from({ length: 1 + Math.floor(random() * 3) }, () => words[Math.floor(random() * words.length)]).join(' '));
const questions = [...questionSet];

async function load(url: string, seconds: number): Promise<number> {
  let index = 0;
  const requests =
    values.case === 'mcp'
      ? [
          {
            method: 'POST' as const,
            path: '/mcp',
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'user-agent': USER_AGENT },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: questions[index++ % questions.length] } } }),
            }),
          },
        ]
      : [{ method: 'GET' as const, path: '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F', headers: { 'user-agent': USER_AGENT } }];
  const result = await autocannon({ url, connections: Number(values.connections), duration: seconds, requests });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors`);
  return result.requests.total;
}

async function profiled(env: Record<string, string>): Promise<Record<Part, number> & { requests: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'insights-cpu-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-interval', values.interval, `--cpu-prof-dir=${dir}`, path.join(BIN, 'main.js'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '999999999', DATA_DIR: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    // The server answers 503 until its content is loaded.
    const ready = await fetch(`${url}/llms.txt`).then((response) => response.ok, () => false);
    if (ready) break;
    if (tries > 400) throw new Error('serve did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await load(url, Number(values.warm));
  const requests = await load(url, Number(values.seconds));
  child.kill('SIGINT');
  await exited;
  const profile = await servingThreadProfile(dir);
  await rm(dir, { recursive: true, force: true });
  const frameOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parts: Record<Part, number> = { insights: 0, diagnostics_channel: 0, 'garbage collector': 0, idle: 0, other: 0 };
  // The measured part is the profile's last `--seconds` (and the half second the server took to stop).
  let at = profile.startTime;
  const ends = profile.startTime + profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  const from = ends - Number(values.seconds) * 1e6 - 0.5e6;
  const functions = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from) return;
    const frame = frameOf.get(id);
    if (!frame) return;
    const part = partOf(modules, frame);
    parts[part] += profile.timeDeltas[index] ?? 0;
    if (values.functions && part === 'insights') {
      const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
      functions.set(key, (functions.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
    }
  });
  if (values.functions) console.log([...functions].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([name, us]) => `${name} ${(us / requests).toFixed(2)}`).join('\n'));
  return { ...parts, requests };
}

const modules = await bundleModules(BIN, (module) => module.startsWith('dist/src/insights/'));
console.log(`node ${process.version}, ${new Date().toISOString()}, case ${values.case}, warm ${values.warm} s, measured ${values.seconds} s, ${values.connections} connections`);
console.log('| insights | requests | CPU µs/request | insights code | diagnostics_channel | garbage collector | other |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const variants = [
  ['on', {}],
  ['off', { INSIGHTS: '0' }],
] as const;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [name, env] of round % 2 === 0 ? variants : [...variants].reverse()) {
    const parts = await profiled(env);
    const per = (us: number) => (us / parts.requests).toFixed(1);
    const busy = parts.insights + parts.diagnostics_channel + parts['garbage collector'] + parts.other;
    console.log(`| ${name} | ${parts.requests} | ${per(busy)} | ${per(parts.insights)} | ${per(parts.diagnostics_channel)} | ${per(parts['garbage collector'])} | ${per(parts.other)} |`);
  }
}
