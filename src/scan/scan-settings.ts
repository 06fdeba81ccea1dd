import { DAY_MS } from '../limits/limit-rule.js';
import type { BrowserSettings } from './browser/observe.js';
import type { FetchSettings } from '../net/fetcher.js';

/**
 * Every limit of a scan in one place. The defaults are recorded (with the reasons) in
 * docs/scans.md; the time budget of one tool call comes from the configuration, the rest can
 * only be changed by code (tests pass shorter timeouts through ContextParts).
 */
export interface ScanSettings {
  readonly fetch: FetchSettings;
  /** How long a scan tool waits for the scan before answering with a scan id to poll. */
  readonly callBudgetMs: number;
  /** Hard limit for a whole scan; requests still open then are aborted and their checks reported as not verified. */
  readonly scanDeadlineMs: number;
  /** How long a finished scan's result can be fetched with get_scan_result. */
  readonly resultTtlMs: number;
  /** Scans running at once in this process; more are refused with a retry time. */
  readonly maxConcurrentScans: number;
  /** Time to first byte above which a page counts as slow for AI crawlers (V15). */
  readonly slowResponseMs: number;
  /** The headless browser for the checks that need one (SCAN_BROWSER); absent: those checks are not verified. */
  readonly browser?: BrowserSettings;
  /** Requests the browser's pages may make through the guarded fetcher, per scan. */
  readonly browserRequestBudget: number;
}

/** Budget of the browser part of one scan: launch, two pages, the consent choices and a form. */
export const BROWSER_BUDGET_MS = 20_000;
/** How long a page may keep loading after `load` before it is read (tags fire late). */
export const BROWSER_SETTLE_MS = 1_000;

export function browserSettings(executablePath: string | undefined): BrowserSettings | undefined {
  return executablePath === undefined ? undefined : { executablePath, budgetMs: BROWSER_BUDGET_MS, settleMs: BROWSER_SETTLE_MS };
}

export function defaultScanSettings(version: string, publicBaseUrl: string, callBudgetSeconds: number, browserPath?: string): ScanSettings {
  const browser = browserSettings(browserPath);
  return {
    ...(browser === undefined ? {} : { browser }),
    fetch: {
      userAgent: `Mozilla/5.0 (compatible; site-content-mcp-scan/${version}; +${publicBaseUrl}/)`,
      connectTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      maxBodyBytes: 2 * 1024 * 1024,
      maxRedirects: 5,
      concurrency: 4,
      requestBudget: 24,
    },
    callBudgetMs: callBudgetSeconds * 1000,
    scanDeadlineMs: 45_000,
    resultTtlMs: DAY_MS,
    maxConcurrentScans: 4,
    slowResponseMs: 1_500,
    browserRequestBudget: 80,
  };
}
