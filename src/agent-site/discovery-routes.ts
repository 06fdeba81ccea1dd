import express from 'express';
import type { Config } from '../config/load-config.js';
import { perSnapshot, snapshotOf, type ContentHolder } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import { buildSchemaFeed } from '../structured-data/feed.js';
import { renderRobotsTxt } from './robots-txt.js';
import { FEED_PATHS, renderSchemamap } from './schemamap-xml.js';
import { renderSitemap } from './sitemap-xml.js';
import { representation, sendRepresentation, type Representation } from '../web/representation.js';

/** A crawler document, rendered the first time it is asked for. */
interface LazyDocument {
  readonly path: string;
  readonly render: () => Representation;
}

/** Crawlers and browser agents alike may read them; an hour of caching, then revalidation. */
const DOCUMENT_HEADERS = {
  'Cache-Control': 'public, max-age=3600',
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * How crawlers find everything: `/robots.txt` names `/sitemap.xml` (every page with its
 * language versions) and `/schemamap.xml`, which points at the schema.org feed of every page,
 * served as JSON Lines and as one JSON array. Each is rendered on its first request for a
 * snapshot and kept with it: a snapshot never changes, and crawlers ask rarely, so a large site
 * need not build megabytes of feeds before it can start or hold them until someone asks.
 */
export function discoveryDocuments(snapshot: ContentSnapshot, contentSignal: string | undefined): readonly LazyDocument[] {
  const { site, urls } = snapshot;
  const feed = once(() => buildSchemaFeed(snapshot));
  return [
    lazy('/robots.txt', 'text/plain; charset=utf-8', () => renderRobotsTxt(urls, site.info.company, contentSignal)),
    lazy('/sitemap.xml', 'application/xml; charset=utf-8', () => renderSitemap(site, urls)),
    lazy('/schemamap.xml', 'application/xml; charset=utf-8', () =>
      renderSchemamap({ jsonLines: urls.absolute(FEED_PATHS.jsonLines), json: urls.absolute(FEED_PATHS.json) }, feed().lastModified),
    ),
    lazy(FEED_PATHS.jsonLines, 'application/jsonl; charset=utf-8', () => feed().jsonLines),
    lazy(FEED_PATHS.json, 'application/ld+json; charset=utf-8', () => feed().json),
  ];
}

export function discoveryRoutes(ctx: { readonly config: Pick<Config, 'contentSignal'>; readonly content: ContentHolder }): express.Router {
  const documentsOf = perSnapshot((snapshot) => discoveryDocuments(snapshot, ctx.config.contentSignal));
  const router = express.Router({ strict: true, caseSensitive: true });
  // The paths are the same for every snapshot; each request finds its document in its own.
  for (const [index, { path }] of discoveryDocuments(ctx.content.current(), undefined).entries()) {
    router.get(path, (req, res) => sendRepresentation(req, res, documentsOf(snapshotOf(req, ctx.content))[index]!.render()));
  }
  return router;
}

function lazy(path: string, contentType: string, body: () => string): LazyDocument {
  return { path, render: once(() => representation(body(), contentType, DOCUMENT_HEADERS)) };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
