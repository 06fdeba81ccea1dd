import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };

/**
 * Every price in the page's main text ("od 3 900 zł", "from €1,650"), with the number of lines
 * it is laid out on: a Range over the price gives one box per line it occupies.
 */
const PRICES_ON_LINES = `(() => {
  const price = /(?:(?:od|from)[\\s\\u00a0]+)?(?:€\\d{1,3}(?:,\\d{3})*|\\d{1,3}(?:[\\s\\u00a0]\\d{3})*[\\s\\u00a0]zł)(?:[\\s\\u00a0]+(?:netto|net))?/giu;
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(price)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      found.push({ text: match[0], lines: tops.size });
    }
  }
  return found;
})()`;

describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('prices on a phone (headless Chromium, 390 px)', () => {
  let server: RunningServer;
  let profile: string;
  let browser: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer(SAMPLE_SITE);
    profile = await mkdtemp(path.join(tmpdir(), 'site-content-mcp-chromium-'));
    browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await browser.newPage();
    await page.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await browser?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    await server?.close();
  });

  it('never splits a price across lines on a page that shows prices, in either language', async () => {
    // Every page that states a price: pricing pages, service areas with their price tables, services, cities.
    const pages = server.ctx.content.current().site.pages.filter((candidate) => /\d (zł)|€\d/.test(candidate.markdown));
    expect(pages.length).toBeGreaterThan(20);
    const split: string[] = [];
    let seen = 0;
    for (const candidate of pages) {
      await page.goto(server.url + candidate.path);
      const prices = (await page.evaluate(PRICES_ON_LINES)) as { text: string; lines: number }[];
      seen += prices.length;
      for (const price of prices) if (price.lines > 1) split.push(`${candidate.path}: "${price.text.replace(/\u00a0/g, ' ')}" on ${price.lines} lines`);
    }
    expect(seen).toBeGreaterThan(100);
    expect(split).toEqual([]);
  }, 180_000);
});
