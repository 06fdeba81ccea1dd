import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/content/money.js';
import type { RunningServer } from '../../src/http/serve.js';
import { VIEW_META } from '../../src/mcp/app-views.js';
import { AppHost } from '../helpers/app-host.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { startFixtureSite, startHeldSite, type FixtureSite } from '../helpers/fixture-site.js';
import { ClientV2 } from '../helpers/mcp-client.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { fastScanSettings, RecordingMailer } from '../helpers/scan-context.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { cleanSite } from '../scan/fixtures/websites.js';

/**
 * The three MCP Apps views in a real host: the extension SDK's AppBridge in Chromium, our server
 * behind it over Streamable HTTP (MCP 2026-07-28, capabilities in every request). What each view
 * shows is checked against the tool's own answer, at three widths and in both themes; axe-core
 * looks at each; the browser must make no request at all (the views are self-contained). The
 * same over stdio (2025-11-25, capabilities at initialize) is in apps-over-stdio.test.ts.
 */

const UI_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const WIDTHS = [320, 600, 1024] as const;
const THEMES = ['light', 'dark'] as const;

interface ToolResult {
  readonly content: { type: string; text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
  readonly _meta?: Record<string, unknown>;
}
interface PriceEntry {
  readonly name: string;
  readonly from_price: number | null;
  readonly currency: string;
  readonly unit?: { label: string };
  readonly pricing_page: string;
}

let server: RunningServer;
let smtp: TestSmtpServer;
let dataDir: string;
let client: ClientV2;
let host: AppHost;
let site: FixtureSite;
let held: FixtureSite;
let release: () => void = () => {};
const clock = new FixedClock(Date.parse('2026-11-26T12:00:00Z'));
const views = new Map<string, string>();

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as unknown as ToolResult;
}

/** The view a tool names in tools/list, read as the host reads it. */
async function viewOf(toolName: string): Promise<string> {
  return views.get(toolName)!;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'scm-apps-'));
  site = await startFixtureSite(cleanSite, { tls: true });
  ({ site: held, release } = await startHeldSite());
  // Every scan outlasts its call (budget 0): the views get "running" first, then the result.
  server = await startTestServer(SAMPLE_SITE, ['--data-dir', dataDir, '--smtp-url', smtp.url, '--scan-allow-private-targets', '1', '--scan-wait-seconds', '0'], {
    clock,
    reportMailer: new RecordingMailer(),
    scanSettings: (defaults) => fastScanSettings(defaults, { callBudgetMs: 0, scanDeadlineMs: 10_000, fetch: { ...fastScanSettings(defaults).fetch, requestTimeoutMs: 10_000 } }),
  });
  client = new ClientV2({ name: 'test-host', version: '1.0.0' }, { capabilities: UI_CAPABILITIES, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const uri = (tool._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    if (uri === undefined) continue;
    const { contents } = await client.readResource({ uri });
    views.set(tool.name, (contents[0] as { text: string }).text);
  }
  host = await AppHost.start({ clock: true });
  host.callTool = (params) => client.callTool(params);
}, 60_000);
afterAll(async () => {
  release();
  await host?.close();
  await client?.close();
  await server?.ctx.scans.drain();
  await server?.close();
  await smtp?.stop();
  await site?.close();
  await held?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  host.errors.length = 0;
  host.calls.length = 0;
});

/**
 * What every view must be, wherever it is shown: no request of its own, no error, nothing
 * sideways; and nothing axe-core calls serious or critical (looked at once per view and theme, at
 * the narrowest width, where the layout is most crowded).
 */
async function expectSoundView(frame: Frame, width: number): Promise<void> {
  expect(host.requests).toEqual([]);
  expect(host.errors).toEqual([]);
  expect(await host.overflow(frame)).toBeLessThanOrEqual(0);
  if (width === WIDTHS[0]) expect(await host.axeIssues(frame)).toEqual([]);
}

async function texts(frame: Frame, selector: string): Promise<string[]> {
  return frame.locator(selector).allTextContents();
}

describe('the services and prices view', () => {
  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(THEMES)('shows every price exactly as list_services returns it, in the %s theme', async (theme) => {
      const lang = theme === 'light' ? 'pl' : 'en';
      const result = await call('list_services', { lang });
      const frame = await host.show({ html: await viewOf('list_services'), width, theme, toolName: 'list_services', input: { lang }, result });
      await frame.waitForSelector('[data-price]');
      const pricing = result.structuredContent!.pricing as PriceEntry[];
      expect(await texts(frame, '[data-price]')).toEqual(pricing.map((entry) => formatPrice(entry.from_price, entry.currency, lang, { from: true, net: true, unit: entry.unit })));
      expect(await texts(frame, '.price h3 a')).toEqual(pricing.map((entry) => entry.name));
      expect(await frame.locator('.price h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(pricing.map((entry) => entry.pricing_page));
      expect(await frame.locator('html').getAttribute('lang')).toBe(lang);
      expect(await frame.locator('html').getAttribute('data-theme')).toBe(theme);
      await expectSoundView(frame, width);
    });
  });

  it('asks the host to open a price\'s page when it is followed', async () => {
    const result = await call('list_services', { lang: 'en' });
    const frame = await host.show({ html: await viewOf('list_services'), width: 600, theme: 'light', toolName: 'list_services', input: { lang: 'en' }, result });
    await frame.locator('.price h3 a').first().click();
    await expect.poll(() => host.page.evaluate('window.openedLinks')).toEqual([(result.structuredContent!.pricing as PriceEntry[])[0]!.pricing_page]);
  });
});

describe('the contact view', () => {
  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(THEMES)('shows the contact options of get_contact and a form with the consent box not ticked, in the %s theme', async (theme) => {
      const result = await call('get_contact', { lang: 'pl' });
      const frame = await host.show({ html: await viewOf('get_contact'), width, theme, toolName: 'get_contact', input: { lang: 'pl' }, result });
      await frame.waitForSelector('form#inquiry');
      const contact = result.structuredContent as { email: string; phone: string };
      const options = await texts(frame, 'dl.options dd');
      expect(options).toContain(contact.email);
      expect(options).toContain(contact.phone);
      expect(await frame.locator('#consent').isChecked()).toBe(false);
      await expectSoundView(frame, width);
    });
  });

  it('sends nothing while a required field is empty, even with the consent box ticked', async () => {
    const result = await call('get_contact', { lang: 'en' });
    const frame = await host.show({ html: await viewOf('get_contact'), width: 320, theme: 'dark', locale: 'en-GB', toolName: 'get_contact', input: { lang: 'en' }, result });
    await frame.locator('#name').fill('Anna Nowak');
    await frame.locator('#consent').check();
    await frame.locator('button[type=submit]').click();
    expect(await frame.locator('#email').evaluate((field) => (field as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(false);
    expect(host.calls).toEqual([]);
  });

  it('sends nothing until the consent box is ticked; then the inquiry arrives through the SMTP server', async () => {
    const result = await call('get_contact', { lang: 'pl' });
    const frame = await host.show({ html: await viewOf('get_contact'), width: 600, theme: 'light', toolName: 'get_contact', input: { lang: 'pl' }, result });
    await frame.locator('#name').fill('Anna Nowak');
    await frame.locator('#email').fill('anna.nowak@example.com');
    await frame.locator('#message').fill('Proszę o wycenę wdrożenia GA4 dla sklepu.');
    await frame.locator('button[type=submit]').click();
    await expect.poll(() => frame.locator('#form-status').textContent()).toBe('Zaznacz zgodę, aby wysłać zapytanie.');
    expect(host.calls).toEqual([]);
    expect(smtp.received).toEqual([]);

    await frame.locator('#consent').check();
    await frame.locator('button[type=submit]').click();
    await frame.waitForSelector('#form-status[data-inquiry]');
    expect(host.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([
      { name: 'send_inquiry', arguments: { name: 'Anna Nowak', email: 'anna.nowak@example.com', message: 'Proszę o wycenę wdrożenia GA4 dla sklepu.', lang: 'pl', consent: true } },
    ]);
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]!.text).toContain('Proszę o wycenę wdrożenia GA4 dla sklepu.');
    expect(await frame.locator('#form-status').textContent()).toContain(await frame.locator('#form-status').getAttribute('data-inquiry'));
  });
});

describe('the scan result view', () => {
  let finished: ToolResult;

  beforeAll(async () => {
    const started = await call('scan_ai_visibility', { url: `${site.origin}/`, email: 'owner@acme-heating.co.uk', consent: true, lang: 'en' });
    await server.ctx.scans.drain();
    finished = await call('get_scan_result', { scan_id: (started.structuredContent as { scan_id: string }).scan_id });
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(THEMES)('shows the grade and score of the scan, the three things to fix first and the matching service, in the %s theme', async (theme) => {
      const frame = await host.show({ html: await viewOf('get_scan_result'), width, theme, toolName: 'get_scan_result', input: {}, result: finished });
      await frame.waitForSelector('[data-grade]');
      const scan = (finished.structuredContent as { result: { grade: string; score: number; problems: { severity: string; title: string; found: string; fix: string }[] } }).result;
      expect(await frame.locator('[data-grade]').textContent()).toBe(scan.grade);
      expect(await frame.locator('.verdict').textContent()).toContain(`${scan.score}/100`);
      const fixFirst = scan.problems.filter((problem) => problem.severity !== 'info').slice(0, 3);
      expect(await texts(frame, 'ol.fix-first li')).toEqual(fixFirst.map((problem) => `${problem.title}${problem.found}Fix: ${problem.fix}`));
      expect(await frame.locator('ul.problems > li').count()).toBe(scan.problems.length);
      const nextStep = (finished._meta![VIEW_META] as { nextStep: { text: string; url?: string } }).nextStep;
      expect(await frame.locator('.next-step p').textContent()).toBe(nextStep.text);
      expect(await frame.locator('.report-email').textContent()).toBe((finished.structuredContent as { result: { report_email: { note: string } } }).result.report_email.note);
      await expectSoundView(frame, width);
    });
  });

  it('names a published service with its list_services price as the next step', async () => {
    const nextStep = (finished._meta![VIEW_META] as { nextStep: { text: string; url?: string; service?: string } }).nextStep;
    const pricing = (await call('list_services', { lang: 'en' })).structuredContent!.pricing as PriceEntry[];
    const service = pricing.find((entry) => entry.name === nextStep.service);
    expect(service, nextStep.text).toBeDefined();
    expect(nextStep.url).toBe(service!.pricing_page);
    expect(nextStep.text).toContain(formatPrice(service!.from_price, service!.currency, 'en', { unit: service!.unit }));
  });

  it('shows a running scan\'s progress, then its result once get_scan_result has it', async () => {
    const started = await call('scan_analytics', { url: `${held.origin}/`, email: 'owner2@acme-heating.co.uk', consent: true, lang: 'pl' });
    expect(started.structuredContent).toMatchObject({ status: 'running' });
    const frame = await host.show({ html: await viewOf('scan_analytics'), width: 600, theme: 'dark', toolName: 'scan_analytics', input: {}, result: started });
    await frame.waitForSelector('progress#scan-progress');
    expect(await frame.locator('p[role=status]').textContent()).toBe('Skan trwa; ten widok odświeży się po jego zakończeniu.');
    release();
    await server.ctx.scans.drain();
    await host.page.clock.runFor(5_000);
    await frame.waitForSelector('[data-grade]');
    expect(host.calls.map((called) => called.name)).toEqual(['get_scan_result']);
    const done = await call('get_scan_result', { scan_id: (started.structuredContent as { scan_id: string }).scan_id });
    expect(await frame.locator('[data-grade]').textContent()).toBe((done.structuredContent as { result: { grade: string } }).result.grade);
    await expectSoundView(frame, WIDTHS[0]);
  });
});
