import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { authorizeUrl, pkcePair, postForm, registerClient } from '../helpers/oauth.js';

const SKIP_BROWSER = process.env.SKIP_BROWSER_TESTS === '1';

/**
 * The person's side of the code flow in a real headless Chromium: the consent page as a browser
 * renders and submits it (cookie, Origin, CSP form-action, the 303 to the app), caught by a
 * loopback callback server as native apps catch it.
 */
describe.skipIf(SKIP_BROWSER)('the consent page in Chromium', () => {
  let server: RunningServer;
  let base: string;
  let browser: BrowserContext;
  let profile: string;
  let callback: http.Server;
  let callbackUrl: string;
  const callbacks: URL[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    base = server.ctx.content.current().urls.publicBaseUrl;
    callback = http.createServer((req, res) => {
      callbacks.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Signed in. You can close this window.</p>');
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    profile = mkdtempSync(path.join(tmpdir(), 'chromium-profile-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await new Promise<void>((resolve) => (callback ? callback.close(() => resolve()) : resolve()));
    await server?.close();
  });

  it('registers, approves, catches the redirect, exchanges the code, and uses the token on identity and /mcp', async () => {
    const client = await registerClient(base, { redirect_uris: [callbackUrl], client_name: 'Browser Test App', token_endpoint_auth_method: 'none' });
    const { verifier, challenge } = pkcePair();
    const page = await browser.newPage();
    await page.goto(
      authorizeUrl(base, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: callbackUrl,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'browser-state',
        resource: `${base}/mcp`,
      }),
    );
    expect(await page.getByRole('heading').textContent()).toContain('Browser Test App');
    expect(await page.getByText(callbackUrl).isVisible()).toBe(true);

    await Promise.all([page.waitForURL((url) => url.href.startsWith(callbackUrl)), page.getByRole('button', { name: 'Approve' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state');
    expect(landed.searchParams.get('iss')).toBe(base);
    // The browser also asks the callback server for /favicon.ico: look at the callback itself.
    expect(callbacks.filter((url) => url.pathname === '/callback').at(-1)?.searchParams.get('code')).toBe(landed.searchParams.get('code'));
    await page.close();

    const tokenResponse = await postForm(`${base}/oauth/token/`, {
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code')!,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: callbackUrl,
      resource: `${base}/mcp`,
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token } = (await tokenResponse.json()) as { access_token: string };

    const identity = await fetch(`${base}/agent/identity`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(identity.status).toBe(200);
    expect(((await identity.json()) as { sub: string }).sub).toMatch(/^reg_/);

    let mcp: Client | undefined;
    try {
      mcp = await connectHttp(base, { headers: { authorization: `Bearer ${access_token}` } });
      const result = await mcp.callTool({ name: 'search_site', arguments: { query: 'audyt' } });
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp?.close();
    }
  });

  it('denies: the app gets access_denied and no code', async () => {
    const client = await registerClient(base, { redirect_uris: [callbackUrl], client_name: 'Denied App' });
    const page = await browser.newPage();
    await page.goto(
      authorizeUrl(base, { response_type: 'code', client_id: client.client_id, redirect_uri: callbackUrl, code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's2' }),
    );
    await Promise.all([page.waitForURL((url) => url.href.startsWith(callbackUrl)), page.getByRole('button', { name: 'Deny' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.has('code')).toBe(false);
    await page.close();
  });

  it('refuses to be shown in a frame', async () => {
    const client = await registerClient(base, { redirect_uris: [callbackUrl], client_name: 'Framed App' });
    const page = await browser.newPage();
    const url = authorizeUrl(base, { response_type: 'code', client_id: client.client_id, redirect_uri: callbackUrl, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    const blocked = page.waitForEvent('console', (message) => /frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(message.text()));
    await page.goto(`${base}/.well-known/oauth-authorization-server`);
    await page.setContent(`<iframe src="${url}"></iframe>`);
    await blocked;
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await framed?.evaluate<string>('document.body ? document.body.innerText : ""').catch(() => '')).not.toContain('Approve');
    await page.close();
  });
});
