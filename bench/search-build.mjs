// Times the search index build of one site, each build in a fresh process with the shipped bin's
// V8 flags, alternating between this checkout's `dist/` and any other builds given (e.g. main's,
// from `git archive main`), so that a host getting slower or faster weighs on each alike.
//   npm run build && node bench/search-build.mjs <content-dir> [runs] [other-dist-dir ...]
// NO_BODY_THREAD=1 times the build without the body thread (a site under 1,000 pages, one core).
// Prints each build's times and their median, and the RSS of the process holding the index.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

if (process.argv[2] === '--one') {
  // One build, in this process: `--one <dist-dir> <content-dir>`.
  const [dist, dir] = process.argv.slice(3);
  const load = async (module) => import(pathToFileURL(path.resolve(dist, module)).href);
  const { loadSite } = await load('src/content/load-site.js');
  const { SearchIndex } = await load('src/search/search-index.js');
  const { site } = await loadSite(dir);
  globalThis.gc();
  const started = performance.now();
  const index = SearchIndex.build(site.pages, {}, process.env.NO_BODY_THREAD ? { bodyThreadFromPages: Infinity } : {});
  const buildMs = performance.now() - started;
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  // `indexed` reads the index after the memory is measured, so that it is still held then.
  const rssMb = Math.round(process.memoryUsage().rss / 1048576);
  console.log(JSON.stringify({ buildMs, rssMb, pages: site.pages.length, indexed: index.search({ text: 'a', limit: 1 }).length >= 0 }));
} else {
  const [dir, runs = '6', ...others] = process.argv.slice(2);
  if (!dir) throw new Error('usage: node bench/search-build.mjs <content-dir> [runs] [other-dist-dir ...]');
  const binFlags = readFileSync(path.join(here, '..', 'src', 'cli', 'main.ts'), 'utf8').split('\n')[0].split(' ').filter((word) => word.startsWith('--'));
  const dists = [path.join(here, '..', 'dist'), ...others];
  const results = new Map(dists.map((dist) => [dist, []]));
  for (let run = 0; run < Number(runs); run++) {
    for (const dist of run % 2 ? [...dists].reverse() : dists) {
      const output = execFileSync(process.execPath, ['--expose-gc', ...binFlags, fileURLToPath(import.meta.url), '--one', dist, dir], { encoding: 'utf8' });
      results.get(dist).push(JSON.parse(output));
    }
  }
  console.log(`node ${process.version}, flags ${binFlags.join(' ')}${process.env.NO_BODY_THREAD ? ', no body thread' : ''}, ${new Date().toISOString()}`);
  for (const [dist, figures] of results) {
    const times = figures.map(({ buildMs }) => Math.round(buildMs));
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    console.log(`${dist}: ${figures[0].pages} pages, build ${times.join(' ')} ms (median ${median}), RSS holding the index ${figures.map(({ rssMb }) => rssMb).join(' ')} MB`);
  }
}
