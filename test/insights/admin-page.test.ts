import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';

const TOKEN = 'admin-token-for-the-admin-page-test-0123456';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PHONE = { width: 390, height: 844 };
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** How far the page is wider than the window, and the charts wider than their column. */
const FIT = `(() => ({
  page: document.documentElement.scrollWidth - window.innerWidth,
  charts: [...document.querySelectorAll('svg.chart')].filter((svg) => svg.getBoundingClientRect().right > window.innerWidth + 1).length,
  chartCount: document.querySelectorAll('svg.chart').length,
}))()`;

describe('the /admin/ page', () => {
  let server: RunningServer;
  let withoutToken: RunningServer;

  beforeAll(async () => {
    [server, withoutToken] = await Promise.all([startTestServer(MINI_SITE, ['--admin-token', TOKEN]), startTestServer(MINI_SITE)]);
    const ua = { 'user-agent': 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)' };
    for (const address of ['/pl/uslugi/wdrozenie-ga4/', '/llms.txt', '/en/services/ga4-implementation.md', '/api/v1/search?q=helicopter%20rental%20in%20Gdansk']) await (await fetch(server.url + address, { headers: ua })).arrayBuffer();
  });
  afterAll(async () => {
    await server?.close();
    await withoutToken?.close();
  });

  it('is off without an admin token, and says how to turn it on', async () => {
    const answer = await fetch(`${withoutToken.url}/admin/?lang=en`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('start the server with --admin-token SECRET (or the environment variable ADMIN_TOKEN)');
    expect((await fetch(`${withoutToken.url}/admin/insights.json`)).status).toBe(404);
  });

  it('asks for the token, and refuses a wrong one', async () => {
    const page = await fetch(`${server.url}/admin/?lang=pl`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('Token administratora');
    const wrong = await fetch(`${server.url}/admin/?lang=en`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=not-the-token', redirect: 'manual' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('writes its words in Polish through the catalogs, plurals included', async () => {
    const html = await (await fetch(`${server.url}/admin/?lang=pl&days=7`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Odczyty dziennie według rodzaju agenta');
    expect(html).toContain('(7 dni)');
    expect(html).toContain('Roboty zbierające dane do trenowania AI');
    expect(html).toContain('helicopter rental in gdansk');
  });

  describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('in Chromium at 390 px', () => {
    let profile: string;
    let browser: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      profile = await mkdtemp(path.join(tmpdir(), 'site-content-mcp-admin-chromium-'));
      browser = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, bypassCSP: true });
      page = await browser.newPage();
      await page.setViewportSize(PHONE);
      // Signed in as a person does: the form, then the dashboard behind its cookie.
      await page.goto(`${server.url}/admin/?lang=en`);
      await page.fill('#token', TOKEN);
      await Promise.all([page.waitForURL(/\/admin\/\?lang=en$/), page.click('button[type=submit]')]);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    });

    it('shows the dashboard after signing in', async () => {
      expect(await page.locator('h1').textContent()).toBe('Agent traffic');
      expect(await page.locator('#gaps ~ div table').textContent()).toContain('helicopter rental in gdansk');
    });

    it('fits the window: no sideways scrolling, every chart within the width', async () => {
      const fit = (await page.evaluate(FIT)) as { page: number; charts: number; chartCount: number };
      expect(fit.chartCount).toBeGreaterThanOrEqual(4);
      expect(fit).toMatchObject({ page: 0, charts: 0 });
    });

    it('has no serious or critical accessibility issue (axe-core)', async () => {
      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(`axe.run(document).then((result) => result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id + ': ' + violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')))`)) as string[];
      expect(violations).toEqual([]);
    });
  });
});
