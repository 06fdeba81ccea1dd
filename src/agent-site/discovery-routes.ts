import express from 'express';
import type { AppContext } from '../context.js';
import { buildSchemaFeed } from '../structured-data/feed.js';
import { renderRobotsTxt } from './robots-txt.js';
import { FEED_PATHS, renderSchemamap } from './schemamap-xml.js';
import { renderSitemap } from './sitemap-xml.js';
import { sendStaticDocument, staticDocument, type StaticDocument } from './static-document.js';

/** A crawler document, rendered the first time it is asked for. */
interface LazyDocument {
  readonly path: string;
  readonly render: () => StaticDocument;
}

/**
 * How crawlers find everything: `/robots.txt` names `/sitemap.xml` (every page with its
 * language versions) and `/schemamap.xml`, which points at the schema.org feed of every page,
 * served as JSON Lines and as one JSON array. Each is rendered on its first request and kept:
 * the content does not change while the server runs, and crawlers ask rarely, so a large site
 * need not build megabytes of feeds before it can start or hold them until someone asks.
 */
export function discoveryDocuments(ctx: AppContext): readonly LazyDocument[] {
  const feed = once(() => buildSchemaFeed(ctx));
  return [
    lazy('/robots.txt', 'text/plain; charset=utf-8', () => renderRobotsTxt(ctx.urls, ctx.site.info.company, ctx.config.contentSignal)),
    lazy('/sitemap.xml', 'application/xml; charset=utf-8', () => renderSitemap(ctx.site, ctx.urls)),
    lazy('/schemamap.xml', 'application/xml; charset=utf-8', () =>
      renderSchemamap({ jsonLines: ctx.urls.absolute(FEED_PATHS.jsonLines), json: ctx.urls.absolute(FEED_PATHS.json) }, feed().lastModified),
    ),
    lazy(FEED_PATHS.jsonLines, 'application/jsonl; charset=utf-8', () => feed().jsonLines),
    lazy(FEED_PATHS.json, 'application/ld+json; charset=utf-8', () => feed().json),
  ];
}

export function discoveryRoutes(ctx: AppContext): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const document of discoveryDocuments(ctx)) router.get(document.path, (req, res) => sendStaticDocument(req, res, document.render()));
  return router;
}

function lazy(path: string, contentType: string, body: () => string): LazyDocument {
  return { path, render: once(() => staticDocument(path, contentType, body())) };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
