/**
 * `site-content-mcp import` on the compiled code: a synthetic site of N pages (default 2,000)
 * served by the real `serve` in one child process on loopback, imported by the published bin in
 * another, with politeness off. Prints pages per second and the importer's peak RSS (read from
 * /proc every 50 ms), for a first run and for a re-run on the same directory (conditional
 * requests: every page answers 304), beside a bare baseline: the same pages fetched with
 * `fetch` at the same concurrency and thrown away (what the server and loopback allow).
 *   npm run build && npx tsx bench/import.ts [pages] [concurrency] [other-bin]
 * A third argument imports with another build's bin (main's, say) against the same server.
 *
 * With `--render`: the render fixtures instead (test/fixtures/sites/built/: the React Router + Vite
 * single-page application, served with its fallback to index.html, and the Astro static export of
 * the same eight pages), each imported by the published bin with `--render auto` and Debian's
 * Chromium, politeness off: pages per second, the importer's peak RSS, and the peak of the browser's
 * processes together (the sum of their proportional set sizes, /proc/PID/smaps_rollup, read
 * again as soon as the last reading ended). Time is the median of the runs, the peaks their highest.
 *   npm run build && npx tsx bench/import.ts --render [runs]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { followPeakRss } from './lib/peak-rss.js';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { writeSyntheticSite } from './lib/synthetic-site.js';

const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'dist', 'bin', 'main.js');
if (process.argv[2] === '--render') {
  await renderBench(Number(process.argv[3] ?? 3));
  process.exit(0);
}
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

/** The sum of the proportional set sizes of every process below `pid` (the browser's), in kB. */
async function descendantsPssKb(pid: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isFinite(ppid)) parents.set(Number(entry), ppid);
  }
  const below = (candidate: number): boolean => {
    for (let up = parents.get(candidate); up !== undefined && up > 1; up = parents.get(up)) if (up === pid) return true;
    return false;
  };
  let total = 0;
  for (const child of parents.keys()) {
    if (!below(child)) continue;
    const rollup = await readFile(`/proc/${child}/smaps_rollup`, 'utf8').catch(() => '');
    total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  return total;
}

async function renderBench(runs: number): Promise<void> {
  const { startBuiltSite } = await import('../test/helpers/mirror-site.js');
  const fixtures = [
    { name: 'react-spa', label: 'React Router + Vite SPA (client-rendered)', spaFallback: true },
    { name: 'astro-static', label: 'Astro static export (the same pages)', spaFallback: false },
  ];
  console.log(`node ${process.version}, ${new Date().toISOString()}, --render auto, /usr/bin/chromium, politeness off, ${runs} runs each (time: median; peaks: highest)`);
  console.log('');
  console.log('| site | pages | rendered | time (process start to exit) | pages/s | peak RSS of the importer | peak of the browser (PSS, all its processes) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const fixture of fixtures) {
    const site = await startBuiltSite(fixture.name, { spaFallback: fixture.spaFallback });
    const rows: { pages: number; rendered: number; seconds: number; importKb: number; browserKb: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
      const out = await mkdtemp(path.join(tmpdir(), 'bench-render-out-'));
      const started = performance.now();
      const child = spawn(process.execPath, [BIN, 'import', `${site.origin}/`, '--out', out, '--import-delay-ms', '0', '--render', 'auto', '--render-browser', '/usr/bin/chromium'], {
        env: { PATH: process.env.PATH ?? '', SCAN_ALLOW_PRIVATE_TARGETS: '1' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const rss = followPeakRss(child.pid);
      let browserKb = 0;
      // One reading of /proc at a time (a reading walks every process): a new one starts when the last has ended.
      let sampling = false;
      const sampler = setInterval(() => {
        if (sampling) return;
        sampling = true;
        void descendantsPssKb(child.pid!).then((kb) => {
          browserKb = Math.max(browserKb, kb);
          sampling = false;
        });
      }, 50);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearInterval(sampler);
      const importKb = rss.stop();
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) throw new Error(`import exited ${code}`);
      const count = (label: string) => Number(new RegExp(`^ {2}${label} +([\\d,]+)$`, 'm').exec(stdout)?.[1]?.replaceAll(',', '') ?? Number.NaN);
      rows.push({ pages: count('added'), rendered: count('rendered in a browser'), seconds, importKb, browserKb });
      await rm(out, { recursive: true, force: true });
    }
    await site.close();
    const median = <T>(values: T[], key: (value: T) => number) => values.map(key).sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const seconds = median(rows, (row) => row.seconds);
    const pages = rows[0]!.pages;
    console.log(
      `| ${fixture.label} | ${pages} | ${rows[0]!.rendered} | ${seconds.toFixed(1)} s | ${(pages / seconds).toFixed(1)} | ${(Math.max(...rows.map((row) => row.importKb)) / 1024).toFixed(0)} MB | ${(Math.max(...rows.map((row) => row.browserKb)) / 1024).toFixed(0)} MB |`,
    );
  }
}
