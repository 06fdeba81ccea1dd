/**
 * Discovery of `site-content-mcp import` on the compiled code: a loopback site whose robots.txt
 * names one gzip-compressed sitemap, imported by the published bin in a child process with
 * `--max-pages 50` and politeness off. Prints the importer's wall time (process start to exit)
 * and peak RSS (VmHWM, read from /proc every 50 ms) for a 10^6-URL sitemap beside a 100-URL one
 * in the same run. The sitemaps are generated into a temporary directory at bench time and
 * removed after; each site (a loopback server in this process) answers every other path with a small HTML page.
 *   npm run build && npx tsx bench/import-discovery.ts [urls=1000000] [max-pages=50] [other-build/dist/bin/main.js]
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { followPeakRss } from './lib/peak-rss.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const ROOT = path.join(import.meta.dirname, '..');
/** The bin to measure: this build's, or another build's `dist/bin/main.js` (e.g. main's, for before and after). */
const BIN = process.argv[4] === undefined ? path.join(ROOT, 'dist', 'bin', 'main.js') : path.resolve(process.argv[4]);
const bigCount = Number(process.argv[2] ?? 1_000_000);
const maxPages = Number(process.argv[3] ?? 50);
const work = await mkdtemp(path.join(tmpdir(), 'bench-discovery-'));

/**
 * A loopback site whose robots.txt names `sitemapFile` (served as it is, gzip), or with `index`, a
 * sitemap index of 199 sitemaps that are each that same file; every other path is a small page.
 */
async function startSite(sitemapFile: string, index: boolean): Promise<{ origin: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: http://${req.headers.host}/${index ? 'index.xml' : 'sitemap.xml.gz'}\n`);
    } else if (pathname === '/index.xml') {
      const children = Array.from({ length: 199 }, (_, n) => `<sitemap><loc>http://${req.headers.host}/child/${n}.xml.gz</loc></sitemap>`);
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.join('')}</sitemapindex>`);
    } else if (pathname === '/sitemap.xml.gz' || pathname.startsWith('/child/')) {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      void pipeline(createReadStream(sitemapFile), res).catch(() => {});
    } else {
      const title = `Page ${pathname}`;
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${title} of the discovery bench."></head><body><main><h1>${title}</h1><p>We plan, build and measure websites for small companies, and we explain every number we report to you.</p></main></body></html>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A gzip-compressed sitemap of `count` page URLs of `origin`, written to `file`. */
async function writeSitemap(file: string, origin: string, count: number): Promise<{ bytes: number; uncompressed: number }> {
  let uncompressed = 0;
  await pipeline(
    (async function* () {
      const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
      for (let n = 0; n < count; n += 1) {
        // Short lines, so that 10^6 URLs stay under the protocol's 50 MiB uncompressed (the size the old reader accepted whole).
        lines.push(`<url><loc>${origin}/${n}</loc></url>`);
        if (lines.length >= 10_000) {
          const text = lines.splice(0).join('');
          uncompressed += Buffer.byteLength(text);
          yield text;
        }
      }
      lines.push('</urlset>\n');
      const text = lines.join('');
      uncompressed += Buffer.byteLength(text);
      yield text;
    })(),
    createGzip(),
    createWriteStream(file),
  );
  return { bytes: (await stat(file)).size, uncompressed };
}

async function importRun(label: string, host: string, extra: readonly string[]): Promise<string> {
  const outDir = await mkdtemp(path.join(work, 'out-'));
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'import', `http://${host}/`, '--out', outDir, '--import-delay-ms', '0', '--max-pages', String(maxPages), ...extra], {
    env: { PATH: process.env.PATH ?? '', SCAN_ALLOW_PRIVATE_TARGETS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const rss = followPeakRss(child.pid);
  // An import that is still reading after five minutes is stopped (the old reader, on the index).
  let killed = false;
  const stop = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, 300_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const peakKb = rss.stop();
  clearTimeout(stop);
  const seconds = (performance.now() - started) / 1000;
  if (killed) return `| ${label} | - | stopped at ${seconds.toFixed(0)} s, still reading | ${(peakKb / 1024).toFixed(0)} MB |`;
  if (code !== 0) throw new Error(`import exited ${code}: ${stderr.slice(-500)}`);
  const added = Number(/^ {2}added +(\d+)$/m.exec(stdout)?.[1] ?? Number.NaN);
  return `| ${label} | ${added} | ${seconds.toFixed(1)} s | ${(peakKb / 1024).toFixed(0)} MB |`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const runs = [
  { label: '100 URLs (baseline)', count: 100, index: false, extra: [] },
  { label: `${bigCount.toLocaleString('en')} URLs`, count: bigCount, index: false, extra: [] },
  // Every sitemap URL filtered out, so nothing but the discovery bounds stops the reading.
  { label: `index of 199 sitemaps of ${bigCount.toLocaleString('en')} URLs, none included (--include /,/none/**)`, count: bigCount, index: true, extra: ['--include', '/,/none/**'] },
];
const rows: string[] = [];
const sizes: string[] = [];
for (const run of runs) {
  const file = path.join(work, `${run.count}-${run.index}.xml.gz`);
  const site = await startSite(file, run.index);
  const size = await writeSitemap(file, site.origin, run.count);
  if (!run.index) sizes.push(`${run.count} URLs: ${mb(size.bytes)} gzip, ${mb(size.uncompressed)} uncompressed`);
  rows.push(await importRun(run.label, new URL(site.origin).host, run.extra));
  site.close();
}
console.log(`node ${process.version}, ${new Date().toISOString()}, ${path.relative(process.cwd(), BIN)}, --max-pages ${maxPages}, politeness off; sitemaps: ${sizes.join('; ')}`);
console.log('');
console.log('| sitemap | pages added | time (process start to exit) | peak RSS of the importer |');
console.log('| --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
await rm(work, { recursive: true, force: true });
