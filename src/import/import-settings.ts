import type { Config } from '../config/load-config.js';
import type { BrowserGate } from '../net/browser/browser-gate.js';
import type { RenderSettings } from './page-renderer.js';
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

/** Debian's chromium package: the browser used when no option names one. */
export const DEFAULT_BROWSER = '/usr/bin/chromium';

/** How an import renders pages, from the options: --render, and --render-browser, else --scan-browser, else Debian's Chromium. */
export function renderSettingsOf(config: Pick<Config, 'render' | 'renderBrowser' | 'scanBrowser'>, gate?: BrowserGate): RenderSettings {
  return { mode: config.render, executablePath: config.renderBrowser ?? config.scanBrowser ?? DEFAULT_BROWSER, ...(gate === undefined ? {} : { gate }) };
}
