import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeInBrowser } from '../../src/scan/browser/observe.js';
import { Fetcher, type FetchSettings } from '../../src/net/fetcher.js';
import type { TargetRules } from '../../src/net/target.js';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { UNHURRIED_MS } from '../helpers/scan-context.js';
import { TableResolver } from '../helpers/table-resolver.js';

/**
 * The scan's browser reaches nothing the fetcher would not: its requests go through the guarded
 * fetcher, and anything that escapes interception (a WebSocket, a preconnect) meets a proxy
 * that does not exist. Debian's Chromium against loopback servers, with a budget and a request
 * timeout a loaded machine cannot use up (UNHURRIED_MS): what is refused must not depend on the load.
 */
const CHROMIUM = '/usr/bin/chromium';
const fetchSettings: FetchSettings = {
  userAgent: 'Mozilla/5.0 (compatible; site-content-mcp-scan/test; +http://localhost/)',
  connectTimeoutMs: UNHURRIED_MS,
  requestTimeoutMs: UNHURRIED_MS,
  maxBodyBytes: 256 * 1024,
  maxRedirects: 5,
  concurrency: 4,
  requestBudget: 40,
};

describe.skipIf(!existsSync(CHROMIUM))('the scan browser and the SSRF policy', { timeout: UNHURRIED_MS + 30_000 }, () => {
  let site: FixtureSite;
  let listener: net.Server;
  let connections = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    site = await startFixtureSite({
      '/': {
        body: html(
          `<title>Acme</title><link rel="preconnect" href="http://127.0.0.1:${port}">`,
          `<main><h1>Acme</h1></main><script>try { new WebSocket('ws://127.0.0.1:${port}/'); } catch {} fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});</script>`,
        ),
      },
    });
  });
  afterAll(async () => {
    await site?.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  async function observe(url: string, rules: TargetRules, resolver = new TableResolver({})) {
    const signal = new AbortController().signal;
    const fetcher = new Fetcher(fetchSettings, rules, resolver, signal);
    try {
      return await observeInBrowser({ settings: { executablePath: CHROMIUM, budgetMs: UNHURRIED_MS, settleMs: 500 }, fetcher, userAgent: fetchSettings.userAgent, urls: [url], withConsent: false, signal });
    } finally {
      await fetcher.close();
    }
  }

  it('refuses a name that resolves to a private address before any connection, under production rules', async () => {
    const before = site.requests.length;
    const observed = await observe(`http://intranet.acme-heating.example:${site.port}/`, { allowPrivate: false, allowedPorts: [80, 443, site.port] }, new TableResolver({ 'intranet.acme-heating.example': ['127.0.0.1'] }));
    expect(site.requests.length).toBe(before);
    const attempts = observed.pages[0]!.requests;
    expect(attempts[0]?.url).toBe(`http://intranet.acme-heating.example:${site.port}/`);
    // No attempt got an answer, however many the browser made (on a loaded host it made two).
    expect(attempts.filter((request) => request.status !== undefined)).toEqual([]);
    expect(observed.pages[0]!.renderedText).not.toContain('Acme');
  });

  it('lets nothing out around the interception: a WebSocket and a preconnect reach no socket, the metadata address is refused', async () => {
    const observed = await observe(`${site.origin}/`, { allowPrivate: true, allowedPorts: 'any' });
    expect(observed.pages[0]!.renderedText).toContain('Acme');
    expect(observed.pages[0]!.requests.map((request) => request.url)).toContain('http://169.254.169.254/latest/meta-data/');
    expect(connections).toBe(0);
  });
});
