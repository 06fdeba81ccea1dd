import type http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { FixedClock } from '../helpers/clock.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext, unhurriedScanSettings } from '../helpers/scan-context.js';
import {
  aiSearchBlockedSite,
  brokenJsonLdSite,
  brokenPrivacyLinkSite,
  challengedSite,
  cleanSite,
  duplicateTagSite,
  hugePageSite,
  neglectedSite,
  noTagsSite,
  noRobotsSite,
  redirectChainSite,
  retiredUaSite,
  slowSite,
  spaShellSite,
  tagsBeforeConsentSite,
  trackingWithoutConsentSite,
} from './fixtures/websites.js';

/**
 * Each fixture website is a realistic case with the findings a person should get for it. The
 * scans run through the application's scan service, as the tools call it, against sites on
 * loopback (the test-only SCAN_ALLOW_PRIVATE_TARGETS mode).
 */
let ctx: AppContext;
const sites: FixtureSite[] = [];
let emails = 0;

beforeAll(async () => {
  ctx = await scanTestContext({ clock: new FixedClock(Date.parse('2026-11-21T12:00:00Z')) });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all(sites.map((site) => site.close()));
});

async function serve(routes: Routes | ((origin: string) => Routes), options: { tls?: boolean } = {}): Promise<FixtureSite> {
  const site = await startFixtureSite(routes, options);
  sites.push(site);
  return site;
}

/** Scans the site and returns the finished result (every call from a new address: quotas are tested elsewhere). */
async function scan(kind: ScanKind, site: FixtureSite, path = '/'): Promise<ScanResult> {
  emails += 1;
  const { finished } = await ctx.scans.start(kind, site.origin + path, `owner${emails}@acme-heating.co.uk`);
  const status = await finished;
  expect(status.status).toBe('done');
  return status.result!;
}

const ids = (result: ScanResult, severities: readonly string[] = ['critical', 'high', 'medium', 'low']) =>
  [...new Set(result.problems.filter((problem) => severities.includes(problem.severity)).map((problem) => problem.check))];
const problemsOf = (result: ScanResult, check: string) => result.problems.filter((problem) => problem.check === check);
const notVerified = (result: ScanResult) => result.not_verified.map((entry) => entry.check);

describe('a clean site', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serve(cleanSite, { tls: true });
  });

  it('grades A for AI visibility with no problem above information', async () => {
    const result = await scan('ai_visibility', site);
    expect(ids(result), JSON.stringify(result.problems, null, 1)).toEqual([]);
    expect(result).toMatchObject({ outcome: 'graded', grade: 'A', score: 100 });
    expect(result.passed.map((entry) => entry.check)).toEqual(expect.arrayContaining(['V1', 'V2', 'V3', 'V4', 'V6', 'V7', 'V8', 'V9', 'V10', 'V11', 'V12', 'V13', 'V14', 'V15', 'V18']));
  });

  it('lists only the browser-only and network-bound checks as not verified', async () => {
    const result = await scan('ai_visibility', site);
    expect(notVerified(result)).toEqual(['V5', 'V9b']);
  });

  it('grades A for analytics: GTM and GA4 with Cookiebot and Consent Mode v2 done right', async () => {
    const result = await scan('analytics', site);
    expect(ids(result), JSON.stringify(result.problems, null, 1)).toEqual([]);
    expect(result).toMatchObject({ outcome: 'graded', grade: 'A' });
    const found = Object.fromEntries(result.passed.map((entry) => [entry.check, entry.found]));
    expect(found.T1).toContain('Google Tag Manager GTM-K7PQ2ZX');
    expect(found.T1).toContain('Google Analytics 4 G-8R2KJ4QX1L');
    expect(found.T5).toContain('Cookiebot');
    expect(found.T6).toContain('all four keys');
    expect(notVerified(result)).toEqual(['T3b', 'T7b', 'T8', 'T11b', 'T15b']);
  });
});

describe('a site without any analytics (graded by hand: D, 59)', () => {
  let result: ScanResult;
  beforeAll(async () => {
    result = await scan('analytics', await serve(noTagsSite, { tls: true }));
  });

  it('is capped like a critical problem, because nothing is measured', () => {
    expect(problemsOf(result, 'T1')[0]).toMatchObject({ severity: 'critical' });
    expect(result).toMatchObject({ outcome: 'graded', grade: 'D', score: 59 });
  });

  it('counts the consent, duplicate and GTM checks as not applicable, not as passed', () => {
    expect(result.not_applicable.map((entry) => entry.check)).toEqual(['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T9', 'T10', 'T16']);
    expect(result.passed.map((entry) => entry.check)).toEqual(['T11', 'T12', 'T13', 'T14', 'T15', 'T17']);
  });

  it('says in its passed texts only what it saw: no forms on a page without forms', () => {
    expect(result.passed.find((entry) => entry.check === 'T15')?.found).toContain('no forms on the pages read');
  });
});

describe('a privacy policy link that answers 404', () => {
  it('fails T14: to a visitor and an ad platform the site has no privacy policy', async () => {
    const site = await serve(brokenPrivacyLinkSite, { tls: true });
    const result = await scan('analytics', site);
    const [broken] = problemsOf(result, 'T14');
    expect(broken).toMatchObject({ severity: 'high', url: `${site.origin}/privacy-policy/`, found: expect.stringContaining('HTTP 404') });
    expect(result.passed.map((entry) => entry.check)).not.toContain('T14');
  });
});

describe('a site with no structured data, sitemap, descriptions or language (graded by hand: D, 59)', () => {
  let result: ScanResult;
  beforeAll(async () => {
    result = await scan('ai_visibility', await serve(neglectedSite));
  });

  it('is kept out of the band of a well-kept site: four missing basics cap 85 at 59', () => {
    expect(result).toMatchObject({ outcome: 'graded', grade: 'D', score: 59 });
    expect(result.summary).toContain('85 before the cap');
  });

  it('reports a problem found on both pages once, listing the pages', () => {
    const descriptions = problemsOf(result, 'V12').filter((problem) => problem.found.includes('no meta description'));
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]!.pages).toEqual([`${result.final_url}`, expect.stringMatching(/\/about\/$/)]);
    expect(problemsOf(result, 'V12')).toHaveLength(2);
  });
});

describe('the same tag twice', () => {
  it('reports the doubled GTM container and GA4 configuration as double counting', async () => {
    const result = await scan('analytics', await serve(duplicateTagSite));
    const duplicates = problemsOf(result, 'T3');
    expect(duplicates.map((problem) => problem.found)).toEqual([
      expect.stringMatching(/^Google Tag Manager GTM-K7PQ2ZX is loaded 2 times/),
      expect.stringMatching(/^Google Analytics 4 G-8R2KJ4QX1L is configured 2 times/),
    ]);
    expect(duplicates.every((problem) => problem.severity === 'high')).toBe(true);
    expect(duplicates[0]!.evidence).toHaveLength(2);
  });
});

describe('a retired Universal Analytics property', () => {
  it('says nothing is measured, caps the grade, and names the UA id', async () => {
    const result = await scan('analytics', await serve(retiredUaSite));
    expect(problemsOf(result, 'T1')[0]).toMatchObject({ severity: 'critical' });
    expect(problemsOf(result, 'T2')[0]!.found).toContain('UA-48213377-1');
    expect(problemsOf(result, 'T2')[0]!.evidence[0]).toContain("ga('create', 'UA-48213377-1'");
    expect(['D', 'F']).toContain(result.grade);
  });
});

describe('tags before consent', () => {
  it('names Meta Pixel and LinkedIn loaded as ordinary scripts next to the consent banner', async () => {
    const result = await scan('analytics', await serve(tagsBeforeConsentSite));
    const [early] = problemsOf(result, 'T7');
    expect(early).toMatchObject({ severity: 'high' });
    expect(early!.found).toContain('Meta Pixel 123456789012345');
    expect(early!.found).toContain('LinkedIn Insight Tag');
    expect(early!.found).toContain('CookieYes');
    expect(early!.evidence.join('\n')).toContain("fbq('init', '123456789012345')");
  });

  it('leaves the Consent Mode default to the consent platform, which only a browser can confirm', async () => {
    const result = await scan('analytics', await serve(tagsBeforeConsentSite));
    expect(result.not_verified.find((entry) => entry.check === 'T6')?.reason).toContain('CookieYes');
  });
});

describe('GA4 and GTM before any consent, with no banner and no Consent Mode default (graded by hand: D, 59)', () => {
  let result: ScanResult;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serve(trackingWithoutConsentSite, { tls: true });
    result = await scan('analytics', site);
  });

  it('is critical: visitors are tracked before anyone asked them', () => {
    const [early] = problemsOf(result, 'T7');
    expect(early).toMatchObject({ severity: 'critical' });
    expect(early!.found).toContain('Google Tag Manager GTM-K7PQ2ZX');
    expect(early!.found).toContain('no consent banner and no Consent Mode default');
  });

  it('caps the grade at least as low as a site with no analytics at all', async () => {
    const none = await scan('analytics', await serve(noTagsSite, { tls: true }));
    expect(result).toMatchObject({ outcome: 'graded', grade: 'D', score: 59 });
    expect(result.score!).toBeLessThanOrEqual(none.score!);
    expect(result.summary).toContain('A critical problem caps the grade at D');
  });

  it('is one finding listing both pages, not one per page', () => {
    const early = problemsOf(result, 'T7');
    expect(early).toHaveLength(1);
    expect(early[0]!.pages).toEqual([`${site.origin}/`, `${site.origin}/about/`]);
  });
});

describe('robots.txt blocking the AI search crawlers', () => {
  it('is critical, quotes the deciding lines, and caps the grade at D', async () => {
    const result = await scan('ai_visibility', await serve(aiSearchBlockedSite));
    const [search, training] = problemsOf(result, 'V2');
    expect(search).toMatchObject({ severity: 'critical' });
    expect(search!.found).toMatch(/blocks 3 of the AI search crawlers: OAI-SearchBot .*Claude-SearchBot .*PerplexityBot/);
    expect(search!.checked).toContain('OAI-SearchBot (its own group) is disallowed on /');
    expect(search!.evidence[0]).toBe('robots.txt:7: Disallow: /');
    expect(training).toMatchObject({ severity: 'info' });
    expect(training!.found).toContain('GPTBot');
    expect(result.grade).toBe('D');
    expect(result.score).toBe(59);
    expect(result.summary).toContain('A critical problem caps the grade at D');
  });
});

describe('no robots.txt', () => {
  it('is a low problem for V1 while every crawler stays allowed', async () => {
    const result = await scan('ai_visibility', await serve(noRobotsSite, { tls: true }));
    expect(problemsOf(result, 'V1')[0]).toMatchObject({ severity: 'low' });
    expect(problemsOf(result, 'V1')[0]!.evidence[0]).toMatch(/robots\.txt -> HTTP 404$/);
    expect(result.passed.find((entry) => entry.check === 'V2')?.found).toBe('No robots.txt, so every AI crawler may read the whole site.');
    expect(problemsOf(result, 'V8')[0]).toMatchObject({ severity: 'low', found: expect.stringContaining('robots.txt does not name it') });
    expect(result.grade).toBe('A');
  });
});

describe('an SPA shell', () => {
  it('is critical: without JavaScript the page is empty to AI crawlers', async () => {
    const result = await scan('ai_visibility', await serve(spaShellSite));
    expect(problemsOf(result, 'V9')[0]).toMatchObject({ severity: 'critical' });
    expect(problemsOf(result, 'V9')[0]!.evidence[0]).toBe('<div id="root"></div>');
    expect(['D', 'F']).toContain(result.grade);
  });
});

describe('broken JSON-LD', () => {
  it('reports the block that does not parse and the malformed offer', async () => {
    const result = await scan('ai_visibility', await serve(brokenJsonLdSite));
    const problems = problemsOf(result, 'V10');
    expect(problems[0]).toMatchObject({ severity: 'high', found: expect.stringContaining('does not parse') });
    expect(problems[0]!.checked).toMatch(/^JSON syntax error: "/);
    expect(problems[0]!.evidence[0]).toContain('"url": "');
    const offer = problems.find((problem) => problem.severity === 'medium' && problem.found.includes('incomplete or malformed'));
    expect(offer?.checked).toContain('$.offers.price: "price" has a value engines cannot read');
    expect(offer?.checked).toContain('$.offers.priceCurrency: "priceCurrency" has a value engines cannot read');
  });
});

describe('a site behind a bot challenge', () => {
  it.each(['ai_visibility', 'analytics'] as const)('is not graded for %s: the scan fails at once with the quoted challenge, uncounted and unreported', async (kind) => {
    const { finished } = await ctx.scans.start(kind, `${(await serve(challengedSite)).origin}/`, 'challenged@acme-heating.co.uk');
    const status = await finished;
    expect(status).toMatchObject({ status: 'failed', error: expect.stringContaining('bot challenge') });
    expect(status.error).toContain('cf-mitigated: challenge');
    expect(status.error).toContain('Nothing was counted against your limit and no report was sent.');
    expect(status.result).toBeUndefined();
  });
});

describe('a site that blocks the scanner, scanned for a Polish reader', () => {
  const refusal: Routes = { '/': { status: 403, body: '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1></body></html>' } };
  const browserCheck: Routes = { '/': { status: 503, body: '<!DOCTYPE html><html><head><title>Bitte warten</title></head><body><p>Checking your browser before accessing the site.</p></body></html>' } };

  it('says why in Polish, quoting only what the site answered: a refusal', async () => {
    const { finished } = await ctx.scans.start('ai_visibility', `${(await serve(refusal)).origin}/`, 'refused-pl@acme-heating.co.uk', 'local', 'pl');
    const { error } = await finished;
    expect(error).toContain('Witryna odmówiła dostępu naszemu skanerowi');
    expect(error).toContain('HTTP 403');
    expect(error).not.toMatch(/\b(for|our|scanner|request)\b/);
  });

  it('says why in Polish, quoting only what the site answered: a browser check page', async () => {
    const { finished } = await ctx.scans.start('ai_visibility', `${(await serve(browserCheck)).origin}/`, 'checked-pl@acme-heating.co.uk', 'local', 'pl');
    const { error } = await finished;
    expect(error).toContain('wyzwaniem dla botów');
    expect(error).toContain('Checking your browser before accessing');
    expect(error).not.toContain('browser check page');
  });
});

describe('a slow site', () => {
  const stalled: http.ServerResponse[] = [];
  afterEach(() => {
    for (const res of stalled.splice(0)) res.destroy();
  });

  it('flags the slow first byte and reports the file that never answered as not verified, still grading the rest', async () => {
    // The home page answers after 400 ms, above the 300 ms threshold whatever the load; robots.txt
    // never answers and meets the request timeout, 2.5 s, which leaves the home page room on a loaded machine.
    const slowCtx = await scanTestContext({ scanSettings: (defaults) => unhurriedScanSettings(defaults, { slowResponseMs: 300, fetch: { ...unhurriedScanSettings(defaults).fetch, requestTimeoutMs: 2_500 } }) });
    const site = await serve((origin) => slowSite(origin, 400, stalled), { tls: true });
    const { finished } = await slowCtx.scans.start('ai_visibility', `${site.origin}/`, 'owner@acme-heating.co.uk');
    const result = (await finished).result!;
    await slowCtx.close();
    expect(problemsOf(result, 'V15')[0]!.found).toMatch(/took \d+(\.\d)? s to start answering/);
    for (const check of ['V1', 'V2', 'V3']) {
      expect(result.not_verified.find((entry) => entry.check === check)?.reason).toBe('robots.txt could not be fetched: no complete answer within 2.5 s');
    }
    expect(result.outcome).toBe('graded');
  });
});

describe('a huge page', () => {
  it('reads the page up to the size cap and says it was cut', async () => {
    const result = await scan('ai_visibility', await serve(hugePageSite));
    const heavy = problemsOf(result, 'V15').find((problem) => problem.found.includes('MB'));
    expect(heavy).toMatchObject({ severity: 'medium' });
    expect(heavy!.checked).toBe('2,097,152 bytes read, cut at the scan’s size cap');
    expect(result.outcome).toBe('graded');
  });
});

describe('a redirect chain', () => {
  it('follows it to the page and lists every hop', async () => {
    const site = await serve(redirectChainSite);
    const result = await scan('ai_visibility', site);
    expect(result.final_url).toBe(`${site.origin}/en/`);
    const chain = problemsOf(result, 'V15').find((problem) => problem.found.includes('redirects'));
    expect(chain!.found).toContain('3 redirects');
    expect(chain!.evidence).toEqual([`301 ${site.origin}/ -> ${site.origin}/start`, `302 ${site.origin}/start -> ${site.origin}/en`, `301 ${site.origin}/en -> ${site.origin}/en/`]);
  });
});
