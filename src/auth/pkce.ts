import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE.test(value);
}

export function isWellFormedVerifier(value: string): boolean {
  return VERIFIER.test(value);
}

/** Whether `verifier` hashes (S256) to `challenge`, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isWellFormedVerifier(verifier) || !isS256Challenge(challenge)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
