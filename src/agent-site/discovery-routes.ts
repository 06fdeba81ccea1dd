import express from 'express';
import type { AppContext } from '../context.js';
import { buildSchemaFeed } from '../structured-data/feed.js';
import { renderRobotsTxt } from './robots-txt.js';
import { FEED_PATHS, renderSchemamap } from './schemamap-xml.js';
import { renderSitemap } from './sitemap-xml.js';
import { serveStaticDocument, staticDocument, type StaticDocument } from './static-document.js';

/**
 * How crawlers find everything: `/robots.txt` names `/sitemap.xml` (every page with its
 * language versions) and `/schemamap.xml`, which points at the schema.org feed of every page,
 * served as JSON Lines and as one JSON array. All are rendered once, when the app is built.
 */
export function discoveryDocuments(ctx: AppContext): readonly StaticDocument[] {
  const feed = buildSchemaFeed(ctx);
  return [
    staticDocument('/robots.txt', 'text/plain; charset=utf-8', renderRobotsTxt(ctx.urls, ctx.site.info.company, ctx.config.contentSignal)),
    staticDocument('/sitemap.xml', 'application/xml; charset=utf-8', renderSitemap(ctx.site, ctx.urls)),
    staticDocument(
      '/schemamap.xml',
      'application/xml; charset=utf-8',
      renderSchemamap({ jsonLines: ctx.urls.absolute(FEED_PATHS.jsonLines), json: ctx.urls.absolute(FEED_PATHS.json) }, feed.lastModified),
    ),
    staticDocument(FEED_PATHS.jsonLines, 'application/jsonl; charset=utf-8', feed.jsonLines),
    staticDocument(FEED_PATHS.json, 'application/ld+json; charset=utf-8', feed.json),
  ];
}

export function discoveryRoutes(ctx: AppContext): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true });
  for (const document of discoveryDocuments(ctx)) router.get(document.path, serveStaticDocument(document));
  return router;
}
