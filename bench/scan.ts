/**
 * Website scans, on the compiled code: how long a scan of our own sample site takes (served by
 * the real `serve` in this process, over loopback), the CPU cost of parsing and checking the
 * largest page a scan keeps (2 MiB), and how much four scans at once delay the event loop.
 *   npm run build && npx tsx bench/scan.ts [scans-per-kind]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';

const DIST = path.join(import.meta.dirname, '..', 'dist', 'src');
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(DIST, file)).href) as Promise<T>;
const { loadConfig } = await load<typeof import('../src/config/load-config.js')>('config/load-config.js');
const { serveHttp } = await load<typeof import('../src/http/serve.js')>('http/serve.js');
const { parseHtmlPage } = await load<typeof import('../src/net/page/html-page.js')>('net/page/html-page.js');
const { checksFor } = await load<typeof import('../src/scan/run-scan.js')>('scan/run-scan.js');

// At most 13 per kind: the daily total of 30 scans holds for the benchmark too (4 more run at the end).
const perKind = Math.min(Number(process.argv[2] ?? 12), 13);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

const request = loadConfig(['serve', '--port', '0', '--scan-allow-private-targets', '1', '--log-level', 'silent'], {});
if (request.kind !== 'run') throw new Error('unexpected');
const server = await serveHttp(request.config, { logger: pino({ level: 'silent' }) });
const target = `${server.ctx.content.current().urls.publicBaseUrl}/`;
let address = 0;

console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log('');
console.log('| scan of the sample site (loopback) | scans | median | p95 | requests per scan |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const kind of ['ai_visibility', 'analytics'] as const) {
  const durations: number[] = [];
  let requests = 0;
  for (let index = 0; index < perKind; index += 1) {
    const started = performance.now();
    const { finished } = await server.ctx.scans.start(kind, target, `bench${(address += 1)}@miarka.pl`);
    const status = await finished;
    durations.push(performance.now() - started);
    requests = status.result!.requests;
  }
  console.log(`| ${kind} | ${perKind} | ${median(durations).toFixed(0)} ms | ${p95(durations).toFixed(0)} ms | ${requests} |`);
}

// The largest page a scan keeps: 2 MiB of realistic markup (sections of text, links, scripts).
const section = (index: number) =>
  `<section><h2>Section ${index}</h2><p>${'Boiler servicing and heat pumps in Leeds, with written quotes and a guarantee. '.repeat(8)}</p><ul><li><a href="/s/${index}">More</a></li><li><img src="/i/${index}.jpg" alt="x"></li></ul><script>window.x${index}=${index};</script></section>`;
let body = '';
for (let index = 0; body.length < 2 * 1024 * 1024 - 2000; index += 1) body += section(index);
const pageHtml = `<!doctype html><html lang="en"><head><title>Big page</title><meta name="description" content="A big page"></head><body><main><h1>Big</h1>${body}</main></body></html>`;
const response = {
  requestedUrl: 'https://big.example/', finalUrl: 'https://big.example/', status: 200, headers: { 'content-type': 'text/html' }, mediaType: 'text/html',
  body: pageHtml, bodyBytes: Buffer.byteLength(pageHtml), truncated: false, bodySkipped: false, redirects: [], ttfbMs: 10, totalMs: 20,
};
const parseTimes: number[] = [];
const checkTimes: number[] = [];
for (let run = 0; run < 5; run += 1) {
  let started = performance.now();
  const page = parseHtmlPage(response);
  parseTimes.push(performance.now() - started);
  started = performance.now();
  for (const kind of ['ai_visibility', 'analytics'] as const) {
    const snapshot = { kind, requestedUrl: page.url, home: page, pages: [page], alternates: new Map(), resources: new Map(), slowResponseMs: 1500, now: Date.now() };
    for (const check of checksFor(kind)) check.run(snapshot);
  }
  checkTimes.push(performance.now() - started);
}
console.log('');
console.log('| 2 MiB page (blocks the event loop) | median | max |');
console.log('| --- | ---: | ---: |');
console.log(`| parse (node-html-parser, text, links, scripts) | ${median(parseTimes).toFixed(0)} ms | ${Math.max(...parseTimes).toFixed(0)} ms |`);
console.log(`| all AI and analytics checks | ${median(checkTimes).toFixed(0)} ms | ${Math.max(...checkTimes).toFixed(0)} ms |`);

// Four scans at once, as the per-process cap allows, while we watch the event loop.
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const started = performance.now();
await Promise.all(
  Array.from({ length: 4 }, async (_, index) => (await server.ctx.scans.start(index % 2 === 0 ? 'ai_visibility' : 'analytics', target, `parallel${index}@miarka.pl`, `bench-requester-${index}`)).finished),
);
const wall = performance.now() - started;
histogram.disable();
console.log('');
console.log('| 4 scans at once | wall time | event-loop delay p99 | max |');
console.log('| --- | ---: | ---: | ---: |');
console.log(`| sample site | ${wall.toFixed(0)} ms | ${(histogram.percentile(99) / 1e6).toFixed(1)} ms | ${(histogram.max / 1e6).toFixed(1)} ms |`);

await server.close();
