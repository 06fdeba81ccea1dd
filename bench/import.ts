/**
 * `site-content-mcp import` on the compiled code: a synthetic site of N pages (default 2,000)
 * served by the real `serve` in one child process on loopback, imported by the published bin in
 * another, with politeness off. Prints pages per second and the importer's peak RSS (read from
 * /proc every 50 ms), for a first run and for a re-run on the same directory (conditional
 * requests: every page answers 304), beside a bare baseline: the same pages fetched with
 * `fetch` at the same concurrency and thrown away (what the server and loopback allow).
 *   npm run build && npx tsx bench/import.ts [pages] [concurrency] [other-bin]
 * A third argument imports with another build's bin (main's, say) against the same server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { followPeakRss } from './lib/peak-rss.js';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { writeSyntheticSite } from './lib/synthetic-site.js';

const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'dist', 'bin', 'main.js');
const IMPORT_BIN = process.argv[4] === undefined ? BIN : path.resolve(process.argv[4]);
const pages = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 8);
const siteDir = await mkdtemp(path.join(tmpdir(), 'bench-import-site-'));
const outDir = await mkdtemp(path.join(tmpdir(), 'bench-import-out-'));
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-import-data-'));
await writeSyntheticSite(siteDir, pages);

const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, [BIN, 'serve', '--content-dir', siteDir, '--port', String(port), '--log-level', 'silent', '--data-dir', dataDir], { stdio: 'ignore' });
const origin = `http://localhost:${port}`;
for (;;) {
  if (await fetch(`${origin}/api/v1/health`).then((response) => response.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Every page URL of the sitemap, fetched and discarded: the ceiling the server and loopback set. */
async function baseline(): Promise<string> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const limit = pLimit(concurrency);
  const started = performance.now();
  await Promise.all(urls.map((url) => limit(async () => void (await (await fetch(url)).arrayBuffer()))));
  const seconds = (performance.now() - started) / 1000;
  return `| bare baseline: fetch and discard | ${urls.length} | ${seconds.toFixed(1)} s | ${(urls.length / seconds).toFixed(0)} | - |`;
}

async function importRun(label: string): Promise<string> {
  const started = performance.now();
  const child = spawn(process.execPath, [IMPORT_BIN, 'import', `${origin}/`, '--out', outDir, '--import-delay-ms', '0', '--import-concurrency', String(concurrency), '--max-pages', String(pages + 10)], {
    env: { PATH: process.env.PATH ?? '', SCAN_ALLOW_PRIVATE_TARGETS: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const rss = followPeakRss(child.pid);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const peakKb = rss.stop();
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import exited ${code}`);
  // The summary's counts are grouped ("2,000") and right-aligned.
  const count = (label: string) => Number(new RegExp(`^ {2}${label} +([\\d,]+)$`, 'm').exec(stdout)?.[1]?.replaceAll(',', '') ?? Number.NaN);
  const handled = count('added') + count('updated') + count('unchanged');
  return `| ${label} | ${handled} | ${seconds.toFixed(1)} s | ${(handled / seconds).toFixed(0)} | ${(peakKb / 1024).toFixed(0)} MB |`;
}

console.log(`node ${process.version}, ${new Date().toISOString()}, ${pages} pages, concurrency ${concurrency}, politeness off, importer ${IMPORT_BIN}`);
console.log('');
console.log('| run | pages | time (process start to exit) | pages/s | peak RSS of the importer |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(await baseline());
console.log(await importRun('first import'));
console.log(await importRun('re-run, nothing changed (304s)'));
server.kill();
await Promise.all([siteDir, outDir, dataDir].map((dir) => rm(dir, { recursive: true, force: true })));
