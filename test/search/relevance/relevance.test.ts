/**
 * Runs the relevance set (questions.ts) against the sample site and reports success@3: the share
 * of questions whose first three results hold a page that answers them. The floor below is what
 * the build keeps; raise it when search gets better, never lower it to let a change through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/content/load-site.js';
import { SearchIndex } from '../../../src/search/search-index.js';
import { searchSettings } from '../../../src/search/search-settings.js';
import { SAMPLE_SITE } from '../../helpers/paths.js';
import { RELEVANCE_QUESTIONS } from './questions.js';

const SUCCESS_AT_3_FLOOR = 0.9;

let index: SearchIndex;
beforeAll(async () => {
  const { site } = await loadSite(SAMPLE_SITE);
  index = SearchIndex.build(site.pages, searchSettings(site.info));
});

describe('the relevance set', () => {
  it('has at least 60 whole questions in both languages, each naming pages of the sample site', async () => {
    const { site } = await loadSite(SAMPLE_SITE);
    expect(RELEVANCE_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(RELEVANCE_QUESTIONS.map((q) => q.lang))).toEqual(new Set(['pl', 'en']));
    for (const { answers } of RELEVANCE_QUESTIONS) for (const path of answers) expect(site.page(path), path).toBeDefined();
  });

  it(`puts an answer in the first three results for at least ${SUCCESS_AT_3_FLOOR * 100} % of questions`, () => {
    const misses: string[] = [];
    for (const { lang, question, answers } of RELEVANCE_QUESTIONS) {
      const top = index.search({ text: question, lang, limit: 3 }).map((hit) => hit.page.path);
      if (!top.some((path) => answers.includes(path))) misses.push(`${question} → ${top.join(', ') || '(nothing)'}`);
    }
    const success = 1 - misses.length / RELEVANCE_QUESTIONS.length;
    console.info(`search relevance: success@3 = ${(success * 100).toFixed(1)} % of ${RELEVANCE_QUESTIONS.length} questions${misses.length > 0 ? `; missed:\n  ${misses.join('\n  ')}` : ''}`);
    expect(success).toBeGreaterThanOrEqual(SUCCESS_AT_3_FLOOR);
  });

  it('puts the same page first for every limit, for every question', () => {
    for (const { lang, question } of RELEVANCE_QUESTIONS) {
      const first = index.search({ text: question, lang, limit: 1 }).map((hit) => hit.page.path);
      for (const limit of [2, 5, 8, 25]) expect(index.search({ text: question, lang, limit }).map((hit) => hit.page.path).slice(0, 1), `${question} (limit ${limit})`).toEqual(first);
    }
  });
});
