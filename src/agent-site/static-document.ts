import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A document rendered once: the content does not change while the server runs. */
export interface StaticDocument {
  readonly path: string;
  readonly contentType: string;
  /** UTF-8: half the memory of a JavaScript string holding Polish text. */
  readonly body: Buffer;
  readonly etag: string;
}

export function staticDocument(path: string, contentType: string, text: string): StaticDocument {
  const body = Buffer.from(text, 'utf8');
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { path, contentType, body, etag: `"${digest}"` };
}

/**
 * Answers a GET or HEAD with a static document: a strong ETag (304 to a matching
 * If-None-Match), an hour of caching, and open CORS: crawlers and browser agents alike may
 * read it.
 */
export function sendStaticDocument(req: Request, res: Response, document: StaticDocument): void {
  res.set({
    'Content-Type': document.contentType,
    ETag: document.etag,
    'Cache-Control': 'public, max-age=3600',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.status(200).send(document.body);
}
