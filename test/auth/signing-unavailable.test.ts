import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { postForm, postJson } from '../helpers/oauth.js';

/** A data directory that cannot be created: its parent is a file. */
function unwritableDataDir(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'unwritable-')), 'a-file');
  writeFileSync(file, '');
  return path.join(file, 'state');
}

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, ['--data-dir', unwritableDataDir()]);
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await response.json()) as { error: string }).error).toBe('temporarily_unavailable');
}

describe('when no signing key can be had', () => {
  it('starts anyway and answers registration with 503 temporarily_unavailable', async () => {
    await expectUnavailable(await postJson(`${base}/agent/auth/`, { type: 'anonymous' }));
  });

  it('answers the token and client registration endpoints with 503', async () => {
    await expectUnavailable(await postForm(`${base}/oauth/token/`, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: 'a.b.c' }));
    await expectUnavailable(await postJson(`${base}/oauth/register/`, { redirect_uris: ['https://app.example/cb'] }));
    await expectUnavailable(await fetch(`${base}/.well-known/jwks.json`));
  });

  it('keeps serving requests without a token', async () => {
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(200);
    expect((await fetch(`${base}/.well-known/oauth-authorization-server`)).status).toBe(200);
  });

  it('answers a request with a token, which cannot be checked, with 503 rather than 401', async () => {
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer a.b.c' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    await expectUnavailable(response);
  });
});
