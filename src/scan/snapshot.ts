import type { BrowserObservation } from './browser/observation.js';
import { describeFetchFailure } from './fetch-failure-text.js';
import { t, type Text } from './report-language.js';
import type { FetchedResponse, FetchOutcome } from '../net/fetcher.js';
import { detectBlock, type BlockSign } from '../net/page/block-detection.js';
import type { HtmlPage } from '../net/page/html-page.js';

export type ScanKind = 'analytics' | 'ai_visibility';

/** The files a scan fetches besides HTML pages, by purpose. */
export type ResourceName =
  | 'robots'
  | 'llms'
  | 'llms-well-known'
  | 'sitemap'
  | 'sitemap-child'
  | 'markdown-negotiated'
  | 'markdown-twin'
  | 'http-probe'
  /** The privacy policy the home page links to (analytics: T14 follows the link). */
  | 'privacy-policy'
  | 'api-catalog'
  | 'protected-resource'
  | 'mcp-server-card';

export interface FetchedResource {
  readonly url: string;
  readonly outcome: FetchOutcome;
  readonly block: BlockSign | undefined;
}

/** Everything a scan collected; the checks read only this (no network access of their own). */
export interface ScanSnapshot {
  readonly kind: ScanKind;
  readonly requestedUrl: string;
  readonly home: HtmlPage;
  /** The home page first, then the inner pages fetched (an internal link, hreflang alternates). */
  readonly pages: readonly HtmlPage[];
  /** Alternate-language versions of the home page that were fetched, by their URL. */
  readonly alternates: ReadonlyMap<string, HtmlPage | FetchedResource>;
  readonly resources: ReadonlyMap<ResourceName, FetchedResource>;
  readonly slowResponseMs: number;
  /** When the scan ran (for freshness), epoch milliseconds. */
  readonly now: number;
  /** What the pages did in a real browser; absent when the server has no browser configured. */
  readonly browser?: BrowserObservation;
}

export function fetchedResource(url: string, outcome: FetchOutcome): FetchedResource {
  return { url, outcome, block: outcome.ok ? detectBlock(outcome.response) : undefined };
}

/**
 * A resource's response, or why a check cannot use it: not fetched (the budget ran out), the
 * request failed, or the site answered with a challenge. The reason becomes "not verified".
 */
export function usableResponse(resource: FetchedResource | undefined, what: string): { response: FetchedResponse } | { reason: Text } {
  if (resource === undefined) return { reason: t(`Nie pobrano ${what} (skończył się czas lub limit żądań skanu)`, `${what} was not fetched (the scan's time or request budget ran out)`) };
  if (!resource.outcome.ok) {
    const failure = describeFetchFailure(resource.outcome.failure);
    return { reason: t(`Nie udało się pobrać ${what}: ${failure}`, `${what} could not be fetched: ${failure}`) };
  }
  if (resource.block !== undefined) {
    const { kind, evidence } = resource.block;
    return {
      reason: t(
        `Witryna odpowiedziała na nasze żądanie ${what} ${kind === 'challenge' ? 'wyzwaniem dla botów' : 'odmową'} (${evidence}), więc nie dało się sprawdzić, co dostają roboty`,
        `the site answered our request for ${what} with a ${kind === 'challenge' ? 'bot challenge' : 'refusal'} (${evidence}), so what crawlers get could not be verified`,
      ),
    };
  }
  return { response: resource.outcome.response };
}
