import { escapeXml } from './xml.js';

/** Paths of the schema.org feed in its two serialisations (see structured-data/feed.ts). */
export const FEED_PATHS = { jsonLines: '/schema/feed.jsonl', json: '/schema/feed.json' } as const;

export const SCHEMA_FEED_CONTENT_TYPE = 'structuredData/schema.org';

/**
 * `/schemamap.xml`: a sitemap whose entries point at schema.org feeds, as the NLWeb crawler
 * reads it. It takes entries whose `contentType` attribute contains `schema.org`; other
 * readers use the schemafeed namespace's `sf:contentType` element, so both are written. The
 * JSON Lines feed comes first (the site's one feed); the same records as one JSON array follow
 * for crawlers that parse a feed as a single JSON document.
 */
export function renderSchemamap(feedUrls: { jsonLines: string; json: string }, lastModified: string | undefined): string {
  const entry = (loc: string) =>
    [
      `  <url contentType="${SCHEMA_FEED_CONTENT_TYPE}">`,
      `    <loc>${escapeXml(loc)}</loc>`,
      ...(lastModified === undefined ? [] : [`    <lastmod>${lastModified}</lastmod>`]),
      `    <sf:contentType>${SCHEMA_FEED_CONTENT_TYPE}</sf:contentType>`,
      '  </url>',
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:sf="http://schema.org/schemas/schemafeed/0.1">',
    entry(feedUrls.jsonLines),
    entry(feedUrls.json),
    '</urlset>',
    '',
  ].join('\n');
}
