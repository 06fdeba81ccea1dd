import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

/**
 * Opaque, tamper-evident cursors for `/api/v1/pages`: version byte, 4-byte offset and a 16-byte
 * HMAC-SHA256 tag, base64url (28 characters). The tag covers the offset, the filters and a
 * fingerprint of the content, so a forged cursor, one used with other filters, or one issued
 * before the content changed is refused with a 400 instead of returning a wrong page.
 */
const VERSION = 1;
const TAG_BYTES = 16;
const CURSOR_BYTES = 1 + 4 + TAG_BYTES;

export interface CursorScope {
  /** The filters the cursor belongs to, e.g. `lang=pl&type=`. */
  readonly filters: string;
}

export class CursorCodec {
  readonly #key: Buffer;
  readonly #contentFingerprint: string;

  /** `secret` undefined: a random key per process (cursors do not survive a restart). */
  constructor(secret: string | undefined, contentFingerprint: string) {
    this.#key = secret === undefined ? randomBytes(32) : Buffer.from(secret, 'utf8');
    this.#contentFingerprint = contentFingerprint;
  }

  encode(offset: number, scope: CursorScope): string {
    const bytes = Buffer.alloc(CURSOR_BYTES);
    bytes.writeUInt8(VERSION, 0);
    bytes.writeUInt32BE(offset, 1);
    this.#tag(bytes.subarray(0, 5), scope).copy(bytes, 5);
    return bytes.toString('base64url');
  }

  /** The offset a cursor stands for; `invalid-parameter` when it was not issued for these filters and this content. */
  decode(cursor: string, scope: CursorScope): number {
    const bytes = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url') : Buffer.alloc(0);
    if (bytes.length === CURSOR_BYTES && bytes.readUInt8(0) === VERSION && timingSafeEqual(bytes.subarray(5), this.#tag(bytes.subarray(0, 5), scope))) {
      return bytes.readUInt32BE(1);
    }
    throw new AppError(
      'invalid-parameter',
      'Parameter "cursor" is not one this server issued for these filters, or it has expired. Pass next_cursor exactly as returned, with the same type and lang, or start again without cursor.',
      { field: 'cursor' },
    );
  }

  #tag(head: Buffer, scope: CursorScope): Buffer {
    return createHmac('sha256', this.#key).update(head).update(`\n${scope.filters}\n${this.#contentFingerprint}`).digest().subarray(0, TAG_BYTES);
  }
}

/** A short fingerprint of the list of pages, so that cursors issued for other content fail. */
export function contentFingerprint(pagePaths: readonly string[]): string {
  return createHash('sha256').update(pagePaths.join('\n')).digest('base64url').slice(0, 16);
}
