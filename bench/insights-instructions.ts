/**
 * What insights cost a request in instructions, counted rather than timed: the built `serve`,
 * insights on and, beside it, off (`INSIGHTS=0`), each under valgrind's callgrind, which counts
 * every instruction the process runs (the garbage collector's and the compiler's threads
 * included). Each is loaded with GET /api/v1/page as a ChatGPT-User fetcher over one continuous
 * run of `--connections`: the first `--warm` requests uncounted, the next `--measure` counted
 * (callgrind's instrumentation switched on and off between two answers, with the connections
 * kept open, so that nothing of their opening or closing is counted).
 *
 * An instruction count is the same from one run to the next within a fraction of a percent
 * (where timings on this machine move by several), and it names what each instruction ran in:
 * V8's builtins and runtime, its compiler and garbage collector, libc, or compiled JavaScript
 * (one line: callgrind cannot name V8's code). It does not see what memory costs (cache misses),
 * so a rate falls by more than the count rises: read it as the cost's floor. V8's compiler and
 * its full garbage collections run when V8 decides, and a window of a few thousand requests
 * catches one or not: the last line of the table leaves both out, and is the figure to compare
 * (`--measure 40000` takes about five times as long and averages them in). Work done on a
 * timer (insights' flush every 10 s) is counted many times too much: callgrind runs the server
 * about 30 times slower, so a timer fires 30 times as often per request.
 *
 * Both processes run at once, one per core; about 3 minutes for the defaults. Needs valgrind
 * (Debian's valgrind package).
 *
 *   npm run build && npx tsx bench/insights-instructions.ts [--warm 60000] [--measure 8000] [--connections 8] [--baseline DIR] [--top 25]
 *
 * `--baseline DIR` compares this build with insights on against DIR's (another build, e.g. of
 * main, `npm run build` done there) with insights on, instead of against this build with them off.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from './lib/cpu-profile.js';

const { values } = parseArgs({
  options: {
    warm: { type: 'string', default: '60000' },
    measure: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '8' },
    baseline: { type: 'string' },
    top: { type: 'string', default: '25' },
  },
});
const WARM = Number(values.warm);
const MEASURE = Number(values.measure);
const ROOT = path.join(import.meta.dirname, '..');
const PAGE = '/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F';
const USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';

for (const tool of ['valgrind', 'callgrind_control', 'callgrind_annotate']) {
  // callgrind_annotate answers --version with status 255: only whether it runs at all counts.
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error !== undefined) {
    console.error(`${tool} is not installed: apt-get install valgrind`);
    process.exit(1);
  }
}

interface Server {
  readonly label: string;
  readonly root: string;
  readonly insights: boolean;
}

/** Instructions per counted request of one server, by what ran them. */
type Counts = Map<string, number>;

async function counted(server: Server, dir: string): Promise<Counts> {
  const port = await freePort();
  const out = path.join(dir, `${server.label.replace(/\W+/g, '-')}.callgrind`);
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, path.join('dist', 'bin', 'main.js'), 'serve'], {
    cwd: server.root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '999999999', DATA_DIR: await mkdtemp(path.join(dir, 'data-')), ...(server.insights ? {} : { INSIGHTS: '0' }) },
    // Valgrind's own report goes to stderr: kept, and shown only if the server fails.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let report = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    report = (report + chunk.toString()).slice(-4000);
  });
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${server.label}: serve exited with ${code}\n${report}`);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (await fetch(`${url}${PAGE}`).then((response) => response.ok, () => false)) break;
    if (tries > 600) throw new Error(`${server.label}: serve did not start under valgrind`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const instrumentation = (state: 'on' | 'off') => execFileSync('callgrind_control', ['-i', state, String(child.pid)], { stdio: 'ignore' });
  let answers = 0;
  let countedAnswers = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ url: `${url}${PAGE}`, connections: Number(values.connections), amount: WARM + MEASURE + 500, timeout: 120, headers: { 'user-agent': USER_AGENT } }, (error) => (error ? reject(error) : resolve()));
    instance.on('response', (_client: unknown, status: number) => {
      if (status !== 200) reject(new Error(`${server.label}: answered ${status}`));
      answers++;
      if (answers === WARM) instrumentation('on');
      else if (answers > WARM && answers <= WARM + MEASURE) countedAnswers++;
      if (answers === WARM + MEASURE) instrumentation('off');
    });
  });
  execFileSync('callgrind_control', ['-d', String(child.pid)], { stdio: 'ignore' });
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const dumps = (await readdir(dir)).filter((name) => name.startsWith(path.basename(out)));
  // The dump asked for is the first part (`.1`); the last is what ran after it, until the exit.
  const dump = dumps.find((name) => name.endsWith('.1')) ?? dumps[0]!;
  return perRequest(path.join(dir, dump), countedAnswers);
}

/** Instructions per request of each function in a callgrind dump (`callgrind_annotate`, every function). */
function perRequest(file: string, requests: number): Counts {
  const counts: Counts = new Map();
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], { maxBuffer: 1 << 30 }).toString();
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$/.exec(line);
    if (match === null || match[2]!.includes('PROGRAM TOTALS')) continue;
    let name = match[2]!.replace(/^\?\?\?:/, '').replace(/\s*\[[^\]]*\]\s*$/, '');
    // Code V8 compiled at run time has no name callgrind can read.
    if (/^0x[0-9a-f]+/.test(name)) name = '(compiled JavaScript)';
    counts.set(name, (counts.get(name) ?? 0) + Number(match[1]!.replace(/,/g, '')) / requests);
  }
  return counts;
}

const KINDS: [string, RegExp][] = [
  ['compiled JavaScript', /^\(compiled JavaScript\)$/],
  ['V8 compiler', /compiler::|Pipeline|OptimizedCompilationJob|Zone::/],
  ['garbage collector', /Scaveng|Marking|Sweep|Evacuat|Heap::|heap::|MemoryChunk|IterateObjectCache|RememberedSet|SlotSet|GlobalHandles|PagedSpace|AllocateRaw|FreeList|popcount|SizeFromMap|Compactor|PointersUpdating|Marker|CppHeap|cppgc/],
  ['V8 runtime (inline cache misses, Date.now(), …)', /IC::|LookupIterator|StubCache|Runtime_|TransitionsAccessor|DescriptorArray/],
  ['V8 builtins', /^Builtins_/],
  ['HTTP parser, libuv, Node', /llhttp|uv_|node::/],
  ['libc and the kernel interface', /sysdeps|stdio|malloc|libc|string\/|libio/],
];

function byKind(counts: Counts): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const [name, count] of counts) {
    const kind = KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
    kinds.set(kind, (kinds.get(kind) ?? 0) + count);
  }
  return kinds;
}

const total = (counts: Counts) => [...counts.values()].reduce((sum, count) => sum + count, 0);
const figure = (count: number) => Math.round(count).toLocaleString('en');

const servers: [Server, Server] = values.baseline
  ? [
      { label: 'this build, insights on', root: ROOT, insights: true },
      { label: 'baseline, insights on', root: path.resolve(values.baseline), insights: true },
    ]
  : [
      { label: 'insights on', root: ROOT, insights: true },
      { label: 'insights off', root: ROOT, insights: false },
    ];
const dir = await mkdtemp(path.join(tmpdir(), 'insights-instructions-'));
try {
  console.error(`${WARM} requests uncounted, then ${MEASURE} counted, on each of: ${servers.map((server) => server.label).join('; ')} (about 3 minutes)`);
  const [first, second] = await Promise.all(servers.map((server) => counted(server, dir)));
  const [firstTotal, secondTotal] = [total(first!), total(second!)];
  console.log(`\nInstructions per GET /api/v1/page request, ${MEASURE} requests counted after ${WARM}:\n`);
  console.log(`| what ran them | ${servers[0].label} | ${servers[1].label} | difference |`);
  console.log('| --- | ---: | ---: | ---: |');
  const [firstKinds, secondKinds] = [byKind(first!), byKind(second!)];
  for (const kind of [...KINDS.map(([name]) => name), 'other']) {
    const [a, b] = [firstKinds.get(kind) ?? 0, secondKinds.get(kind) ?? 0];
    console.log(`| ${kind} | ${figure(a)} | ${figure(b)} | ${figure(a - b)} |`);
  }
  const share = (a: number, b: number) => `${figure(a - b)} (${(((a - b) / b) * 100).toFixed(2)} %)`;
  console.log(`| **all** | **${figure(firstTotal)}** | **${figure(secondTotal)}** | **${share(firstTotal, secondTotal)}** |`);
  // V8 compiles (or compiles again, after a deoptimisation) and collects its old generation when
  // it decides to: a window of a few thousand requests catches such an event or not, and the
  // process that does pays thousands of instructions a request that the other does not. What
  // every request runs is the rest.
  const episodic = (kinds: Map<string, number>) => (kinds.get('V8 compiler') ?? 0) + (kinds.get('garbage collector') ?? 0);
  const [firstSteady, secondSteady] = [firstTotal - episodic(firstKinds), secondTotal - episodic(secondKinds)];
  console.log(`| all but V8's compiler and garbage collector | ${figure(firstSteady)} | ${figure(secondSteady)} | ${share(firstSteady, secondSteady)} |`);
  console.log(`\nThe ${values.top} functions whose counts differ most:\n`);
  console.log(`| function | ${servers[0].label} | ${servers[1].label} | difference |`);
  console.log('| --- | ---: | ---: | ---: |');
  const names = new Set([...first!.keys(), ...second!.keys()]);
  const differences = [...names].map((name) => ({ name, a: first!.get(name) ?? 0, b: second!.get(name) ?? 0 })).sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b));
  for (const { name, a, b } of differences.slice(0, Number(values.top))) console.log(`| \`${name.slice(0, 100).replace(/\|/g, '\\|')}\` | ${figure(a)} | ${figure(b)} | ${figure(a - b)} |`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
