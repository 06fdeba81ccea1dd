/**
 * What insights cost the server, from the whole process under Linux `perf` rather than V8's own
 * profile: V8's profile charges the native code a function calls (its runtime when an inline
 * cache misses, `Date.now()`) to that function without saying what it was; `perf` names it. The
 * built `serve` runs with `--perf-basic-prof` (V8 writes the names of its compiled code where
 * `perf` reads them), pinned to the last core, loaded with GET /api/v1/page as a ChatGPT-User
 * fetcher from the other cores: first `--warm` seconds unrecorded, then `--seconds` recorded
 * (`perf record -e cpu-clock`, with call chains). V8's own log, which `--perf-basic-prof` starts,
 * goes to the run's temporary directory.
 *
 * Each sample is charged to the first JavaScript function on its stack, with the native code
 * under it: the samples whose function is bundled from src/insights are insights' cost, per
 * request, by function and by what was running (the function itself, V8's runtime, a builtin).
 * Needs `perf` (Debian's linux-perf) and permission to record (root, or perf_event_paranoid <= 1).
 *
 *   npm run build && npx tsx bench/insights-perf.ts [--warm 10] [--seconds 15] [--connections 16] [--frequency 2000]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bundleModules, freePort, inWantedModule } from './lib/cpu-profile.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    warm: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    frequency: { type: 'string', default: '2000' },
  },
});
const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'dist', 'bin');
const PAGE = '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F';
const USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const SERVER_CORE = String(availableParallelism() - 1);

if (spawnSync('perf', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('perf is not installed: apt-get install linux-perf');
  process.exit(1);
}

const modules = await bundleModules(BIN, (module) => module.startsWith('dist/src/insights/'));
const dir = await mkdtemp(path.join(tmpdir(), 'insights-perf-'));
const port = await freePort();
const server = spawn('taskset', ['-c', SERVER_CORE, process.execPath, '--perf-basic-prof', '--no-logfile-per-isolate', `--logfile=${path.join(dir, 'v8.log')}`, path.join(BIN, 'main.js'), 'serve'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '999999999', DATA_DIR: dir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  // The server answers 503 until its content is loaded.
  if (await fetch(`${url}${PAGE}`).then((response) => response.ok, () => false)) break;
  if (tries > 400) throw new Error('serve did not start');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const load = async (seconds: number) => (await autocannon({ url: `${url}${PAGE}`, connections: Number(values.connections), duration: seconds, headers: { 'user-agent': USER_AGENT } })).requests.total;
await load(Number(values.warm));
const data = path.join(dir, 'perf.data');
const recorder = spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', values.frequency, '-g', '-p', String(server.pid), '-o', data], { stdio: 'ignore' });
const requests = await load(Number(values.seconds));
await new Promise((resolve) => {
  recorder.once('exit', resolve);
  recorder.kill('SIGINT');
});
const script = spawnSync('perf', ['script', '-i', data, '-F', 'ip,sym'], { maxBuffer: 1 << 30, encoding: 'utf8' }).stdout;
await new Promise((resolve) => {
  server.once('exit', resolve);
  server.kill('SIGINT');
});
await rm(dir, { recursive: true, force: true });
await rm(`/tmp/perf-${server.pid}.map`, { force: true });

/** `JS:*name file:///…/chunk-X.js:301:26` → the bundle file's URL, its 0-based line and the function's name. */
function jsFrame(symbol: string): { url: string; line: number; name: string } | undefined {
  const match = /^JS:[*~^]?(\S*) (file:\/\/\S+):(\d+):\d+$/.exec(symbol);
  return match === null ? undefined : { name: match[1] || '(anonymous)', url: match[2]!, line: Number(match[3]) - 1 };
}

const usPerSample = 1e6 / Number(values.frequency);
let samples = 0;
const byFunction = new Map<string, number>();
const byLeaf = new Map<string, number>();
for (const block of script.split('\n\n')) {
  const frames = block
    .split('\n')
    .map((line) => line.trim().replace(/^[0-9a-f]+\s+/, ''))
    .filter(Boolean);
  if (frames.length === 0) continue;
  samples++;
  const index = frames.findIndex((frame) => frame.startsWith('JS:'));
  const frame = index === -1 ? undefined : jsFrame(frames[index]!);
  if (frame === undefined || !inWantedModule(modules, frame.url, frame.line)) continue;
  const name = `${frame.name} ${path.basename(frame.url)}:${frame.line + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  const leaf = index === 0 ? '(its own code)' : frames[0]!.replace(/\(.*$/, '').slice(0, 80);
  byLeaf.set(leaf, (byLeaf.get(leaf) ?? 0) + 1);
}
const perRequest = (count: number) => ((count * usPerSample) / requests).toFixed(2);
const insights = [...byFunction.values()].reduce((sum, count) => sum + count, 0);
console.log(`node ${process.version}, ${new Date().toISOString()}, GET /api/v1/page, ${requests} requests in ${values.seconds} s on core ${SERVER_CORE}`);
console.log(`the whole process: ${perRequest(samples)} µs CPU a request; insights' functions with the native code they ran: ${perRequest(insights)} µs`);
console.log('\n| insights function | µs a request |\n| --- | ---: |');
for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${perRequest(count)} |`);
console.log('\n| running in those functions | µs a request |\n| --- | ---: |');
for (const [leaf, count] of [...byLeaf].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${leaf} | ${perRequest(count)} |`);
