import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_KEY_FILE, SigningKeys, SigningUnavailableError } from '../../src/auth/signing-keys.js';
import { ConfigError } from '../../src/config/load-config.js';
import { FixedClock } from '../helpers/clock.js';
import { quietLogger } from '../helpers/context.js';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'signing-keys-'));
const p256 = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keysWith = (options: { signingKey?: string; previousSigningKey?: string; dataDir?: string }, clock = new FixedClock()) =>
  new SigningKeys({ dataDir: options.dataDir ?? freshDir(), ...options }, clock, quietLogger());

describe('the generated signing key', () => {
  it('is created once in the data directory, readable by its owner only', async () => {
    const dataDir = path.join(freshDir(), 'state');
    const keys = keysWith({ dataDir });
    await keys.keySet();
    const file = path.join(dataDir, GENERATED_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kty: 'EC', crv: 'P-256' });
  });

  it('is the same key for a second instance sharing the data directory', async () => {
    const dataDir = freshDir();
    const [first, second] = await Promise.all([keysWith({ dataDir }).keySet(), keysWith({ dataDir }).keySet()]);
    expect(second.signing.kid).toBe(first.signing.kid);
  });

  it('is named by its RFC 7638 thumbprint and published without private parts', async () => {
    const keys = keysWith({});
    const { keys: published } = await keys.jwks();
    expect(published).toHaveLength(1);
    expect(published[0]).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: (await keys.keySet()).signing.kid, alg: 'ES256', use: 'sig' });
    expect(published[0]!.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is unavailable when the data directory cannot be written, and retried 30 s later', async () => {
    const blocker = path.join(freshDir(), 'a-file');
    writeFileSync(blocker, '');
    const clock = new FixedClock();
    const keys = keysWith({ dataDir: path.join(blocker, 'state') }, clock);
    await expect(keys.keySet()).rejects.toBeInstanceOf(SigningUnavailableError);
    clock.advance(10_000);
    await expect(keys.keySet()).rejects.toThrow('retrying shortly');
    clock.advance(30_000);
    await expect(keys.keySet()).rejects.toBeInstanceOf(SigningUnavailableError);
  });

  it('never overwrites a key file it cannot read', async () => {
    const dataDir = freshDir();
    writeFileSync(path.join(dataDir, GENERATED_KEY_FILE), 'not a key', { mode: 0o600 });
    await expect(keysWith({ dataDir }).keySet()).rejects.toBeInstanceOf(SigningUnavailableError);
    expect(readFileSync(path.join(dataDir, GENERATED_KEY_FILE), 'utf8')).toBe('not a key');
  });
});

describe('a configured signing key', () => {
  const { privateKey, publicKey } = p256();
  const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
  const pkcs8 = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const sec1 = privateKey.export({ format: 'pem', type: 'sec1' }).toString();

  it('is read from a JWK, a PKCS#8 PEM, a SEC1 PEM or a file, always giving the same kid', async () => {
    const file = path.join(freshDir(), 'key.pem');
    writeFileSync(file, pkcs8);
    const kids = await Promise.all([jwk, pkcs8, sec1, file].map(async (value) => (await keysWith({ signingKey: value }).keySet()).signing.kid));
    expect(new Set(kids).size).toBe(1);
  });

  it('does not touch the data directory', async () => {
    const dataDir = freshDir();
    await keysWith({ signingKey: jwk, dataDir }).keySet();
    expect(() => statSync(path.join(dataDir, GENERATED_KEY_FILE))).toThrow();
  });

  it.each([
    ['a public key', publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'must be a private key'],
    ['a P-384 key', generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'P-256'],
    ['an RSA key', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'P-256'],
    ['broken JSON', '{"kty":', 'not valid JSON'],
    ['a missing file', '/nonexistent/key.pem', 'no such file'],
  ])('refuses %s at start, naming the option and never echoing the key', (_what, value, message) => {
    let error: unknown;
    try {
      keysWith({ signingKey: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('SIGNING_KEY');
    expect((error as Error).message).toContain(message);
    if (value.length > 40) expect((error as Error).message).not.toContain(value.slice(30, 60));
  });
});

describe('rotation', () => {
  it('publishes and accepts the previous key but signs with the new one', async () => {
    const next = p256().privateKey;
    const { privateKey: previous, publicKey: previousPublic } = p256();
    const keys = keysWith({
      signingKey: JSON.stringify(next.export({ format: 'jwk' })),
      previousSigningKey: previousPublic.export({ format: 'pem', type: 'spki' }).toString(),
    });
    const set = await keys.keySet();
    const previousKid = (await keysWith({ signingKey: JSON.stringify(previous.export({ format: 'jwk' })) }).keySet()).signing.kid;
    expect(set.verification.map((key) => key.kid)).toEqual([set.signing.kid, previousKid]);
    expect((await keys.jwks()).keys.map((key) => key.kid)).toEqual([set.signing.kid, previousKid]);
    expect(JSON.stringify(await keys.jwks())).not.toContain('"d"');
  });
});
