import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

/** Debian's Chromium, headless, with nothing that reaches the network on its own. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('the site in headless Chromium', () => {
  let server: RunningServer;
  let profile: string;
  let browser: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startTestServer(SAMPLE_SITE);
    // A fresh profile per run (Playwright takes the user data dir as an argument, not a flag).
    profile = await mkdtemp(path.join(tmpdir(), 'site-content-mcp-chromium-'));
    browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    await server?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    problems = [];
    // A CSP violation (say, a stylesheet whose hash is not allowed) shows up as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterEach(async () => {
    await page.close();
  });

  it('renders a page with its title, heading, navigation and stylesheet, without console errors', async () => {
    const response = await page.goto(`${server.url}/pl/uslugi/analityka-internetowa/wdrozenie-ga4/`);
    expect(response?.status()).toBe(200);
    const source = server.ctx.content.current().site.page('/pl/uslugi/analityka-internetowa/wdrozenie-ga4/')!;
    expect(await page.title()).toBe(source.title);
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Wdrożenie Google Analytics 4 (GA4)');
    expect(await page.locator('main h2').count()).toBeGreaterThan(3);
    expect(await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Cennik' }).getAttribute('href')).toBe('/pl/cennik/');
    // The inline stylesheet applied: the content column is 46rem wide at most.
    // (A string, because the test's TypeScript has no DOM library.)
    expect(await page.evaluate('getComputedStyle(document.querySelector("main")).maxWidth')).toBe('736px');
    expect(problems).toEqual([]);
  });

  it('follows the hreflang alternate to the translated page', async () => {
    await page.goto(`${server.url}/pl/uslugi/`);
    const href = await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href');
    expect(href).toBe(`${server.ctx.content.current().urls.publicBaseUrl}/en/services/`);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe(server.ctx.content.current().site.page('/en/services/')!.title);
    expect(problems).toEqual([]);
  });

  it('follows the Markdown alternate to the page as Markdown', async () => {
    await page.goto(`${server.url}/en/pricing/`);
    const href = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(href).toBe(`${server.ctx.content.current().urls.publicBaseUrl}/en/pricing.md`);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    const text = await page.locator('body').innerText();
    expect(text.startsWith(`---\ntitle: ${server.ctx.content.current().site.page('/en/pricing/')!.title}\n`)).toBe(true);
  });

  it('switches language with the link in the header', async () => {
    await page.goto(`${server.url}/en/contact/`);
    await page.getByRole('link', { name: 'Polski' }).click();
    await page.waitForURL(`${server.url}/pl/kontakt/`);
    expect(await page.locator('main h1').textContent()).toContain('Kontakt');
  });

  it('shows the 404 page with a way home', async () => {
    const response = await page.goto(`${server.url}/en/services/ga4-implementaton/`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('main h1').textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${server.url}/en/`);
    expect(problems).toEqual([]);
  });
});
