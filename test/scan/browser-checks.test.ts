import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext, UNHURRIED_MS, unhurriedScanSettings } from '../helpers/scan-context.js';
import { consentedSite, scriptRenderedSite, trackingWithoutBannerSite } from './fixtures/browser-sites.js';

/**
 * The checks that need a browser, with Debian's headless Chromium (SCAN_BROWSER) against loopback
 * fixture sites whose scripts send GA4-style and Meta-style hits. The browser's budget is not
 * what these tests are about: it is one a loaded machine cannot use up (UNHURRIED_MS), so that
 * what the checks see does not depend on the load; the last test gives it one that always runs out.
 */
const CHROMIUM = '/usr/bin/chromium';
/** Hooks and tests that scan wait for the scan, which a stuck browser ends at UNHURRIED_MS. */
const SCAN_WAIT_MS = UNHURRIED_MS + 30_000;

describe.skipIf(!existsSync(CHROMIUM))('scans with a browser (SCAN_BROWSER=/usr/bin/chromium)', () => {
  let ctx: AppContext;
  const sites: FixtureSite[] = [];
  let emails = 0;

  beforeAll(async () => {
    ctx = await scanTestContext({ scanSettings: (defaults) => unhurriedScanSettings(defaults), logger: (await import('pino')).pino({ level: 'error' }) }, ['--scan-browser', CHROMIUM]);
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all(sites.map((site) => site.close()));
  });

  async function scan(kind: ScanKind, routes: Routes): Promise<{ result: ScanResult; site: FixtureSite }> {
    const site = await startFixtureSite(routes);
    sites.push(site);
    emails += 1;
    const { finished } = await ctx.scans.start(kind, `${site.origin}/`, `browser${emails}@acme-heating.co.uk`);
    const status = await finished;
    expect(status.status, status.error).toBe('done');
    return { result: status.result!, site };
  }
  const problems = (result: ScanResult, check: string) => result.problems.filter((problem) => problem.check === check);
  const passedText = (result: ScanResult, check: string) => result.passed.find((entry) => entry.check === check)?.found;

  describe('a site whose tags run before any choice, with no banner', () => {
    let result: ScanResult;
    let site: FixtureSite;
    beforeAll(async () => {
      ({ result, site } = await scan('analytics', trackingWithoutBannerSite()));
    }, SCAN_WAIT_MS);

    it('verifies every browser check instead of leaving it unverified', () => {
      expect(result.not_verified.map((entry) => entry.check)).not.toEqual(expect.arrayContaining(['T3b']));
      expect(result.not_verified.map((entry) => entry.check)).toEqual([]);
    });

    it('T3b: counts two GA4 page views from one load as double counting', () => {
      expect(problems(result, 'T3b')[0]).toMatchObject({ severity: 'high', found: expect.stringContaining('GA4 G-8R2KJ4QX1L receives 2 page view hits') });
    });

    it('T7b: names the hits and the _ga cookie sent before any choice', () => {
      const [hits, cookies] = problems(result, 'T7b');
      expect(hits!.found).toContain('GA4 G-8R2KJ4QX1L and Meta Pixel 123456789012345');
      expect(hits!.evidence[0]).toContain('https://www.google-analytics.com/g/collect?v=2&tid=G-8R2KJ4QX1L&en=page_view');
      expect(cookies!.found).toContain('_ga');
      expect(hits!.pages).toEqual([`${site.origin}/`, `${site.origin}/about/`]);
    });

    it('T8: says the Google hits carry no consent state', () => {
      expect(problems(result, 'T8')[0]).toMatchObject({ severity: 'high', found: expect.stringContaining('no consent state') });
    });

    it('T11b: reports the canvas read-back', () => {
      expect(problems(result, 'T11b')[0]!.evidence).toEqual(['canvas: text drawn, then read back with toDataURL()']);
    });

    it('T15b: submits the form, holds the submission back, and finds no conversion', () => {
      expect(problems(result, 'T15b')[0]).toMatchObject({ severity: 'low' });
      expect(site.requests.filter((request) => request.method === 'POST')).toEqual([]);
    });

    it('never lets a hit leave: the fixture saw only the page and script requests', () => {
      expect(site.requests.every((request) => request.method === 'GET')).toBe(true);
    });
  });

  describe('a site with a consent banner and Consent Mode done right', () => {
    let result: ScanResult;
    beforeAll(async () => {
      ({ result } = await scan('analytics', consentedSite()));
    }, SCAN_WAIT_MS);

    it('passes T3b, T7b, T8 and T15b, saying what it saw', () => {
      expect(result.problems.filter((problem) => /^(T3b|T7b|T8|T11b|T15b)$/.test(problem.check))).toEqual([]);
      expect(passedText(result, 'T7b')).toContain('the banner’s "Accept all" was then clicked');
      expect(passedText(result, 'T8')).toContain('before-choice: gcs=G100');
      expect(passedText(result, 'T8')).toContain('after-accept: gcs=G111');
      expect(passedText(result, 'T8')).toContain('after-reject: gcs=G100');
      expect(passedText(result, 'T15b')).toContain('GA4 G-8R2KJ4QX1L generate_lead');
    });
  });

  describe('a page whose text is drawn by a script', () => {
    it('V9b: finds the text only in the rendered page', async () => {
      const { result } = await scan('ai_visibility', scriptRenderedSite());
      const [rendered] = problems(result, 'V9b');
      expect(rendered).toMatchObject({ severity: 'high' });
      expect(rendered!.checked).toMatch(/^\d+ words? in the HTML as served, \d[\d,]{2,} words after rendering; text after the page’s JavaScript ran$/);
    }, SCAN_WAIT_MS);
  });

  describe('a browser part that runs out of its budget', () => {
    it('leaves the checks that need the browser not verified, saying why, and still grades the rest', async () => {
      const budgeted = await scanTestContext({ scanSettings: (defaults) => unhurriedScanSettings(defaults, { browser: { ...defaults.browser!, budgetMs: 1 } }) }, ['--scan-browser', CHROMIUM]);
      try {
        const site = await startFixtureSite(scriptRenderedSite());
        sites.push(site);
        const { finished } = await budgeted.scans.start('ai_visibility', `${site.origin}/`, 'budget@acme-heating.co.uk');
        const status = await finished;
        expect(status.status, status.error).toBe('done');
        const rendered = status.result!.not_verified.find((entry) => entry.check === 'V9b');
        expect(rendered?.reason).toMatch(/^The pages could not be loaded in the browser: the browser (ran out of its time \([\d.,]+ s\)|was busy with another scan for the whole time this scan had for it)\.$/);
        expect(status.result!.passed.length + status.result!.problems.length).toBeGreaterThan(0);
      } finally {
        await budgeted.close();
      }
    }, SCAN_WAIT_MS);
  });
});
