import { schemaOrgFor, type SchemaOrgObject } from './schema-org.js';
import type { StructuredDataSource } from './source.js';

/**
 * The schema.org feed: every page's object, in path order, each a complete JSON-LD node with
 * its own `@context` and `@id`. Served two ways because consumers differ: JSON Lines (one object
 * per line; NLWeb's loader and streaming readers) and one JSON array (the nlweb-ai crawler calls
 * `response.json()` on a feed, which a JSON Lines file fails).
 */
export interface SchemaFeed {
  readonly objects: readonly SchemaOrgObject[];
  /** One object per line, each line ending with `\n`. */
  readonly jsonLines: string;
  /** One JSON array of all the objects. */
  readonly json: string;
  /** The newest `updated` (or `published`) date of any page, `YYYY-MM-DD`, when pages have dates. */
  readonly lastModified: string | undefined;
}

export function buildSchemaFeed(ctx: StructuredDataSource): SchemaFeed {
  const objects = ctx.site.pages.map((page) => schemaOrgFor(page, ctx));
  return {
    objects,
    jsonLines: objects.map((object) => `${jsonLine(object)}\n`).join(''),
    json: `${JSON.stringify(objects)}\n`,
    lastModified: latestDate(ctx),
  };
}

/**
 * JSON with the characters some line splitters treat as line ends (Python's `splitlines` breaks
 * on NEL, U+2028 and U+2029) written as escapes, so that one object stays on one line.
 */
function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function latestDate(ctx: StructuredDataSource): string | undefined {
  let latest: string | undefined;
  for (const page of ctx.site.pages) {
    const date = page.updated ?? page.published;
    if (date !== undefined && (latest === undefined || date > latest)) latest = date;
  }
  return latest;
}
