import { generateKeyPairSync, createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { JWK, JWTVerifyGetKey } from 'jose';
import type { Clock } from '../clock.js';
import { ConfigError } from '../config/load-config.js';
import type { Logger } from '../log/logger.js';
import { KeyMaterialError, readKeyMaterial, type KeyPair } from './key-material.js';

/** File name of the generated key inside the data directory. */
export const GENERATED_KEY_FILE = 'signing-key.json';

/** After a failed attempt to read or create the generated key, wait this long before trying again. */
const RETRY_AFTER_MS = 30_000;

export interface SigningKey {
  /** RFC 7638 thumbprint of the public key. */
  readonly kid: string;
  readonly privateKey: KeyObject | undefined;
  /** The public key as published in the JWKS (kty, crv, x, y, kid, alg, use). */
  readonly publicJwk: JWK;
}

export interface KeySet {
  /** Signs every new token. */
  readonly signing: SigningKey & { readonly privateKey: KeyObject };
  /** Every key a token may be signed with: the signing key and, during a rotation, the previous one. */
  readonly verification: readonly SigningKey[];
  /** Finds the verification key by `kid`, from these keys only (never from the token's header). */
  readonly getKey: JWTVerifyGetKey;
}

/** No signing key can be had right now (the generated key could not be read or written). */
export class SigningUnavailableError extends Error {
  override readonly name = 'SigningUnavailableError';
}

export interface SigningKeyOptions {
  /** A JWK, a PEM key or a file holding one (SIGNING_KEY). */
  readonly signingKey?: string | undefined;
  /** The key used before a rotation; published and accepted, never used to sign. */
  readonly previousSigningKey?: string | undefined;
  /** Where a generated key is kept when none is configured. */
  readonly dataDir: string;
}

/**
 * The ES256 keys that sign and verify every token. A configured key (the same on every
 * instance) is read at start and a bad one stops the start. Without one, a key is generated
 * once and kept in the data directory, owner-only; if that fails (a read-only disk), signing is
 * unavailable and the token endpoints say so with 503, while everything that needs no token
 * keeps working, and the next attempt is made 30 s later.
 */
export class SigningKeys {
  readonly #options: SigningKeyOptions;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #configured: { signing: KeyPair | undefined; previous: KeyPair | undefined };
  #keySet: Promise<KeySet> | undefined;
  #failedAt: number | undefined;

  constructor(options: SigningKeyOptions, clock: Clock, logger: Logger) {
    this.#options = options;
    this.#clock = clock;
    this.#logger = logger;
    this.#configured = {
      signing: options.signingKey === undefined ? undefined : readConfigured(options.signingKey, '--signing-key / SIGNING_KEY', true),
      previous:
        options.previousSigningKey === undefined ? undefined : readConfigured(options.previousSigningKey, '--previous-signing-key / PREVIOUS_SIGNING_KEY', false),
    };
  }

  /** The keys, loading (or generating) them on first use. Throws SigningUnavailableError. */
  async keySet(): Promise<KeySet> {
    if (this.#keySet === undefined) {
      if (this.#failedAt !== undefined && this.#clock.now() - this.#failedAt < RETRY_AFTER_MS) {
        throw new SigningUnavailableError('The signing key is unavailable; retrying shortly.');
      }
      const loading = this.#load();
      this.#keySet = loading;
      loading.then(
        () => {
          this.#failedAt = undefined;
        },
        () => {
          this.#failedAt = this.#clock.now();
          this.#keySet = undefined;
        },
      );
    }
    return this.#keySet;
  }

  /** The public JWK Set (RFC 7517): public parameters only. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const keys = await this.keySet();
    return { keys: keys.verification.map((key) => key.publicJwk) };
  }

  async #load(): Promise<KeySet> {
    const signingPair = this.#configured.signing ?? (await this.#generatedKey());
    const signing = await describe(signingPair);
    const verification: SigningKey[] = [signing];
    if (this.#configured.previous) {
      const previous = await describe(this.#configured.previous);
      if (previous.kid !== signing.kid) verification.push(previous);
    }
    const { createLocalJWKSet } = await import('jose');
    const getKey = createLocalJWKSet({ keys: verification.map((key) => key.publicJwk) });
    return { signing: signing as KeySet['signing'], verification, getKey };
  }

  async #generatedKey(): Promise<KeyPair> {
    const file = path.join(this.#options.dataDir, GENERATED_KEY_FILE);
    try {
      return await readOrCreateKeyFile(file, this.#logger);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.#logger.error(
        { file, reason },
        `agent authentication is unavailable: cannot read or create the signing key ${file} (${reason}); set SIGNING_KEY, or make DATA_DIR writable`,
      );
      throw new SigningUnavailableError('The signing key is unavailable.', { cause: error });
    }
  }
}

function readConfigured(value: string, option: string, requirePrivate: boolean): KeyPair {
  try {
    return readKeyMaterial(value, option, requirePrivate);
  } catch (error) {
    if (error instanceof KeyMaterialError) throw new ConfigError([error.said]);
    throw error;
  }
}

async function describe(pair: KeyPair): Promise<SigningKey> {
  // jose is loaded on first use, as every use of it is: a stdio start never signs or verifies a
  // token, and compiling jose's ~100 KB was a few per cent of that start.
  const { calculateJwkThumbprint } = await import('jose');
  const exported = pair.publicKey.export({ format: 'jwk' });
  const publicOnly: JWK = { kty: exported.kty, crv: exported.crv, x: exported.x, y: exported.y };
  const kid = await calculateJwkThumbprint(publicOnly, 'sha256');
  return { kid, privateKey: pair.privateKey, publicJwk: { ...publicOnly, kid, alg: 'ES256', use: 'sig' } };
}

/**
 * Reads the key file, or creates it: written to a temporary file (mode 0600) and linked into
 * place, which fails if another process got there first, so two instances sharing the data
 * directory end up with the same key.
 */
async function readOrCreateKeyFile(file: string, logger: Logger): Promise<KeyPair> {
  const existing = await readKeyFile(file, logger);
  if (existing) return existing;

  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(privateKey.export({ format: 'jwk' }))}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(temporary, file);
    logger.info({ file }, 'generated a new token signing key');
    return { privateKey, publicKey: createPublicKey(privateKey) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(file, logger);
    if (!winner) throw error;
    return winner;
  } finally {
    await fs.unlink(temporary).catch(() => undefined);
  }
}

async function readKeyFile(file: string, logger: Logger): Promise<KeyPair | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const stat = await fs.stat(file);
  if ((stat.mode & 0o077) !== 0) {
    logger.warn({ file, mode: (stat.mode & 0o777).toString(8) }, `the signing key ${file} is readable by other users; run chmod 600 on it`);
  }
  try {
    const privateKey = createPrivateKey({ key: JSON.parse(text) as never, format: 'jwk' });
    return { privateKey, publicKey: createPublicKey(privateKey) };
  } catch {
    // Never overwrite it: it may be a key that other instances still use.
    throw new Error(`the file is not a private JWK; move it away to have a new key generated`);
  }
}
