import type { FetchSettings } from '../net/fetcher.js';

/** Our robots.txt token: a site can address the importer by this name. */
export const IMPORT_ROBOTS_TOKEN = 'site-content-mcp';

/**
 * The fetch limits of an import: the scans' limits on size, time and redirects, a fixed honest
 * User-Agent, and a request budget sized for the page limit (every page, its redirects, the
 * sitemaps and robots.txt).
 */
export function importFetchSettings(version: string, maxPages: number, concurrency: number): FetchSettings {
  return {
    userAgent: `Mozilla/5.0 (compatible; ${IMPORT_ROBOTS_TOKEN}/${version}; +https://www.npmjs.com/package/site-content-mcp)`,
    connectTimeoutMs: 5_000,
    requestTimeoutMs: 15_000,
    maxBodyBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    concurrency,
    requestBudget: maxPages * 4 + 500,
  };
}
