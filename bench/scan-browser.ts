/**
 * Website scans with the headless browser (SCAN_BROWSER=/usr/bin/chromium), on the compiled
 * code, side by side with the same scan without a browser: the wall time of one scan of a
 * loopback fixture site, the event-loop delay while four scans run at once (they share the
 * process's one browser), and the memory the browser adds (the RSS of Chromium's processes,
 * sampled while it runs; the server's own RSS does not include them).
 *   npm run build && npx tsx bench/scan-browser.ts [scans]
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';

const CHROMIUM = '/usr/bin/chromium';
const DIST = path.join(import.meta.dirname, '..', 'dist', 'src');
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(DIST, file)).href) as Promise<T>;
const { loadConfig } = await load<typeof import('../src/config/load-config.js')>('config/load-config.js');
const { serveHttp } = await load<typeof import('../src/http/serve.js')>('http/serve.js');

const runs = Math.min(Number(process.argv[2] ?? 3), 6);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// A small site as a business publishes it: a consent banner, GA4- and Meta-style hits, an inner page with a form.
const TEXT = 'Acme Heating installs, services and repairs gas boilers and heat pumps in Leeds, with written quotes and a guarantee. '.repeat(6);
const SCRIPT = `<script>
  function ga4(p) { navigator.sendBeacon('https://www.google-analytics.com/g/collect?v=2&tid=G-8R2KJ4QX1L&' + p); }
  ga4('en=page_view&gcs=G100');
  function choose(ok) { document.getElementById('banner').remove(); if (ok) { document.cookie = '_ga=GA1.1.1.1; path=/'; ga4('en=user_engagement&gcs=G111'); new Image().src = 'https://www.facebook.com/tr?id=123456789012345&ev=PageView'; } }
  document.addEventListener('submit', () => ga4('en=generate_lead&gcs=G111'));
</script>`;
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: boiler engineers in Leeds</title><meta name="description" content="Gas Safe boiler servicing and heat pumps in Leeds and West Yorkshire, with written quotes.">${SCRIPT}</head>` +
  `<body><div id="banner"><button onclick="choose(true)">Accept all</button><button onclick="choose(false)">Reject all</button></div><main><h1>${title}</h1><p>${TEXT}</p>` +
  `<form action="/thanks/" method="post"><label for="e">E-mail</label><input id="e" type="email" required><button>Send</button></form></main><a href="/about/">About us</a> <a href="/privacy/">Privacy policy</a></body></html>`;
const site = http.createServer((req, res) => {
  const body = req.url === '/' ? page('Acme Heating') : req.url === '/about/' ? page('About Acme Heating') : undefined;
  res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const target = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

async function start(browser: boolean) {
  const request = loadConfig(['serve', '--port', '0', '--scan-allow-private-targets', '1', '--log-level', 'silent', ...(browser ? ['--scan-browser', CHROMIUM] : [])], {});
  if (request.kind !== 'run') throw new Error('unexpected');
  return serveHttp(request.config, { logger: pino({ level: 'silent' }) });
}

/** Sum of the RSS of this process's descendants (Chromium and its helpers), in MiB. */
async function childrenRssMiB(): Promise<number> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,rss=']);
  const rows = stdout.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const descendants = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) if (descendants.has(ppid) && !descendants.has(pid)) (descendants.add(pid), (grew = true));
  }
  return rows.filter(([pid]) => pid !== process.pid && descendants.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

let address = 0;
async function timeScans(server: Awaited<ReturnType<typeof start>>, kind: 'analytics' | 'ai_visibility') {
  const durations: number[] = [];
  let requests = 0;
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    const status = await (await server.ctx.scans.start(kind, target, `bench${(address += 1)}@miarka.pl`)).finished;
    durations.push(performance.now() - started);
    requests = status.result!.requests;
    if (status.result!.not_verified.some((entry) => /^(T3b|T7b|T8|V9b)$/.test(entry.check)) && server.ctx.scans !== undefined && kind === 'analytics' && durations.length === 1) {
      console.log(`  (not verified: ${status.result!.not_verified.map((entry) => entry.check).join(', ')})`);
    }
  }
  return { median: median(durations), max: Math.max(...durations), requests };
}

console.log(`node ${process.version}, ${new Date().toISOString()}, ${runs} scans per row`);
console.log('');
console.log('| scan of a loopback fixture | median | max | requests |');
console.log('| --- | ---: | ---: | ---: |');
const bare = await start(false);
const withBrowser = await start(true);
for (const kind of ['analytics', 'ai_visibility'] as const) {
  const without = await timeScans(bare, kind);
  console.log(`| ${kind}, no browser (baseline) | ${without.median.toFixed(0)} ms | ${without.max.toFixed(0)} ms | ${without.requests} |`);
  let peak = 0;
  const sampler = setInterval(() => void childrenRssMiB().then((value) => (peak = Math.max(peak, value))), 100);
  const browsed = await timeScans(withBrowser, kind);
  clearInterval(sampler);
  console.log(`| ${kind}, with browser | ${browsed.median.toFixed(0)} ms | ${browsed.max.toFixed(0)} ms | ${browsed.requests} (peak Chromium RSS ${peak.toFixed(0)} MiB) |`);
}

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let started = performance.now();
await Promise.all(Array.from({ length: 4 }, async (_, index) => (await withBrowser.ctx.scans.start(index % 2 === 0 ? 'analytics' : 'ai_visibility', target, `parallel${index}@miarka.pl`, `bench-requester-${index}`)).finished));
const wall = performance.now() - started;
histogram.disable();
const baseline = monitorEventLoopDelay({ resolution: 10 });
baseline.enable();
started = performance.now();
await Promise.all(Array.from({ length: 4 }, async (_, index) => (await bare.ctx.scans.start(index % 2 === 0 ? 'analytics' : 'ai_visibility', target, `bare${index}@miarka.pl`, `bare-requester-${index}`)).finished));
const bareWall = performance.now() - started;
baseline.disable();
// The machine's own noise: the same wall time with nothing running in this process.
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, wall));
idle.disable();
console.log('');
console.log('| 4 scans at once | wall time | event-loop delay p99 | max |');
console.log('| --- | ---: | ---: | ---: |');
console.log(`| nothing running (this machine's noise) | ${wall.toFixed(0)} ms | ${(idle.percentile(99) / 1e6).toFixed(1)} ms | ${(idle.max / 1e6).toFixed(1)} ms |`);
console.log(`| no browser (baseline) | ${bareWall.toFixed(0)} ms | ${(baseline.percentile(99) / 1e6).toFixed(1)} ms | ${(baseline.max / 1e6).toFixed(1)} ms |`);
console.log(`| with browser (one at a time) | ${wall.toFixed(0)} ms | ${(histogram.percentile(99) / 1e6).toFixed(1)} ms | ${(histogram.max / 1e6).toFixed(1)} ms |`);

await bare.close();
await withBrowser.close();
site.close();
