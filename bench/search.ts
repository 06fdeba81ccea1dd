/**
 * Search benchmark: 1,000 / 5,000 / 20,000 synthetic bilingual pages, each measured in a fresh
 * process running the compiled code: content load, index build, the process's memory holding
 * the site and its index, and in-process search latency for 1-3 word queries (3,000 of them, 70 %
 * words people search for, 30 % from the long tail, a third of the Polish ones typed without
 * diacritics) and for 1,000 one-typo queries. Targets (issue 2): 5,000 pages build in under
 * 1.5 s, under 150 MB RSS, search p99 under 2 ms.
 *   npm run build && npx tsx bench/search.ts [sizes...]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom, zipfPicker } from './lib/random.js';
import { writeSyntheticSite } from './lib/synthetic-site.js';
import { ENGLISH_QUERY_WORDS, ENGLISH_WORDS, POLISH_QUERY_WORDS, POLISH_WORDS } from './lib/vocabulary.js';

interface Figures {
  pages: number;
  loadMs: number;
  buildMs: number;
  baselineRssMb: number;
  rssMb: number;
  heapMb: number;
  externalMb: number;
  search: Record<'p50' | 'p95' | 'p99' | 'max', number>;
  typoSearch: Record<'p50' | 'p95' | 'p99' | 'max', number>;
}

function makeQueries() {
  const random = seededRandom(7);
  const domain = { pl: zipfPicker(POLISH_QUERY_WORDS, random, 0.5), en: zipfPicker(ENGLISH_QUERY_WORDS, random, 0.5) };
  const tail = { pl: zipfPicker(POLISH_WORDS.filter((word) => word.length > 3), random), en: zipfPicker(ENGLISH_WORDS.filter((word) => word.length > 3), random) };
  const word = (lang: 'pl' | 'en') => (random() < 0.7 ? domain[lang]() : tail[lang]());
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L');
  const queries = Array.from({ length: 3000 }, () => {
    const lang = random() < 0.5 ? 'pl' : 'en';
    const text = Array.from({ length: 1 + Math.floor(random() * 3) }, () => word(lang)).join(' ');
    return lang === 'pl' && random() < 0.3 ? plain(text) : text;
  });
  const typoQueries = Array.from({ length: 1000 }, () => {
    const candidates = [...POLISH_QUERY_WORDS, ...ENGLISH_QUERY_WORDS].filter((candidate) => candidate.length >= 6);
    const target = candidates[Math.floor(random() * candidates.length)]!;
    const position = 1 + Math.floor(random() * (target.length - 2));
    return target.slice(0, position) + target.slice(position + 1);
  });
  return { queries, typoQueries };
}

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const rows: Figures[] = [];
for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const dir = await mkdtemp(path.join(tmpdir(), `scm-bench-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    const queriesFile = path.join(dir, 'queries.json');
    await writeFile(queriesFile, JSON.stringify(makeQueries()));
    const output = execFileSync(process.execPath, ['--expose-gc', path.join(import.meta.dirname, 'search-worker.mjs'), dir, queriesFile], { encoding: 'utf8' });
    const figures = JSON.parse(output.trim()) as Figures;
    rows.push(figures);
    process.stderr.write(`${size} pages: ${output}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
console.log('| pages | load | index build | RSS (heap + external) | search p50 / p95 / p99 / max | 1-typo p50 / p99 |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const s = row.search;
  const t = row.typoSearch;
  console.log(`| ${row.pages} | ${row.loadMs} ms | ${row.buildMs} ms | ${row.rssMb} MB (${row.heapMb} + ${row.externalMb}) | ${s.p50} / ${s.p95} / ${s.p99} / ${s.max} ms | ${t.p50} / ${t.p99} ms |`);
}
