/**
 * Search benchmark: 1,000 / 5,000 / 20,000 synthetic bilingual pages, each measured in a fresh
 * process running the compiled code: content load, index build, the process's memory holding
 * the site and its index, and in-process search latency for 1-3 word queries (3,000 of them, 70 %
 * words people search for, 30 % from the long tail, a third of the Polish ones typed without
 * diacritics), for 1,000 one-typo queries and for 1,500 whole questions of 8-15 words. Targets
 * (issues 2 and 16): 5,000 pages build in under 1.5 s, under 150 MB RSS, search p99 under 2 ms
 * for keyword queries and under 5 ms for questions. Each size runs twice: with the V8 flags of
 * the shipped bin's shebang (`--max-semi-space-size=2`) and with node's defaults.
 *   npm run build && npx tsx bench/search.ts [sizes...]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  idleRssMb: number;
  heapMb: number;
  externalMb: number;
  search: Record<'p50' | 'p95' | 'p99' | 'max', number>;
  typoSearch: Record<'p50' | 'p95' | 'p99' | 'max', number>;
  questionSearch: Record<'p50' | 'p95' | 'p99' | 'max', number>;
  bodyPostingsMb: number;
  flags?: string;
}

/** The V8 flags of the shipped bin, read from its shebang (`#!/usr/bin/env -S node --flag ...`). */
const BIN_FLAGS = readFileSync(path.join(import.meta.dirname, '..', 'src', 'cli', 'main.ts'), 'utf8').split('\n')[0]!.split(' ').filter((word) => word.startsWith('--'));

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
  // Whole questions of 8-15 words, as agents pass them: question and filler words around two to
  // four topic words, sometimes a long-tail word (a name, a product).
  const starts = {
    pl: ['czy możecie', 'ile kosztuje', 'jak się z wami skontaktować w sprawie', 'szukam firmy, która zrobi', 'czy pomożecie nam z', 'potrzebujemy pomocy przy'],
    en: ['can you help us with', 'how much does it cost to get', 'where can I find your', 'we are looking for someone to do', 'do you offer', 'we need help with'],
  };
  const fillers = {
    pl: ['dla', 'naszego', 'w', 'i', 'czy', 'to', 'jest', 'możliwe', 'na', 'przed', 'końcem', 'roku', 'proszę', 'o', 'informację', 'firmy'],
    en: ['for', 'our', 'the', 'and', 'is', 'it', 'possible', 'before', 'end', 'of', 'year', 'please', 'let', 'me', 'know', 'company'],
  };
  const questions = Array.from({ length: 1500 }, () => {
    const lang = random() < 0.5 ? 'pl' : 'en';
    const words = starts[lang][Math.floor(random() * starts[lang].length)]!.split(' ');
    const topics = 2 + Math.floor(random() * 3);
    const length = 8 + Math.floor(random() * 8);
    for (let index = 0; words.length < length; index++) {
      words.push(index < topics ? word(lang) : fillers[lang][Math.floor(random() * fillers[lang].length)]!);
    }
    const text = words.slice(0, length).join(' ');
    return lang === 'pl' && random() < 0.3 ? plain(text) : text;
  });
  return { queries, typoQueries, questions };
}

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const rows: Figures[] = [];
for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const dir = await mkdtemp(path.join(tmpdir(), `scm-bench-${size}-`));
  try {
    await writeSyntheticSite(dir, size);
    const queriesFile = path.join(dir, 'queries.json');
    await writeFile(queriesFile, JSON.stringify(makeQueries()));
    // Each size twice, in fresh processes: with the V8 flags the shipped bin runs node with, and
    // with node's defaults (a library user's process).
    for (const flags of [BIN_FLAGS, []]) {
      const output = execFileSync(process.execPath, ['--expose-gc', ...flags, path.join(import.meta.dirname, 'search-worker.mjs'), dir, queriesFile], { encoding: 'utf8' });
      const figures = { ...(JSON.parse(output.trim()) as Figures), flags: flags.join(' ') || 'none' };
      rows.push(figures);
      process.stderr.write(`${size} pages, node flags ${figures.flags}: ${output}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
console.log('| pages | node flags | load | index build | RSS (heap + external) | RSS after the queries and 15 s idle | body postings | keyword p50 / p95 / p99 / max | 1-typo p50 / p99 | 8-15 word questions p50 / p95 / p99 / max |');
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const s = row.search;
  const t = row.typoSearch;
  const q = row.questionSearch;
  console.log(`| ${row.pages} | ${row.flags} | ${row.loadMs} ms | ${row.buildMs} ms | ${row.rssMb} MB (${row.heapMb} + ${row.externalMb}) | ${row.idleRssMb} MB | ${row.bodyPostingsMb} MB | ${s.p50} / ${s.p95} / ${s.p99} / ${s.max} ms | ${t.p50} / ${t.p99} ms | ${q.p50} / ${q.p95} / ${q.p99} / ${q.max} ms |`);
}
