import { renderSiteDocuments, type SiteDocument } from '../resources/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import { packageInfo } from './config/package-root.js';
import { loadSite, type ContentWarning } from './content/load-site.js';
import type { SiteContent } from './content/site-content.js';
import { SiteUrls } from './content/site-urls.js';
import { createLogger, type Logger } from './log/logger.js';
import { SearchIndex } from './search/search-index.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/store.js';

/** Everything the application is made of, built once by `createContext` and passed down. */
export interface AppContext {
  readonly config: Config;
  /** The package version (also the MCP server version). */
  readonly version: string;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Store;
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly search: SearchIndex;
  /** llms.txt and pricing.md, rendered once. */
  readonly documents: readonly SiteDocument[];
  readonly contentWarnings: readonly ContentWarning[];
  /** Releases what the context holds (store connections, timers). */
  close(): Promise<void>;
}

/** Parts a caller may supply instead of the defaults (tests pass a fixed clock or a quiet logger). */
export interface ContextParts {
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly store?: Store;
}

/**
 * The composition root: loads and validates the content, builds the search index and the
 * generated documents, and wires the shared parts. Throws ContentError when the site cannot be
 * served at all.
 */
export async function createContext(config: Config, parts: ContextParts = {}): Promise<AppContext> {
  const logger = parts.logger ?? createLogger(config.logLevel);
  const clock = parts.clock ?? systemClock;
  const { site, warnings } = await loadSite(config.contentDir);
  for (const warning of warnings) logger.warn({ file: warning.file, field: warning.field }, `content: ${warning.file}: ${warning.field}: ${warning.message}`);

  const urls = new SiteUrls(config.publicBaseUrl ?? defaultPublicBaseUrl(config, site.info.siteUrl), site.info.siteUrl);
  const search = SearchIndex.build(site.pages);
  const store = parts.store ?? (await createStore(config.redisUrl, clock, logger));
  logger.info({ contentDir: config.contentDir, pages: site.pages.length, publicBaseUrl: urls.publicBaseUrl }, 'site loaded');

  return {
    config,
    version: packageInfo().version,
    logger,
    clock,
    store,
    site,
    urls,
    search,
    documents: renderSiteDocuments(site, urls),
    contentWarnings: warnings,
    async close() {
      await store.close();
    },
  };
}

/** Over HTTP we serve the pages ourselves; over stdio, links point at the real website. */
function defaultPublicBaseUrl(config: Config, siteUrl: string): string {
  return config.command === 'serve' ? `http://localhost:${config.port}` : new URL(siteUrl).origin;
}
