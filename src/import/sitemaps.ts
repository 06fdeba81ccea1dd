import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import type { Fetcher } from '../net/fetcher.js';
import { decodeXml } from './decode-html.js';

/** One page a sitemap lists. */
export interface SitemapEntry {
  readonly url: string;
  /** `<lastmod>` as written; a re-sync skips a page whose lastmod has not changed. */
  readonly lastmod: string | undefined;
}

export interface SitemapProblem {
  readonly url: string;
  readonly reason: string;
}

/** Limits from the sitemaps protocol: 50,000 URLs and 50 MB uncompressed per file; how deep indexes may nest. */
const MAX_DECOMPRESSED_BYTES = 50 * 1024 * 1024;
const MAX_NESTING = 3;
const MAX_SITEMAP_FILES = 200;

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, isArray: (name) => name === 'url' || name === 'sitemap' });

/**
 * Reads sitemaps and sitemap indexes (nested, and gzip-compressed `.xml.gz`), keeping only page
 * URLs of the site's own origin. Every sitemap that cannot be read is reported, never thrown.
 */
export async function readSitemaps(
  fetcher: Fetcher,
  start: readonly string[],
  origin: string,
  beforeRequest: () => Promise<void>,
): Promise<{ entries: SitemapEntry[]; problems: SitemapProblem[]; found: boolean }> {
  const entries = new Map<string, SitemapEntry>();
  const problems: SitemapProblem[] = [];
  const seen = new Set<string>();
  let found = false;
  let queue = start.map((url) => ({ url, depth: 0 }));
  while (queue.length > 0 && seen.size < MAX_SITEMAP_FILES) {
    const next: typeof queue = [];
    for (const { url, depth } of queue) {
      if (seen.has(url) || !sameOrigin(url, origin)) continue;
      seen.add(url);
      await beforeRequest();
      const read = await fetchSitemap(fetcher, url);
      if ('reason' in read) {
        problems.push({ url, reason: read.reason });
        continue;
      }
      found = true;
      const document = read.document as { urlset?: { url?: { loc?: unknown; lastmod?: unknown }[] }; sitemapindex?: { sitemap?: { loc?: unknown }[] } };
      for (const item of document.urlset?.url ?? []) {
        const loc = typeof item.loc === 'string' ? item.loc.trim() : undefined;
        if (loc === undefined || !sameOrigin(loc, origin)) continue;
        entries.set(withoutHash(loc), { url: withoutHash(loc), lastmod: typeof item.lastmod === 'string' ? item.lastmod.trim() : undefined });
      }
      for (const item of document.sitemapindex?.sitemap ?? []) {
        const loc = typeof item.loc === 'string' ? item.loc.trim() : undefined;
        if (loc === undefined) continue;
        if (depth + 1 > MAX_NESTING) problems.push({ url: loc, reason: `sitemap indexes nested more than ${MAX_NESTING} deep` });
        else next.push({ url: loc, depth: depth + 1 });
      }
    }
    queue = next;
  }
  return { entries: [...entries.values()], problems, found };
}

async function fetchSitemap(fetcher: Fetcher, url: string): Promise<{ document: unknown } | { reason: string }> {
  const outcome = await fetcher.fetch(url, { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5', raw: true });
  if (!outcome.ok) return { reason: `could not be fetched (${outcome.failure.reason})` };
  const { response } = outcome;
  if (response.status !== 200) return { reason: `HTTP ${response.status}` };
  if (response.truncated) return { reason: 'larger than the size limit' };
  let bytes = response.bytes ?? new Uint8Array();
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_DECOMPRESSED_BYTES });
    } catch {
      return { reason: 'a gzip file that cannot be read, or larger than 50 MB uncompressed' };
    }
  }
  try {
    const document = parser.parse(decodeXml(bytes, response.headers['content-type'])) as Record<string, unknown>;
    if (document.urlset === undefined && document.sitemapindex === undefined) return { reason: 'not a sitemap (no <urlset> or <sitemapindex>)' };
    return { document };
  } catch {
    return { reason: 'not well-formed XML' };
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}
