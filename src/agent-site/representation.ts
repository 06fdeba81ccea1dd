import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import fresh from 'fresh';

/** One fixed answer body with its headers, built once and sent many times. */
export interface Representation {
  readonly body: Buffer;
  /** Content-Type, ETag and the rest; the same on 200 and 304 (RFC 9110 §15.4.5). */
  readonly headers: Readonly<Record<string, string>>;
}

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Builds a representation with a strong ETag from the bytes themselves, so that the HTML and
 * Markdown variants of one page (different bytes) never share a validator.
 */
export function representation(text: string, contentType: string, headers: Record<string, string>): Representation {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, headers: { 'Content-Type': contentType, ETag: etag, ...headers } };
}

/** Sends it with status 200, or 304 (no body) when If-None-Match names its ETag; HEAD gets no body. */
export function sendRepresentation(req: Request, res: Response, rep: Representation): void {
  res.status(notModified(req, rep.headers.ETag!) ? 304 : 200).set(rep.headers).send(rep.body);
}

/**
 * If-None-Match as RFC 9110 §13.1.2 has an origin server evaluate it: a weak comparison against
 * each listed entity tag, or "*". The `fresh` package parses and compares; it is given only
 * If-None-Match because it also treats a request's `Cache-Control: no-cache` as "always send
 * the body", a directive meant for caches, which fetch() adds to every conditional request.
 */
function notModified(req: Request, etag: string): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  return ifNoneMatch !== undefined && fresh({ 'if-none-match': ifNoneMatch }, { etag });
}

/**
 * X-Markdown-Tokens: characters (Unicode code points) divided by four, rounded up. It is the
 * usual rule of thumb for English; Polish text costs more tokens per character with most
 * tokenizers, so the number is an estimate for budgeting, not a count (docs/decisions.md).
 */
export function estimateTokens(text: string): number {
  let codePoints = 0;
  for (const _ of text) codePoints += 1;
  return Math.ceil(codePoints / 4);
}

/** Whether the client would rather have Markdown than HTML (q-values, then order, as negotiator ranks them). */
export function prefersMarkdown(req: Request): boolean {
  return req.accepts(['text/html', 'text/markdown']) === 'text/markdown';
}
