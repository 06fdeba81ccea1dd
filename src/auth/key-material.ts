import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Said } from '../config/options.js';
import { message, type MessageKey } from '../messages/catalog.js';

/**
 * A signing key as configured could not be used; the message names the option and never the key.
 * English in `message` (logs); `said` words it in the terminal's language (a start-up refusal).
 */
export class KeyMaterialError extends Error {
  override readonly name = 'KeyMaterialError';
  readonly said: Said;
  constructor(key: Extract<MessageKey, `config.key.${string}`>, values: Readonly<Record<string, string>>) {
    super(message('en', key, values));
    this.said = { key, values };
  }
}

export interface KeyPair {
  readonly privateKey: KeyObject | undefined;
  readonly publicKey: KeyObject;
}

/**
 * Reads an ES256 key as given in configuration: an EC P-256 key as a JWK (JSON), as PEM
 * (PKCS#8, SEC1 or SPKI), or the path of a file holding either. Node's crypto does the parsing;
 * we only check that the key is what ES256 needs. `requirePrivate` is false for the previous
 * key of a rotation, which only verifies.
 */
export function readKeyMaterial(value: string, option: string, requirePrivate: boolean): KeyPair {
  const text = looksInline(value) ? value : readKeyFile(value, option);
  const key = parseKey(text.trim(), option, requirePrivate);
  const privateKey = key.type === 'private' ? key : undefined;
  const publicKey = privateKey ? createPublicKey(privateKey) : key;
  if (publicKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new KeyMaterialError('config.key.notP256', { option, got: describeKey(publicKey) });
  }
  return { privateKey, publicKey };
}

function looksInline(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('{') || trimmed.startsWith('-----BEGIN');
}

function readKeyFile(file: string, option: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new KeyMaterialError('config.key.unreadable', { option, reason: code === 'ENOENT' ? 'missing' : (code ?? 'unreadable'), file });
  }
}

function parseKey(text: string, option: string, requirePrivate: boolean): KeyObject {
  if (text.startsWith('{')) {
    let jwk: Record<string, unknown>;
    try {
      jwk = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new KeyMaterialError('config.key.notJson', { option });
    }
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) throw new KeyMaterialError('config.key.notOneJwk', { option });
    if (requirePrivate && jwk.d === undefined) throw new KeyMaterialError('config.key.jwkNotPrivate', { option });
    try {
      return jwk.d === undefined ? createPublicKey({ key: jwk as never, format: 'jwk' }) : createPrivateKey({ key: jwk as never, format: 'jwk' });
    } catch {
      throw new KeyMaterialError('config.key.badJwk', { option, private: requirePrivate ? 'yes' : 'no' });
    }
  }
  if (text.startsWith('-----BEGIN')) {
    const isPublic = /^-----BEGIN PUBLIC KEY-----/.test(text);
    if (isPublic && requirePrivate) throw new KeyMaterialError('config.key.pemNotPrivate', { option });
    try {
      return isPublic ? createPublicKey({ key: text, format: 'pem' }) : createPrivateKey({ key: text, format: 'pem' });
    } catch {
      throw new KeyMaterialError('config.key.badPem', { option });
    }
  }
  throw new KeyMaterialError('config.key.unknownForm', { option });
}

function describeKey(key: KeyObject): string {
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${key.asymmetricKeyType} ${curve}` : String(key.asymmetricKeyType);
}
