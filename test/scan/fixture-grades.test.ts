import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { FixedClock } from '../helpers/clock.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { scanTestContext } from '../helpers/scan-context.js';
import * as websites from './fixtures/websites.js';

/**
 * docs/scans.md states, for each fixture site, the grade a specialist gives it and why. This test
 * reads that table and scans every site in Polish and in English: both must get exactly the grade
 * and score written there, so the table and the grading cannot drift apart, and the report's
 * language never changes a grade.
 */
interface Row {
  readonly fixture: string;
  readonly kind: ScanKind;
  readonly tls: boolean;
  readonly grade: string;
  readonly score: number;
}

function table(): Row[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'scans.md'), 'utf8');
  const block = /<!-- fixture-grades -->\n([\s\S]*?)<!-- \/fixture-grades -->/.exec(doc)?.[1];
  if (block === undefined) throw new Error('docs/scans.md has no fixture-grades table');
  return block
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, fixture, kind, over, grade, score]) => ({ fixture: fixture!.replace(/`/g, ''), kind: kind as ScanKind, tls: over === 'https', grade: grade!, score: Number(score) }));
}

const builders = websites as unknown as Record<string, ((origin: string) => Routes) | undefined>;

let ctx: AppContext;
const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
const sites: FixtureSite[] = [];
let scans = 0;

beforeAll(async () => {
  ctx = await scanTestContext({ clock });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all(sites.map((site) => site.close()));
});

describe('the fixture sites of docs/scans.md', () => {
  it('are listed, each with a builder in fixtures/websites.ts', () => {
    const rows = table();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(builders[row.fixture], row.fixture).toBeTypeOf('function');
  });

  it.each(table().map((row) => [`${row.fixture} (${row.kind})`, row] as const))('grades %s as the table says, in Polish and in English', async (_name, row) => {
    const site = await startFixtureSite(builders[row.fixture]!, { tls: row.tls });
    sites.push(site);
    // A new day for each site: the daily quota is tested elsewhere.
    clock.advance(24 * 60 * 60 * 1000);
    for (const lang of ['pl', 'en'] as const) {
      scans += 1;
      const status = await (await ctx.scans.start(row.kind, `${site.origin}/`, `owner${scans}@acme-heating.co.uk`, `requester-${scans}`, lang)).finished;
      expect(status.status, status.error).toBe('done');
      const { grade, score, problems } = status.result!;
      const listed = problems.filter((problem) => problem.severity !== 'info').map((problem) => `${problem.check} ${problem.severity}: ${problem.found}`);
      expect({ lang, grade, score }, listed.join('\n')).toEqual({ lang, grade: row.grade, score: row.score });
    }
  });
});
