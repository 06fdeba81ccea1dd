import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';
import { authorizationCode, postForm } from '../helpers/oauth.js';

/**
 * Two instances behind one public address share the signing key (SIGNING_KEY) and Redis: a
 * token from one works on the other, and a code redeemed on one cannot be redeemed on the other.
 */
describe.skipIf(SKIP_REDIS)('two instances sharing the key and Redis', () => {
  let redis: RedisServer;
  let first: RunningServer;
  let second: RunningServer;
  const key = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
  const PUBLIC = 'https://agents.example';

  beforeAll(async () => {
    redis = await startRedis();
    const argv = ['--signing-key', key, '--redis-url', redis.url, '--public-base-url', PUBLIC];
    [first, second] = await Promise.all([startTestServer(MINI_SITE, argv), startTestServer(MINI_SITE, argv)]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  /** Requests go to an instance's own address with the public Host, as a proxy would send them. */
  const via = (server: RunningServer) => server.url;

  it('redeems a code once across instances, and revokes its refresh token on the replay', async () => {
    // The flow runs on the first instance; URLs in it name the public address.
    const flow = await authorizationCodeVia(first);
    const redeem = (server: RunningServer) =>
      postForm(`${via(server)}/oauth/token/`, { grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId, code_verifier: flow.verifier });
    const granted = await redeem(first);
    expect(granted.status).toBe(200);
    const { refresh_token } = (await granted.json()) as { refresh_token: string };
    const replay = await redeem(second);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const refresh = await postForm(`${via(second)}/oauth/token/`, { grant_type: 'refresh_token', refresh_token, client_id: flow.clientId });
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('accepts on one instance the token the other issued', async () => {
    const registration = (await (await fetch(`${via(first)}/agent/auth/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' })).json()) as { credential: string };
    const identity = await fetch(`${via(second)}/agent/identity`, { headers: { authorization: `Bearer ${registration.credential}` } });
    expect(identity.status).toBe(200);
  });

  async function authorizationCodeVia(server: RunningServer) {
    return authorizationCode(via(server), { redirectUri: 'https://app.example/cb', resource: `${PUBLIC}/mcp` });
  }
});
