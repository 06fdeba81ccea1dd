import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { MINUTE_MS } from '../../src/limits/limit-rule.js';
import { hitRateLimit } from '../../src/limits/rate-limit.js';
import { ipRateLimitPolicy } from '../../src/web/rate-limit.js';
import { INQUIRY_LIMITS } from '../../tools/send-inquiry.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { authorizationCode, postForm } from '../helpers/oauth.js';
import { MINI_SITE } from '../helpers/paths.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

/** More distinct clients than the old single LRU (100,000 keys) could hold. */
const FLOOD_CLIENTS = 110_000;
const REDIRECT = 'http://127.0.0.1:8765/callback';

let smtp: TestSmtpServer;
let server: RunningServer;
let client: Client;
let base: string;
const clock = new FixedClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer(MINI_SITE, ['--smtp-url', smtp.url], { clock });
  base = server.ctx.publicBaseUrl;
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  await smtp?.stop();
});

const inquiry = (n: number) =>
  client.callTool({ name: 'send_inquiry', arguments: { name: 'Jan Kowalski', email: `jan${n}@firma.pl`, message: `Zapytanie numer ${n}.`, consent: true } }) as Promise<CallToolResult>;
const token = (fields: Record<string, string>) => postForm(`${base}/oauth/token/`, fields);
const refresh = async (refreshToken: string, clientId: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
async function refreshTokens(): Promise<{ clientId: string; refreshToken: string }> {
  const flow = await authorizationCode(base, { redirectUri: REDIRECT });
  const response = await token({ grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId, code_verifier: flow.verifier });
  return { clientId: flow.clientId, refreshToken: ((await response.json()) as { refresh_token: string }).refresh_token };
}
const refreshed = async (response: Response) => ((await response.json()) as { refresh_token: string }).refresh_token;

describe('security state under a flood of distinct clients (memory store)', () => {
  it('keeps the day\'s inquiry quota, a revoked token family and a used refresh token', async () => {
    for (let n = 1; n <= INQUIRY_LIMITS.totalPerDay; n++) {
      expect((await inquiry(n)).isError).toBeFalsy();
      if (n % INQUIRY_LIMITS.perAddressPerMinute === 0) clock.advance(MINUTE_MS);
    }
    expect((await inquiry(99)).isError).toBe(true);

    // A family revoked by replaying its rotated refresh token.
    const revoked = await refreshTokens();
    const revokedNext = await refreshed(await refresh(revoked.refreshToken, revoked.clientId));
    expect((await refresh(revoked.refreshToken, revoked.clientId)).status).toBe(400);
    // A refresh token used once.
    const used = await refreshTokens();
    expect((await refresh(used.refreshToken, used.clientId)).status).toBe(200);

    // Each distinct client address makes a rate counter, as GET /api/v1/health does.
    for (let i = 0; i < FLOOD_CLIENTS; i++) {
      await hitRateLimit(server.ctx.store, { ...ipRateLimitPolicy(`127.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`), limit: 120, windowMs: MINUTE_MS, description: '' });
    }
    const sentBefore = smtp.received.length;

    const extra = await inquiry(100);
    expect(extra.isError).toBe(true);
    expect((extra.content[0] as { text: string }).text).toMatch(/20 inquiries per day in total/);
    expect(smtp.received.length).toBe(sentBefore);
    expect((await refresh(revokedNext, revoked.clientId)).status).toBe(400);
    expect((await refresh(used.refreshToken, used.clientId)).status).toBe(400);
  });
});
