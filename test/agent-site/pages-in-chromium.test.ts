import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { authorizeUrl, pkcePair, registerClient } from '../helpers/oauth.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const HOME = '/pl/';
const SERVICE = '/pl/uslugi/analityka-internetowa/wdrozenie-ga4/';
const GUIDE = '/api/v1/docs';
/** axe-core's own bundle, injected into each page through playwright-core. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The words of the text under `selector` (split at spaces, and after a hyphen, where a
 * compound may end a line) that the browser laid out across two lines. Browser-side code is a
 * string: the tests' TypeScript has no DOM library.
 */
const brokenWords = (selector: string) => `(() => {
  const broken = [];
  for (const root of document.querySelectorAll(${JSON.stringify(selector)})) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
})()`;

/**
 * Where the text under `selector` goes to the next line, as the characters either side of each
 * break ("k|?" for a break between "callback" and "?tenant").
 */
const lineBreaks = (selector: string) => `(() => {
  const chars = [];
  const walker = document.createTreeWalker(document.querySelector(${JSON.stringify(selector)}), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let index = 0; index < node.data.length; index++) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const rect = range.getClientRects()[0];
      if (rect) chars.push({ char: node.data[index], line: Math.round(rect.bottom) });
    }
  }
  return chars.flatMap((entry, index) => (index > 0 && entry.line !== chars[index - 1].line ? [chars[index - 1].char + '|' + entry.char] : []));
})()`;

/** Elements other than code blocks that the reader has to scroll sideways, and how far the page itself is too wide. */
const SIDEWAYS = `(() => {
  const scrolling = [...document.querySelectorAll('body *')].filter((element) => {
    const overflow = getComputedStyle(element).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1 && !element.closest('pre');
  });
  return { page: document.documentElement.scrollWidth - window.innerWidth, elements: scrolling.map((element) => element.tagName.toLowerCase() + ': ' + element.textContent.slice(0, 60)) };
})()`;

/** Prices ("3 900 zł", "od 950 EUR") in the page's main text that are laid out across two lines. */
const SPLIT_PRICES = `(() => {
  const split = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/(?:od[\\s\\u00a0]|from[\\s\\u00a0])?\\d{1,3}(?:[\\s\\u00a0\\u202f]\\d{3})*(?:,\\d+)?[\\s\\u00a0\\u202f](?:zł|PLN|EUR|€)/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
      if (lines.size > 1) split.push(match[0]);
    }
  }
  return split;
})()`;

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('the site pages, the API guide and the consent page in Chromium', () => {
  let server: RunningServer;
  let profile: string;
  let browser: BrowserContext;
  let page: Page;
  let consentUrl: string;

  beforeAll(async () => {
    server = await startTestServer(SAMPLE_SITE);
    profile = await mkdtemp(path.join(tmpdir(), 'site-content-mcp-chromium-'));
    // bypassCSP: axe-core is injected as a script, which the pages' CSP (rightly) refuses.
    browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, bypassCSP: true });
    const base = server.ctx.content.current().urls.publicBaseUrl;
    const redirect = 'https://assistant.example.com/oauth/callback/miarka-analytics?tenant=acme';
    const client = await registerClient(base, { redirect_uris: [redirect], client_name: 'Asystent zakupowy', token_endpoint_auth_method: 'none' });
    consentUrl = authorizeUrl(base, { response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ui_locales: 'pl' });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    await server?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  describe.each([PHONE, DESKTOP])('at $width px', (viewport) => {
    beforeEach(async () => {
      await page.setViewportSize(viewport);
    });

    it('breaks no word inside the API guide\'s tables', async () => {
      await page.goto(server.url + GUIDE);
      expect(await page.locator('main table').count()).toBeGreaterThan(20);
      expect(await page.evaluate(brokenWords('main table'))).toEqual([]);
    });

    it('splits no price across lines on the home page and a service page', async () => {
      for (const address of [HOME, SERVICE]) {
        await page.goto(server.url + address);
        expect(await page.evaluate(SPLIT_PRICES), address).toEqual([]);
      }
    });

    it('breaks the consent page\'s redirect address only where its parts meet', async () => {
      await page.goto(consentUrl);
      expect(await page.locator('html').getAttribute('lang')).toBe('pl');
      const breaks = (await page.evaluate(lineBreaks('.target'))) as string[];
      if (viewport === PHONE) expect(breaks.length).toBeGreaterThan(0);
      // After a slash, or on either side of ? & = #: never inside a host name, a path segment or a value.
      for (const at of breaks) expect(at).toMatch(/^(\/\||[?&=#]\||.\|[?&=#])/);
    });
  });

  it('lets nothing but code blocks scroll sideways in the API guide at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(server.url + GUIDE);
    expect(await page.evaluate(SIDEWAYS)).toEqual({ page: 0, elements: [] });
  });

  describe.each(['light', 'dark'] as const)('in the %s colour scheme', (colorScheme) => {
    it.each([
      ['the home page', HOME],
      ['a service page', SERVICE],
      ['the API guide', GUIDE],
      ['the consent page', 'consent'],
    ])('axe-core finds no serious or critical issue on %s', async (_name, address) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(PHONE);
      await page.goto(address === 'consent' ? consentUrl : server.url + address);
      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(`axe.run(document).then((result) => result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id + ' (' + violation.impact + '): ' + violation.nodes.slice(0, 3).map((node) => node.target.join(' ') + ' ' + (node.failureSummary || '').split('\\n').slice(1, 2).join('')).join(' | ')))`)) as string[];
      expect(violations).toEqual([]);
    });
  });
}, 180_000);
