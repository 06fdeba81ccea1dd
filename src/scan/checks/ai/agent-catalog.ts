import * as z from 'zod';
import type { FetchedResponse } from '../../../net/fetcher.js';
import { AI_CATALOG_PATH, AI_CATALOG_TYPE, SERVER_CARD_TYPE } from '../../../web/server-card-draft.js';
import { looksLikeHtml, type FetchedResource } from '../../snapshot.js';
import { siteOfHost } from '../../site-domain.js';

/**
 * Where a site tells agents about its MCP server, as the Server Card draft (SEP-2127; the
 * extension repository modelcontextprotocol/experimental-ext-server-card at 8924e08, 2026-07-24,
 * docs/discovery.md) says clients look: the domain's AI Catalog at /.well-known/ai-catalog.json,
 * whose entries of type application/mcp-server-card+json give the card's `url` (usually the
 * reserved `<MCP endpoint>/server-card`) or the card itself as `data`. The older well-known
 * addresses of earlier drafts are read only when the catalog gives no card (collect.ts).
 *
 * Collection reads the catalog here to decide what to fetch next, and check V16 reads it again
 * to word what it found: the same pure reading, so the two cannot disagree.
 */

/** Earlier drafts' addresses for the card itself, which sites still copy: later drafts first, then SEP-1649's. */
export const OLDER_CARD_PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json'] as const;
/** A catalog or a card is a small JSON document; a larger answer is not read (and is reported as too large). */
export const AGENT_METADATA_MAX_BYTES = 256 * 1024;
export const AI_CATALOG_ACCEPT = `${AI_CATALOG_TYPE}, application/json;q=0.9, */*;q=0.1`;
export const SERVER_CARD_ACCEPT = `${SERVER_CARD_TYPE}, application/json;q=0.9, */*;q=0.1`;

/** What the scan needs of a catalog: `entries`, each with a `type`, and for a card a `url` or inline `data`. */
const catalogSchema = z.looseObject({
  entries: z.array(z.looseObject({ type: z.string(), url: z.string().optional(), data: z.unknown().optional() })),
});

/** What the scan needs of a card: a JSON object naming the server (`name`, or SEP-1649's `serverInfo.name`). */
const cardSchema = z.looseObject({
  name: z.string().optional(),
  serverInfo: z.looseObject({ name: z.string() }).optional(),
  remotes: z.array(z.looseObject({ type: z.string().optional(), url: z.string().optional() })).optional(),
});

/** Why a document the site serves could not be read as what it says it is. */
export type DocumentProblem =
  | { readonly problem: 'notJson' | 'tooLarge' | 'html' }
  /** Valid JSON, but a field is missing or of the wrong type (the first such field, as a path: `entries.0.url`). */
  | { readonly problem: 'shape'; readonly field: string }
  | { readonly problem: 'status'; readonly status: number }
  /** The card's URL redirected off the site (to `url`): that hop was not taken. */
  | { readonly problem: 'offSiteRedirect'; readonly url: string }
  /** The request produced no response (timeout, refused...), or the site answered with a challenge: the check says which. */
  | { readonly problem: 'failed' };

/** A catalog entry of the card type the scan did not follow, and why. */
export interface SkippedEntry {
  readonly index: number;
  readonly reason: 'crossSite' | 'badUrl' | 'noLocation';
  readonly url?: string;
}

export type CardLocation = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'inline'; readonly index: number; readonly data: unknown };

export type CatalogReading =
  /** No catalog: not published (404, an HTML page served for any address), not fetched, or the request failed. */
  | { readonly state: 'absent' }
  | ({ readonly state: 'broken'; readonly url: string } & DocumentProblem)
  /** A catalog; `card` is the first entry of the card type that can be read, `skipped` the ones before it that cannot. */
  | { readonly state: 'read'; readonly url: string; readonly card: CardLocation | undefined; readonly skipped: readonly SkippedEntry[] };

export type CardReading = { readonly ok: true; readonly name: string } | ({ readonly ok: false } & DocumentProblem);

/** The site's AI Catalog as fetched: absent, broken (why), or read (the card it lists, if any); `site` is the scanned site's address. */
export function readAiCatalog(resource: FetchedResource | undefined, site: string): CatalogReading {
  const response = served(resource);
  if (response === undefined || response.status !== 200 || looksLikeHtml(response)) return { state: 'absent' };
  const url = response.finalUrl;
  const json = parseJson(response);
  if ('problem' in json) return { state: 'broken', url, ...json };
  const parsed = catalogSchema.safeParse(json.value);
  if (!parsed.success) return { state: 'broken', url, problem: 'shape', field: fieldOf(parsed.error, 'entries') };
  const skipped: SkippedEntry[] = [];
  for (const [index, entry] of parsed.data.entries.entries()) {
    if (entry.type.trim().toLowerCase() !== SERVER_CARD_TYPE) continue;
    if (entry.url !== undefined) {
      const target = httpUrl(entry.url, url);
      if (target === undefined) skipped.push({ index, reason: 'badUrl', url: entry.url });
      else if (!onThisSite(target, new URL(site))) skipped.push({ index, reason: 'crossSite', url: target.href });
      else return { state: 'read', url, card: { kind: 'url', url: target.href }, skipped };
    } else if (entry.data !== undefined) {
      return { state: 'read', url, card: { kind: 'inline', index, data: entry.data }, skipped };
    } else {
      skipped.push({ index, reason: 'noLocation' });
    }
  }
  return { state: 'read', url, card: undefined, skipped };
}

/** A card the catalog listed, fetched from its URL: every answer but a card is a problem, since the site named this address. */
export function readListedCard(resource: FetchedResource | undefined): CardReading | undefined {
  if (resource === undefined) return undefined;
  if (!resource.outcome.ok) {
    const { failure } = resource.outcome;
    const location = failure.redirects.at(-1)?.location;
    return failure.reason === 'redirect-refused' && failure.veto === OFF_SITE && location !== undefined ? { ok: false, problem: 'offSiteRedirect', url: location } : { ok: false, problem: 'failed' };
  }
  if (resource.block !== undefined) return { ok: false, problem: 'failed' };
  const { response } = resource.outcome;
  if (response.status !== 200) return { ok: false, problem: 'status', status: response.status };
  if (looksLikeHtml(response)) return { ok: false, problem: 'html' };
  const json = parseJson(response);
  return 'problem' in json ? { ok: false, ...json } : readCardData(json.value);
}

/** A card at one of the older addresses: only a card counts, anything else is taken for "not published there". */
export function readOlderCard(resource: FetchedResource | undefined): CardReading | undefined {
  const response = served(resource);
  if (response === undefined || response.status !== 200 || looksLikeHtml(response)) return undefined;
  const json = parseJson(response);
  if ('problem' in json) return undefined;
  const card = readCardData(json.value);
  return card.ok ? card : undefined;
}

/** A card given as data (inline in the catalog, or parsed from a response). */
export function readCardData(data: unknown): CardReading {
  const parsed = cardSchema.safeParse(data);
  if (!parsed.success) return { ok: false, problem: 'shape', field: fieldOf(parsed.error, 'name') };
  const name = parsed.data.name ?? parsed.data.serverInfo?.name;
  if (name === undefined || name.trim() === '') return { ok: false, problem: 'shape', field: 'name' };
  return { ok: true, name };
}

/** The veto of a card's redirect off the site: a code read back by `readListedCard`, never shown. */
const OFF_SITE = 'off-site';

/**
 * On this site: a host of the same registrable domain as the scanned one (`mcp.acme.example` for
 * `www.acme.example`; see siteOfHost), whatever the port or scheme. Anything else belongs to
 * someone else, and the scan reads only the site it was asked to scan.
 */
export function onThisSite(target: URL, site: URL): boolean {
  return siteOfHost(target.hostname) === siteOfHost(site.hostname);
}

/** A redirect veto for a card's URL: the fetcher's guard applies to every hop, and a hop off the site is not taken. */
export function offSiteRedirect(site: string): (target: URL) => string | undefined {
  const origin = new URL(site);
  return (target) => (onThisSite(target, origin) ? undefined : OFF_SITE);
}

/** The response, unless the request failed or the site answered with a challenge or refusal (then the file is not known). */
function served(resource: FetchedResource | undefined): FetchedResponse | undefined {
  return resource?.outcome.ok === true && resource.block === undefined ? resource.outcome.response : undefined;
}

function httpUrl(text: string, base: string): URL | undefined {
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function parseJson(response: FetchedResponse): { value: unknown } | { problem: 'notJson' | 'tooLarge' } {
  if (response.truncated) return { problem: 'tooLarge' };
  try {
    return { value: JSON.parse(response.body.replace(/^\ufeff/, '')) as unknown };
  } catch {
    return { problem: 'notJson' };
  }
}

/** The first field zod found wrong, as a path; `whole` when it is the document itself (an array, a string: not the object expected). */
function fieldOf(error: z.ZodError, whole: string): string {
  const path = error.issues[0]?.path ?? [];
  return path.length === 0 ? whole : path.map(String).join('.');
}
