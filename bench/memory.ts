/**
 * Memory of the real, compiled server holding a synthetic site: `site-content-mcp serve` is
 * started on 1,000 / 5,000 / 20,000 pages and its resident set size read once it listens (the
 * content loaded and the index built). Target (issue 2): under 150 MB for 5,000 pages.
 *   npm run build && npx tsx bench/memory.ts [sizes...]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { writeSyntheticSite } from './lib/synthetic-site.js';

const CLI = path.join(import.meta.dirname, '..', 'dist', 'bin', 'main.js');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log('| pages | start to listening | RSS when listening | RSS after 2 s / 10 s idle |');
console.log('| ---: | ---: | ---: | ---: |');
for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const dir = await mkdtemp(path.join(tmpdir(), `scm-mem-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    const started = performance.now();
    const server = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env: { ...process.env, CONTENT_DIR: dir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: server.stderr! }).on('line', (line) => line.includes('"msg":"listening"') && resolve());
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const startMs = performance.now() - started;
    const listening = await rssOf(server.pid!);
    // V8's memory reducer collects the loader's garbage once allocation stops for a while.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle2 = await rssOf(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const idle10 = await rssOf(server.pid!);
    server.kill('SIGTERM');
    console.log(`| ${size} | ${Math.round(startMs)} ms | ${listening.toFixed(0)} MB | ${idle2.toFixed(0)} / ${idle10.toFixed(0)} MB |`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
