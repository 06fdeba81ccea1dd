/**
 * Runs the relevance set (questions.ts) against the sample site and reports, per language:
 * success@1 (the first result answers the question: agents often read only that one), MRR (the
 * mean of 1 / the rank of the first answer, 0 when none is in the first ten) and success@3 (an
 * answer among the first three). The floors below are what the build keeps; raise them when
 * search gets better, never lower them to let a change through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../src/content/load-site.js';
import { SearchIndex } from '../../../src/search/search-index.js';
import { searchSettings } from '../../../src/search/search-settings.js';
import { SAMPLE_SITE } from '../../helpers/paths.js';
import { RELEVANCE_QUESTIONS, type RelevanceQuestion } from './questions.js';

const SUCCESS_AT_3_FLOOR = 0.98;
/** Per language: the share of questions whose first result answers them. */
const SUCCESS_AT_1_FLOOR = 0.95;
const MRR_FLOOR = 0.97;
/** How deep MRR looks for an answer. */
const MRR_DEPTH = 10;

interface Measures {
  readonly questions: number;
  readonly successAt1: number;
  readonly successAt3: number;
  readonly mrr: number;
  /** Questions whose first result does not answer them, with the first three results. */
  readonly notFirst: readonly string[];
}

function measure(questions: readonly RelevanceQuestion[]): Measures {
  let first = 0;
  let inThree = 0;
  let reciprocal = 0;
  const notFirst: string[] = [];
  for (const { lang, question, answers } of questions) {
    const top = index.search({ text: question, lang, limit: MRR_DEPTH }).map((hit) => hit.page.path);
    const rank = top.findIndex((path) => answers.includes(path));
    if (rank === 0) first++;
    else notFirst.push(`${question} → ${top.slice(0, 3).join(', ') || '(nothing)'}${rank > 0 ? ` (answer ${rank + 1}.)` : ''}`);
    if (rank >= 0 && rank < 3) inThree++;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return { questions: questions.length, successAt1: first / questions.length, successAt3: inThree / questions.length, mrr: reciprocal / questions.length, notFirst };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

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

  for (const lang of ['pl', 'en'] as const) it(`puts an answer first for at least ${SUCCESS_AT_1_FLOOR * 100} % of the ${lang} questions, with an MRR of at least ${MRR_FLOOR}`, () => {
    const measures = measure(RELEVANCE_QUESTIONS.filter((question) => question.lang === lang));
    console.info(
      `search relevance (${lang}, ${measures.questions} questions): success@1 = ${percent(measures.successAt1)}, MRR = ${measures.mrr.toFixed(3)}, success@3 = ${percent(measures.successAt3)}` +
        (measures.notFirst.length > 0 ? `; not first:\n  ${measures.notFirst.join('\n  ')}` : ''),
    );
    expect(measures.successAt1).toBeGreaterThanOrEqual(SUCCESS_AT_1_FLOOR);
    expect(measures.mrr).toBeGreaterThanOrEqual(MRR_FLOOR);
  });

  it('puts the same page first for every limit, for every question', () => {
    for (const { lang, question } of RELEVANCE_QUESTIONS) {
      const first = index.search({ text: question, lang, limit: 1 }).map((hit) => hit.page.path);
      for (const limit of [2, 5, 8, 25]) expect(index.search({ text: question, lang, limit }).map((hit) => hit.page.path).slice(0, 1), `${question} (limit ${limit})`).toEqual(first);
    }
  });
});
