import { afterEach, describe, expect, it } from 'vitest';
import { Insights } from '../../src/insights/insights.js';
import { buildReport } from '../../src/insights/report.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { quietLogger } from '../helpers/context.js';
import { FixedClock } from '../helpers/clock.js';

const DAY = 86_400_000;
const read = { surface: 'html', family: 'ai-user', agent: 'ChatGPT-User', subject: '/pl/', outcome: 'ok', via: '', durationMs: 4, read: true } as const;

/** The funnel per day and the retention, on the memory store with a fixed clock. */
describe('daily counts', () => {
  const clock = new FixedClock(Date.parse('2026-11-20T12:00:00Z'));
  const store = new MemoryStore(clock);
  const insights = new Insights({ store, clock, logger: quietLogger(), retentionDays: 3 });
  afterEach(() => insights.close());

  it('counts the funnel per day: reads, scans started and completed, inquiries sent', async () => {
    insights.record(read);
    insights.record(read);
    insights.funnel('scans-started');
    clock.advance(DAY);
    insights.record(read);
    insights.funnel('scans-started');
    insights.funnel('scans-completed');
    insights.funnel('inquiries-sent');
    const report = buildReport(await insights.days(2));
    expect(report.funnel).toEqual([
      { day: '2026-11-20', reads: 2, scansStarted: 1, scansCompleted: 0, inquiriesSent: 0 },
      { day: '2026-11-21', reads: 1, scansStarted: 1, scansCompleted: 1, inquiriesSent: 1 },
    ]);
    expect(report.readsByDay.map((day) => day.byFamily['ai-user'])).toEqual([2, 1]);
  });

  it('forgets a day once the retention after it is over', async () => {
    clock.advance(DAY * 4);
    expect(buildReport(await insights.days(10)).funnelTotal.reads).toBe(0);
  });
});
