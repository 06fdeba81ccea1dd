import type { BrowserObservation } from './browser/observation.js';
import { describeFetchFailure } from './fetch-failure-text.js';
import { m, type Text } from './report-language.js';
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
  /** The AI Catalog (/.well-known/ai-catalog.json), and the MCP server card its entry names (V16). */
  | 'ai-catalog'
  | 'mcp-server-card'
  /** The card at the older drafts' addresses, read only when the catalog gives none (V16). */
  | 'mcp-server-card-older'
  | 'mcp-json';

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

/** The files and addresses a check asks `usableResponse` about, named in the catalogs (`scan.resource`) in the case the sentences need. */
export type ResourceWord = 'robots' | 'llms' | 'llms_well_known' | 'markdown_negotiated' | 'markdown_twin' | 'sitemap' | 'http_probe';

/**
 * A resource's response, or why a check cannot use it: not fetched (the budget ran out), the
 * request failed, or the site answered with a challenge. The reason becomes "not verified".
 */
export function usableResponse(resource: FetchedResource | undefined, name: ResourceWord): { response: FetchedResponse } | { reason: Text } {
  const what = m('scan.resource', { name });
  if (resource === undefined) return { reason: m('scan.notFetched', { what }) };
  if (!resource.outcome.ok) return { reason: m('scan.fetchFailed', { what, failure: describeFetchFailure(resource.outcome.failure) }) };
  if (resource.block !== undefined) {
    const { kind, evidence } = resource.block;
    return { reason: m('scan.resourceBlocked', { what, kind, evidence }) };
  }
  return { response: resource.outcome.response };
}

/** An HTML page where a file was asked for (a site that answers every address with a page): by its media type or its first tag. */
export function looksLikeHtml(response: FetchedResponse): boolean {
  return response.mediaType === 'text/html' || response.mediaType === 'application/xhtml+xml' || /^\s*<(!doctype|html|head|body)/i.test(response.body);
}
