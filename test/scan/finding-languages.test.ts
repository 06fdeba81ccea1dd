import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ReportLanguage } from '../../src/scan/report-language.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { FixedClock } from '../helpers/clock.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext } from '../helpers/scan-context.js';
import {
  aiSearchBlockedSite,
  brokenJsonLdSite,
  challengedSite,
  cleanSite,
  duplicateTagSite,
  hugePageSite,
  neglectedSite,
  noRobotsSite,
  noTagsSite,
  redirectChainSite,
  retiredUaSite,
  spaShellSite,
  tagsBeforeConsentSite,
  trackingWithoutConsentSite,
} from './fixtures/websites.js';

/**
 * Every text a check writes (what it found, how to fix it, why it passed, was not verified or
 * does not apply) exists in Polish and in English. Each fixture website is scanned in both
 * languages: the two results must list the same items with the same quoted evidence, and every
 * text we wrote must differ between them, so a check that answers in one language only fails here.
 * (The slow site is left out: it stalls on purpose; the challenged one is refused before any check
 * and has its own case below.)
 */
const FIXTURES: Record<string, (origin: string) => Routes> = {
  clean: cleanSite,
  'duplicate tags': duplicateTagSite,
  'retired UA': retiredUaSite,
  'tags before consent': tagsBeforeConsentSite,
  'tracking without consent': trackingWithoutConsentSite,
  'AI search blocked': aiSearchBlockedSite,
  'no robots.txt': noRobotsSite,
  'SPA shell': () => spaShellSite(),
  'broken JSON-LD': brokenJsonLdSite,
  'huge page': hugePageSite,
  'redirect chain': redirectChainSite,
  'no tags': noTagsSite,
  neglected: neglectedSite,
};

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

async function scan(kind: ScanKind, site: FixtureSite, lang: ReportLanguage): Promise<ScanResult> {
  scans += 1;
  const { finished } = await ctx.scans.start(kind, `${site.origin}/`, `owner${scans}@acme-heating.co.uk`, `requester-${scans}`, lang);
  const status = await finished;
  expect(status.status, status.error).toBe('done');
  return status.result!;
}

/** Every text of a result we wrote, keyed by where it is, with the evidence beside it. */
function texts(result: ScanResult): Map<string, { text: string; evidence?: readonly string[] }> {
  const entries = new Map<string, { text: string; evidence?: readonly string[] }>();
  result.problems.forEach((problem, index) => {
    entries.set(`${problem.check} problem ${index} found`, { text: problem.found, evidence: problem.evidence });
    entries.set(`${problem.check} problem ${index} fix`, { text: problem.fix });
    if (problem.checked !== undefined) entries.set(`${problem.check} problem ${index} checked`, { text: problem.checked });
  });
  for (const entry of result.passed) entries.set(`${entry.check} passed`, { text: entry.found });
  for (const entry of result.not_verified) entries.set(`${entry.check} not verified`, { text: entry.reason });
  for (const entry of result.not_applicable) entries.set(`${entry.check} not applicable`, { text: entry.reason });
  return entries;
}

describe.each(Object.entries(FIXTURES))('the %s fixture site, scanned in Polish and in English', (_name, routes) => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite(routes);
    sites.push(site);
    // A new day for each site: four scans per site would otherwise run into the daily total (quotas are tested elsewhere).
    clock.advance(24 * 60 * 60 * 1000);
  });

  it.each(['analytics', 'ai_visibility'] as const)('%s: every finding, fix and explanation is in both languages; the evidence is the same', async (kind) => {
    const [pl, en] = [await scan(kind, site, 'pl'), await scan(kind, site, 'en')];
    expect([pl.lang, en.lang]).toEqual(['pl', 'en']);
    const polish = texts(pl);
    const english = texts(en);
    expect([...polish.keys()]).toEqual([...english.keys()]);
    const untranslated = [...english].filter(([where, { text }]) => polish.get(where)!.text === text).map(([where, { text }]) => `${where}: ${text}`);
    expect(untranslated).toEqual([]);
    for (const [where, { evidence }] of english) expect(polish.get(where)!.evidence, where).toEqual(evidence);
  });
});

describe('a site behind a bot challenge, scanned in Polish', () => {
  it('fails at once saying why in Polish, with the challenge quoted as it was sent', async () => {
    const site = await startFixtureSite(challengedSite());
    sites.push(site);
    clock.advance(24 * 60 * 60 * 1000);
    const { finished } = await ctx.scans.start('ai_visibility', `${site.origin}/`, 'challenged@acme-heating.co.uk', 'requester-challenged', 'pl');
    const status = await finished;
    expect(status.status).toBe('failed');
    expect(status.error).toContain('Witryna odpowiedziała naszemu skanerowi wyzwaniem dla botów');
    expect(status.error).toContain('cf-mitigated: challenge');
    expect(status.error).toContain('Nic nie zostało wliczone do limitu i nie wysłano raportu.');
  });
});
