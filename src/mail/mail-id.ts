import { randomBytes } from 'node:crypto';

/** Crockford's base32 in lower case: no i, l, o or u, so ids read back without mistakes. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `kind_` + 10 characters of time + 12 random: 60 bits of randomness, sortable by creation. */
export const MAIL_ID_PATTERN = /^[a-z]{2,12}_[0-9a-hjkmnp-tv-z]{22}$/;

/**
 * A new id for a mail in the outbox, e.g. `inq_01jd8x5b2q7m3k9c4h6t8w0r2v`. Ids sort by creation
 * time (the outbox sends oldest first, and an operator listing the folder sees them in order) and
 * name the file, the Message-ID and what the tool answers.
 */
export function newMailId(prefix: string, nowMs: number): string {
  let time = '';
  let rest = Math.max(0, Math.floor(nowMs));
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[rest % 32]! + time;
    rest = Math.floor(rest / 32);
  }
  const random = [...randomBytes(12)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${prefix}_${time}${random}`;
}
