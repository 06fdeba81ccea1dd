import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';

/**
 * One answer body with its headers, built once and sent many times: the site's pages, llms.txt,
 * the crawler documents and every /api/v1 answer are sent through `sendRepresentation`, so they
 * all follow the same rules for ETag, 304 and HEAD (docs/decisions/0005-headers-and-caching-of-site-pages.md).
 */
export interface Representation {
  /** 200 unless said otherwise (a Problem answer's 4xx). */
  readonly status?: number;
  readonly body: Buffer;
  /** Content-Type, ETag (when the answer has a validator) and the rest; the same on 200 and 304 (RFC 9110 §15.4.5). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Characters of base64url SHA-256 in a page's or document's ETag (162 bits). */
const ETAG_CHARACTERS = 27;

/** A strong entity tag made from the bytes themselves, so two different bodies never share one. */
export function entityTag(body: Buffer, characters = ETAG_CHARACTERS): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, characters)}"`;
}

/** A representation of `text` with its strong ETag. */
export function representation(text: string, contentType: string, headers: Readonly<Record<string, string>> = {}): Representation {
  const body = Buffer.from(text, 'utf8');
  return { body, headers: { 'Content-Type': contentType, ETag: entityTag(body), ...headers } };
}

/**
 * Sends it: 304 without a body when a GET or HEAD names its ETag in If-None-Match, else its
 * status with Content-Length (HEAD: the same headers, no body).
 */
export function sendRepresentation(req: IncomingMessage, res: ServerResponse, rep: Representation): void {
  for (const [name, value] of Object.entries(rep.headers)) res.setHeader(name, value);
  const etag = rep.headers.ETag;
  if (etag !== undefined && (req.method === 'GET' || req.method === 'HEAD') && notModified(req, etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = rep.status ?? 200;
  res.setHeader('Content-Length', rep.body.length);
  res.end(req.method === 'HEAD' ? undefined : rep.body);
}

/**
 * If-None-Match as RFC 9110 §13.1.2 has an origin server evaluate it: a weak comparison against
 * each listed entity tag, or "*". The `fresh` package parses and compares; it is given only
 * If-None-Match because it also treats a request's `Cache-Control: no-cache` as "always send
 * the body", a directive meant for caches, which fetch() adds to every conditional request
 * (Express's `req.fresh` does exactly that, so it is not used).
 */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  return ifNoneMatch !== undefined && fresh({ 'if-none-match': ifNoneMatch }, { etag });
}
