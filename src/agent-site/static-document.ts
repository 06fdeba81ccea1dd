import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

/** A document rendered once at start: the content does not change while the server runs. */
export interface StaticDocument {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  readonly etag: string;
}

export function staticDocument(path: string, contentType: string, body: string): StaticDocument {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { path, contentType, body, etag: `"${digest}"` };
}

/**
 * Serves a static document on GET and HEAD with a strong ETag (304 to a matching
 * If-None-Match), an hour of caching, and open CORS: crawlers and browser agents alike may
 * read it.
 */
export function serveStaticDocument(document: StaticDocument): RequestHandler {
  return (req: Request, res: Response) => {
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
  };
}
