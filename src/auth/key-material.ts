import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A signing key as configured could not be used; the message names the option and never the key. */
export class KeyMaterialError extends Error {
  override readonly name = 'KeyMaterialError';
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
    throw new KeyMaterialError(`${option} must be an EC key on the P-256 curve (ES256); got a ${describeKey(publicKey)} key`);
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
    throw new KeyMaterialError(
      `${option} is neither a JWK, a PEM key, nor a readable file (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')}: ${file})`,
    );
  }
}

function parseKey(text: string, option: string, requirePrivate: boolean): KeyObject {
  if (text.startsWith('{')) {
    let jwk: Record<string, unknown>;
    try {
      jwk = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new KeyMaterialError(`${option} looks like a JWK but is not valid JSON`);
    }
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) throw new KeyMaterialError(`${option} must be one JWK object`);
    if (requirePrivate && jwk.d === undefined) throw new KeyMaterialError(`${option} must be a private key (the JWK has no "d")`);
    try {
      return jwk.d === undefined ? createPublicKey({ key: jwk as never, format: 'jwk' }) : createPrivateKey({ key: jwk as never, format: 'jwk' });
    } catch {
      throw new KeyMaterialError(`${option} is not a usable EC JWK (expected kty "EC", crv "P-256", x, y${requirePrivate ? ' and d' : ''})`);
    }
  }
  if (text.startsWith('-----BEGIN')) {
    const isPublic = /^-----BEGIN PUBLIC KEY-----/.test(text);
    if (isPublic && requirePrivate) throw new KeyMaterialError(`${option} must be a private key; got a public key PEM`);
    try {
      return isPublic ? createPublicKey({ key: text, format: 'pem' }) : createPrivateKey({ key: text, format: 'pem' });
    } catch {
      throw new KeyMaterialError(`${option} holds a PEM block that is not a readable EC key (PKCS#8, SEC1 or SPKI; encrypted keys are not supported)`);
    }
  }
  throw new KeyMaterialError(`${option} must be a JWK or a PEM key, or a file holding one`);
}

function describeKey(key: KeyObject): string {
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${key.asymmetricKeyType} ${curve}` : String(key.asymmetricKeyType);
}
