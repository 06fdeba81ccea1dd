// Paired comparison of two builds of the search index in one process: this checkout's `dist/`
// and a baseline `dist/` (e.g. main's, built from `git archive main`). Every query runs on both,
// alternating which goes first, so a loaded machine's noise falls on both alike; the answers
// (paths, scores and matching sections) are compared query by query.
//   node --expose-gc bench/search-paired.mjs <content-dir> <queries.json> <baseline-dist-dir>
// <queries.json> holds { queries, typoQueries, questions } as bench/search.ts's makeQueries() makes them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSite } from '../dist/src/content/load-site.js';
import { SearchIndex } from '../dist/src/search/search-index.js';

const [dir, queriesFile, baselineDist] = process.argv.slice(2);
const { SearchIndex: Baseline } = await import(pathToFileURL(path.resolve(baselineDist, 'src/search/search-index.js')).href);
const { queries, typoQueries, questions } = JSON.parse(await readFile(queriesFile, 'utf8'));
const { site } = await loadSite(dir);
const indexes = { baseline: Baseline.build(site.pages), current: SearchIndex.build(site.pages) };
const at = (times, q) => Number([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2));
const total = (times) => Math.round(times.reduce((sum, time) => sum + time, 0));
const figures = {};
for (const [kind, all] of Object.entries({ keyword: queries, typo: typoQueries, question: questions })) {
  const distinct = [...new Set(all)];
  // Warm-up on a separate set; each measured query is run once per index (the index caches answers).
  for (const text of distinct.slice(0, 300)) for (const index of Object.values(indexes)) index.search({ text, limit: 8 });
  const times = { baseline: [], current: [] };
  let identical = 0;
  for (const [position, text] of distinct.slice(300).entries()) {
    const answers = {};
    for (const name of position % 2 ? ['baseline', 'current'] : ['current', 'baseline']) {
      const start = performance.now();
      const hits = indexes[name].search({ text, limit: 8 });
      times[name].push(performance.now() - start);
      answers[name] = hits.map((hit) => `${hit.page.path}@${hit.score}#${hit.matchingSections.join('|')}`).join(' ');
    }
    if (answers.baseline === answers.current) identical++;
  }
  figures[kind] = { queries: times.current.length, identical };
  for (const name of ['baseline', 'current']) figures[kind][name] = { p50: at(times[name], 0.5), p95: at(times[name], 0.95), p99: at(times[name], 0.99), totalMs: total(times[name]) };
}
console.log(JSON.stringify(figures));
