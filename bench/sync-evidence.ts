/**
 * What a re-import costs when the sitemap fails (docs/import.md, "What a sync keeps, removes and
 * reports"): a loopback site of N pages with ETags, whose home page links only to its contact page
 * and whose sitemap lists every page, imported once, then again with the sitemap healthy, then
 * again with the sitemap answering 503. Prints, per run, the wall time, the requests the site
 * received (and how many were conditional and answered 304), and pages added, removed, re-checked
 * and kept. Runs the source through tsx, in this process; politeness off.
 *   npx tsx bench/sync-evidence.ts [pages=500]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runImport } from '../src/import/run-import.js';
import { NetworkPolicy } from '../src/net/network-policy.js';
import { systemResolver } from '../src/net/resolver.js';

const pages = Number(process.argv[2] ?? 500);
const paths = ['/', '/contact/', ...Array.from({ length: pages - 2 }, (_, n) => `/page-${n}/`)];
let sitemapFails = false;
let requests = 0;
let notModified = 0;

const body = (pagePath: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${pagePath}</title><meta name="description" content="Page ${pagePath} of Acme."></head><body><main><h1>Page ${pagePath}</h1><p>We plan, build and measure websites for small companies. <a href="mailto:hello@acme.example">hello@acme.example</a> <a href="tel:+442071234567">+44 20 7123 4567</a></p>${pagePath === '/' ? '<a href="/contact/">Contact</a>' : ''}</main></body></html>`;

const server = http.createServer((req, res) => {
  requests += 1;
  const pagePath = new URL(req.url ?? '/', 'http://x').pathname;
  if (pagePath === '/robots.txt') return void res.writeHead(404).end();
  if (pagePath === '/sitemap.xml') {
    if (sitemapFails) return void res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Busy</h1>');
    return void res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>http://${req.headers.host}${p}</loc></url>`).join('')}</urlset>`);
  }
  if (!paths.includes(pagePath)) return void res.writeHead(404).end();
  const etag = `"${pagePath}"`;
  if (req.headers['if-none-match'] === etag) {
    notModified += 1;
    return void res.writeHead(304, { etag }).end();
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(body(pagePath));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const out = await mkdtemp(path.join(tmpdir(), 'bench-sync-evidence-'));

async function run(label: string): Promise<void> {
  requests = 0;
  notModified = 0;
  const started = performance.now();
  const report = await runImport({ startUrl: `${origin}/`, outDir: out, version: 'bench', network: NetworkPolicy.create(true, systemResolver), maxPages: 2000, include: [], exclude: [], discover: false, concurrency: 4, delayMs: 0, lang: 'en' });
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms  requests ${String(requests).padStart(5)} (304: ${String(notModified).padStart(4)})  added ${String(report.added.length).padStart(4)}  removed ${String(report.removed.length).padStart(4)}  re-checked ${String(report.rechecked).padStart(4)}  kept ${String(report.kept.length).padStart(4)}  pages ${report.pagesInOutput}`,
  );
}

try {
  console.log(`${pages} pages; ${origin}`);
  await run('first import');
  await run('sitemap healthy');
  sitemapFails = true;
  await run('sitemap 503');
} finally {
  server.close();
  await rm(out, { recursive: true, force: true });
}
