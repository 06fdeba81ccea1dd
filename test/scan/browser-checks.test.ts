import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { ScanResult } from '../../src/scan/scan-result.js';
import type { ScanKind } from '../../src/scan/snapshot.js';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { scanTestContext } from '../helpers/scan-context.js';
import { consentedSite, scriptRenderedSite, trackingWithoutBannerSite } from './fixtures/browser-sites.js';

/**
 * The checks that need a browser, with Debian's headless Chromium (SCAN_BROWSER) against loopback
 * fixture sites whose scripts send GA4-style and Meta-style hits.
 */
const CHROMIUM = '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))('scans with a browser (SCAN_BROWSER=/usr/bin/chromium)', () => {
  let ctx: AppContext;
  const sites: FixtureSite[] = [];
  let emails = 0;

  beforeAll(async () => {
    ctx = await scanTestContext({ settings: { scanDeadlineMs: 40_000 }, logger: (await import('pino')).pino({ level: 'error' }) }, ['--scan-browser', CHROMIUM]);
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
    });

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
    });

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
    });
  });
});
