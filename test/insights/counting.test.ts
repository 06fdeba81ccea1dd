import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestEvent } from '../../src/insights/events.js';
import { Insights, MORE_GAPS } from '../../src/insights/insights.js';
import { buildReport } from '../../src/insights/report.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { quietLogger } from '../helpers/context.js';
import { FixedClock } from '../helpers/clock.js';

const DAY = 86_400_000;
const search: RequestEvent = { surface: 'mcp', family: 'mcp-client', agent: 'claude-code', subject: 'tools/call search_site', outcome: 'ok', via: 'http 2025-11-25', durationMs: 10, read: false };
const page: RequestEvent = { surface: 'markdown', family: 'ai-user', agent: 'ChatGPT-User', subject: '/pl/', outcome: 'ok', via: '', durationMs: 2, read: true };

/** A distinct question of letters only (digits would be redacted): 0 → "a", 26 → "ba". */
function words(index: number): string {
  let text = '';
  do {
    text = String.fromCharCode(97 + (index % 26)) + text;
    index = Math.floor(index / 26);
  } while (index > 0);
  return text;
}

/**
 * How one instance counts what it hears, whatever order requests come in: a request of the
 * kind just counted, a question asked again as it was, a new day.
 */
describe('counting requests and questions', () => {
  let clock: FixedClock;
  let insights: Insights;
  beforeEach(() => {
    clock = new FixedClock(Date.parse('2026-11-20T12:00:00Z'));
    insights = new Insights({ store: new MemoryStore(clock), clock, logger: quietLogger(), retentionDays: 30 });
  });
  afterEach(() => insights.close());

  it('counts interleaved kinds of requests each under its own kind, with their times', async () => {
    for (const event of [search, search, page, search, { ...search, outcome: 'tool-error' as const }, page, search]) insights.record({ ...event });
    const report = buildReport(await insights.days(1));
    expect(report.tools).toEqual([expect.objectContaining({ subject: 'search_site', requests: 5, failed: 1, averageMs: 10 })]);
    expect(report.pages).toEqual([expect.objectContaining({ subject: '/pl/', requests: 2, averageMs: 2 })]);
    expect(report.funnelTotal.reads).toBe(2);
  });

  it('counts a request again where the same kind was counted, with its time and read', async () => {
    const counted = insights.record({ ...page });
    expect(insights.recordAgain(counted, 4, true)).toBe(true);
    expect(insights.recordAgain(counted, 6, true)).toBe(true);
    const report = buildReport(await insights.days(1));
    expect(report.pages).toEqual([expect.objectContaining({ subject: '/pl/', requests: 3, averageMs: 4 })]);
    expect(report.funnelTotal.reads).toBe(3);
  });

  it('counts nothing again into a count already written, so that no request is lost', async () => {
    const counted = insights.record({ ...search });
    await insights.flush();
    expect(insights.recordAgain(counted, 10, false)).toBe(false);
    insights.record({ ...search });
    expect(buildReport(await insights.days(1)).tools).toEqual([expect.objectContaining({ subject: 'search_site', requests: 2 })]);
  });

  it('counts nothing again into the day before, once a new day has begun', async () => {
    const counted = insights.record({ ...search });
    clock.advance(DAY);
    expect(insights.recordAgain(counted, 10, false)).toBe(false);
    insights.record({ ...search });
    const days = await insights.days(2);
    expect(days.map((day) => buildReport([day]).tools[0]?.requests)).toEqual([1, 1]);
  });

  it('counts a question asked again in the same words each time, under one row', async () => {
    for (let asked = 0; asked < 3; asked++) insights.searched('Do you sell pizza?', 'en', 0, undefined);
    expect(buildReport(await insights.days(1)).gaps).toEqual([{ question: 'do you sell pizza', lang: 'en', count: 3 }]);
  });

  it('keeps a question asked again in the same words apart by its language label', async () => {
    insights.searched('pizza', 'en', 0, undefined);
    insights.searched('pizza', 'pl', 0, undefined);
    insights.searched('pizza', 'pl', 0, undefined);
    expect(buildReport(await insights.days(1)).gaps).toEqual([
      { question: 'pizza', lang: 'pl', count: 2 },
      { question: 'pizza', lang: 'en', count: 1 },
    ]);
  });

  it('redacts a question holding a phone number every time it is asked', async () => {
    insights.searched('call +48 601 234 567', 'en', 0, undefined);
    insights.searched('call +48 601 234 567', 'en', 0, undefined);
    expect(buildReport(await insights.days(1)).gaps).toEqual([{ question: 'call [phone]', lang: 'en', count: 2 }]);
  });

  it('counts the questions past a thousand distinct ones a day under one row, and the first thousand under their own', async () => {
    for (let asked = 0; asked < 1_000; asked++) insights.searched(`question ${words(asked)}`, 'en', 0, undefined);
    for (const question of ['one more question', 'one more question', 'and another', 'question a']) insights.searched(question, 'en', 0, undefined);
    const gaps = buildReport(await insights.days(1)).gaps;
    expect(gaps[0]).toEqual({ question: MORE_GAPS, lang: '', count: 3 });
    expect(gaps[1]).toEqual({ question: 'question a', lang: 'en', count: 2 });
  });

  it('counts a question asked again the next day on that day', async () => {
    insights.searched('pizza', 'en', 0, undefined);
    clock.advance(DAY);
    insights.searched('pizza', 'en', 0, undefined);
    const [first, second] = await insights.days(2);
    expect(buildReport([first!]).gaps).toEqual([{ question: 'pizza', lang: 'en', count: 1 }]);
    expect(buildReport([second!]).gaps).toEqual([{ question: 'pizza', lang: 'en', count: 1 }]);
  });
});
