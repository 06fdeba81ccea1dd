import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, base64url, exportJWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthUrls } from '../../src/auth/auth-urls.js';
import { SigningKeys } from '../../src/auth/signing-keys.js';
import { TOKEN_KINDS, type TokenKindName } from '../../src/auth/token-kinds.js';
import { InvalidTokenError, Tokens } from '../../src/auth/tokens.js';
import { FixedClock } from '../helpers/clock.js';
import { quietLogger } from '../helpers/context.js';

const BASE = 'https://agents.example';
const urls = new AuthUrls(BASE);
const ourKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const foreignKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const ourJwk = JSON.stringify(ourKey.export({ format: 'jwk' }));

let clock: FixedClock;
let keys: SigningKeys;
let tokens: Tokens;
let kid: string;

beforeEach(async () => {
  clock = new FixedClock();
  keys = new SigningKeys({ signingKey: ourJwk, dataDir: '/nonexistent' }, clock, quietLogger());
  tokens = new Tokens(keys, urls, clock);
  kid = (await keys.keySet()).signing.kid;
});

const nowSeconds = () => Math.floor(clock.now() / 1000);

/** A valid access token's claims, to be varied one at a time. */
function accessClaims(overrides: JWTPayload = {}): JWTPayload {
  return { iss: BASE, aud: [urls.mcpResource, urls.apiResource], sub: 'reg_x', client_id: 'reg_x', scope: 'site:read', jti: 'j1', iat: nowSeconds(), exp: nowSeconds() + 3600, ...overrides };
}

function forge(claims: JWTPayload, header: Record<string, unknown> = {}, key = ourKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header }).sign(key);
}

async function rejects(token: string, kind: TokenKindName = 'access'): Promise<void> {
  await expect(tokens.verify(kind, token)).rejects.toBeInstanceOf(InvalidTokenError);
}

describe('access token verification', () => {
  it('accepts a token it signed, with the claims RFC 9068 requires', async () => {
    const signed = await tokens.sign('access', { sub: 'reg_1', client_id: 'reg_1', scope: 'site:read' });
    const claims = await tokens.verify('access', signed.token);
    expect(claims).toMatchObject({ iss: BASE, aud: [urls.mcpResource, urls.apiResource], sub: 'reg_1', client_id: 'reg_1', scope: 'site:read' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.jti).toBe('string');
  });

  it('accepts the application/at+jwt spelling of the type', async () => {
    expect(await tokens.verify('access', await forge(accessClaims(), { typ: 'application/at+jwt' }))).toMatchObject({ sub: 'reg_x' });
  });

  it('refuses alg "none"', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid }));
    await rejects(`${header}.${base64url.encode(JSON.stringify(accessClaims()))}.`);
  });

  it('refuses HS256 keyed with our public key', async () => {
    const publicJwk = await exportJWK(ourKey);
    delete publicJwk.d;
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    await rejects(await new SignJWT(accessClaims()).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid }).sign(secret));
  });

  it.each([['JWT'], ['id+jwt'], [undefined]])('refuses typ %s', async (typ) => {
    await rejects(await forge(accessClaims(), { typ }));
  });

  it('refuses a wrong audience', async () => {
    await rejects(await forge(accessClaims({ aud: 'https://other.example/mcp' })));
  });

  it('refuses a token without an audience', async () => {
    await rejects(await forge(accessClaims({ aud: undefined })));
  });

  it('refuses another issuer', async () => {
    await rejects(await forge(accessClaims({ iss: 'https://evil.example' })));
  });

  it('refuses an expired token once the 60 s of tolerated skew are over', async () => {
    const token = await forge(accessClaims({ iat: nowSeconds() - 3700, exp: nowSeconds() - 100 }));
    await rejects(token);
  });

  it('accepts a token expired for less than the tolerated 60 s of skew', async () => {
    await expect(tokens.verify('access', await forge(accessClaims({ iat: nowSeconds() - 3630, exp: nowSeconds() - 30 })))).resolves.toBeDefined();
  });

  it('refuses a token without exp', async () => {
    await rejects(await forge(accessClaims({ exp: undefined })));
  });

  it('accepts iat and nbf 30 s in the future (skew), refuses them 10 minutes ahead', async () => {
    await expect(tokens.verify('access', await forge(accessClaims({ iat: nowSeconds() + 30, nbf: nowSeconds() + 30 })))).resolves.toBeDefined();
    await rejects(await forge(accessClaims({ iat: nowSeconds() + 600, exp: nowSeconds() + 4200 })));
    await rejects(await forge(accessClaims({ nbf: nowSeconds() + 600 })));
  });

  it('refuses a token signed by a foreign key under our kid', async () => {
    await rejects(await forge(accessClaims(), {}, foreignKey));
  });

  it('refuses an unknown kid, a missing kid, and a kid that tries path or SQL tricks', async () => {
    await rejects(await forge(accessClaims(), { kid: 'unknown' }));
    await rejects(await new SignJWT(accessClaims()).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(ourKey));
    await rejects(await forge(accessClaims(), { kid: '../../etc/passwd' }));
    await rejects(await forge(accessClaims(), { kid: "' OR 1=1 --" }));
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = (await forge(accessClaims())).split('.');
    await rejects(`${header}.${base64url.encode(JSON.stringify(accessClaims({ sub: 'reg_admin' })))}.${signature}`);
  });

  it('refuses a token missing a required claim (client_id, scope, sub or jti)', async () => {
    for (const claim of ['client_id', 'scope', 'sub', 'jti']) {
      await rejects(await forge(accessClaims({ [claim]: undefined })));
    }
  });

  it('refuses an oversized token before parsing it', async () => {
    await rejects('a'.repeat(20_000));
  });

  it('refuses an unknown critical header', async () => {
    // jose will not sign this, so it is signed by hand.
    const input = `${base64url.encode(JSON.stringify({ alg: 'ES256', typ: 'at+jwt', kid, crit: ['exp-ext'], 'exp-ext': true }))}.${base64url.encode(JSON.stringify(accessClaims()))}`;
    const signature = sign('sha256', Buffer.from(input), { key: ourKey, dsaEncoding: 'ieee-p1363' });
    await rejects(`${input}.${base64url.encode(signature)}`);
  });
});

describe('keys named in a token header', () => {
  let requests = 0;
  let server: http.Server;
  let keyUrl: string;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests += 1;
      res.end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    keyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never fetches jku or x5u and never trusts an embedded jwk', async () => {
    const attackerJwk = await exportJWK(foreignKey);
    delete attackerJwk.d;
    await rejects(await forge(accessClaims(), { jku: keyUrl, kid: 'attacker' }, foreignKey));
    await rejects(await forge(accessClaims(), { x5u: keyUrl, kid: 'attacker' }, foreignKey));
    await rejects(await forge(accessClaims(), { jwk: attackerJwk, kid: undefined }, foreignKey));
    expect(requests).toBe(0);
  });
});

describe('token kinds', () => {
  const kinds = Object.keys(TOKEN_KINDS) as TokenKindName[];
  const claimsFor: Record<TokenKindName, Record<string, unknown>> = {
    access: { sub: 'reg_1', client_id: 'reg_1', scope: 'site:read' },
    identityAssertion: { sub: 'reg_1', client_id: 'reg_1' },
    claim: { sub: 'reg_1' },
    refresh: { sub: 'reg_1', client_id: 'c', family: 'f' },
    authorizationCode: { sub: 'reg_1', client_hash: 'h', redirect_uri: 'https://app.example/cb', code_challenge: 'x' },
    client: { redirect_uris: ['https://app.example/cb'] },
    consent: { client_hash: 'h', redirect_uri: 'https://app.example/cb', code_challenge: 'x', csrf: 'c' },
  };

  it('gives every kind its own typ and its own audience', () => {
    const typs = new Set(kinds.map((kind) => TOKEN_KINDS[kind].typ));
    const audiences = new Set(kinds.map((kind) => JSON.stringify(TOKEN_KINDS[kind].audience(urls))));
    expect(typs.size).toBe(kinds.length);
    expect(audiences.size).toBe(kinds.length);
  });

  it('has the lifetimes of the contract', () => {
    expect(TOKEN_KINDS.access.lifetimeSeconds).toBe(3600);
    expect(TOKEN_KINDS.identityAssertion.lifetimeSeconds).toBe(30 * 86400);
    expect(TOKEN_KINDS.claim.lifetimeSeconds).toBe(86400);
    expect(TOKEN_KINDS.refresh.lifetimeSeconds).toBe(90 * 86400);
    expect(TOKEN_KINDS.authorizationCode.lifetimeSeconds).toBeLessThanOrEqual(600);
  });

  for (const signedAs of kinds) {
    it(`accepts a ${TOKEN_KINDS[signedAs].label} only as itself`, async () => {
      const { token } = await tokens.sign(signedAs, claimsFor[signedAs]);
      await expect(tokens.verify(signedAs, token)).resolves.toBeDefined();
      for (const presentedAs of kinds.filter((kind) => kind !== signedAs)) {
        await expect(tokens.verify(presentedAs, token), `${signedAs} presented as ${presentedAs}`).rejects.toBeInstanceOf(InvalidTokenError);
      }
    });
  }

  it('expires each kind after its lifetime (plus skew)', async () => {
    for (const kind of kinds.filter((name) => TOKEN_KINDS[name].lifetimeSeconds !== undefined)) {
      const start = new FixedClock(clock.now());
      const signer = new Tokens(keys, urls, start);
      const { token } = await signer.sign(kind, claimsFor[kind]);
      const later = new FixedClock(clock.now() + (TOKEN_KINDS[kind].lifetimeSeconds! + 61) * 1000);
      await expect(new Tokens(keys, urls, later).verify(kind, token), kind).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });
});
