import { createHash, type Hash } from 'node:crypto';
import { renderSiteDocuments, type SiteDocument } from '../../resources/index.js';
import type { ContentWarning, LoadedSite } from '../content/load-site.js';
import type { Page } from '../content/page.js';
import type { Logger } from '../log/logger.js';
import type { SiteContent } from '../content/site-content.js';
import { SiteUrls } from '../content/site-urls.js';
import { LazySearchIndex, type PageSearch } from '../search/lazy-search-index.js';
import { searchSettings } from '../search/search-settings.js';

/**
 * Everything the server answers from, as one immutable value: the site, its addresses, the
 * search index and the generated documents. A reload builds a new snapshot beside the current one
 * and publishes it in one step (content-holder.ts); a request takes one snapshot at its start and
 * uses only it, so it never sees half of two. Views built from a snapshot (rendered pages, REST
 * answers, MCP resource lists) are kept in WeakMaps keyed by it and go when it goes.
 */
export interface ContentSnapshot {
  /** A hash of the content: equal exactly when the content is equal (cursors and health use it). */
  readonly version: string;
  /** When this snapshot was built (epoch milliseconds). */
  readonly loadedAt: number;
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly search: PageSearch;
  /** llms.txt and pricing.md. */
  readonly documents: readonly SiteDocument[];
  /** What the load left out or found wrong, for the log and for `check`. */
  readonly warnings: readonly ContentWarning[];
}

export interface SnapshotOptions {
  /** Where our own pages are served (fixed for the process: the port or PUBLIC_BASE_URL). */
  readonly publicBaseUrl: string;
  readonly loadedAt: number;
  /** Build the search index now (the HTTP server) instead of on the first search (stdio). */
  readonly warmSearch: boolean;
}

/** Builds a snapshot from a loaded site: addresses, documents and (optionally at once) the index. */
export function buildContentSnapshot(loaded: LoadedSite, options: SnapshotOptions): ContentSnapshot {
  const search = new LazySearchIndex(loaded.site.pages, searchSettings(loaded.site.info));
  if (options.warmSearch) search.warm();
  return snapshotWith(loaded, search, options.publicBaseUrl, options.loadedAt);
}

/**
 * The same, for a server that is answering requests meanwhile (a reload): the index is built a
 * slice at a time, so requests on the current snapshot are never held up for long.
 */
export async function prepareContentSnapshot(loaded: LoadedSite, options: SnapshotOptions): Promise<ContentSnapshot> {
  const settings = searchSettings(loaded.site.info);
  const search = options.warmSearch ? await LazySearchIndex.builtInSlices(loaded.site.pages, settings) : new LazySearchIndex(loaded.site.pages, settings);
  return snapshotWith(loaded, search, options.publicBaseUrl, options.loadedAt, await contentVersionInSlices(loaded.site));
}

function snapshotWith(loaded: LoadedSite, search: PageSearch, publicBaseUrl: string, loadedAt: number, version = contentVersion(loaded.site)): ContentSnapshot {
  const { site, warnings } = loaded;
  const urls = new SiteUrls(publicBaseUrl, site.info.siteUrl);
  return {
    version,
    loadedAt,
    site,
    urls,
    search,
    documents: renderSiteDocuments(site, urls),
    warnings,
  };
}

/** Everything a load left out or found wrong goes to the log, one line each (at start and on every reload). */
export function logContentWarnings(logger: Logger, warnings: readonly ContentWarning[]): void {
  for (const warning of warnings) logger.warn({ file: warning.file, field: warning.field }, `content: ${warning.file}: ${warning.field}: ${warning.message}`);
}

/** 128 bits of SHA-256 over the site file and every page's fields and body, in path order. */
export function contentVersion(site: SiteContent): string {
  const hash = createHash('sha256').update(JSON.stringify(site.info));
  hashAssets(hash, site);
  for (const page of site.pages) hashPage(hash, page);
  return hash.digest('base64url').slice(0, 22);
}

/** The same, with a turn of the event loop every 200 pages (decoding 5,000 bodies takes a while). */
async function contentVersionInSlices(site: SiteContent): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(site.info));
  hashAssets(hash, site);
  for (const [position, page] of site.pages.entries()) {
    hashPage(hash, page);
    if (position % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('base64url').slice(0, 22);
}

/** A changed logo is a changed site: a reload publishes it. */
function hashAssets(hash: Hash, site: SiteContent): void {
  for (const asset of site.assets) hash.update(asset.path).update(asset.bytes);
}

function hashPage(hash: Hash, page: Page): void {
  const { path, lang, type, title, description, alternate, published, updated, service, city, event, author, headings } = page;
  hash.update(JSON.stringify([path, lang, type, title, description, alternate, published, updated, service, city, event, author, headings]));
  hash.update('\n');
  hash.update(page.markdown);
  hash.update('\0');
}
