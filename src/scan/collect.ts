import { AI_CATALOG_PATH } from '../web/server-card-draft.js';
import { AGENT_METADATA_MAX_BYTES, AI_CATALOG_ACCEPT, OLDER_CARD_PATHS, offSiteRedirect, readAiCatalog, readCardData, readListedCard, SERVER_CARD_ACCEPT } from './checks/ai/agent-catalog.js';
import { privacyPolicyLink } from './checks/analytics/legal-links.js';
import { describeFetchFailure } from './fetch-failure-text.js';
import { m, type Text } from './report-language.js';
import type { Fetcher, FetchOptions, FetchOutcome } from '../net/fetcher.js';
import { detectBlock } from '../net/page/block-detection.js';
import { parseHtmlPage, type HtmlPage } from '../net/page/html-page.js';
import { fetchedResource, type FetchedResource, type ResourceName, type ScanKind, type ScanSnapshot } from './snapshot.js';

export type CollectOutcome =
  | { readonly ok: true; readonly snapshot: ScanSnapshot }
  /** The home page could not be read as a crawler would: the scan cannot grade the site. */
  | { readonly ok: false; readonly reason: Text; readonly evidence: readonly string[] };

export interface CollectOptions {
  readonly kind: ScanKind;
  readonly url: URL;
  readonly fetcher: Fetcher;
  readonly slowResponseMs: number;
  readonly now: number;
  readonly onStage: (stage: string, plannedRequests: number) => void;
  /** Called once the home page could be read, before anything else is fetched (the scan is charged then); a throw stops the scan. */
  readonly onHomeRead?: () => Promise<void>;
}

const HTML_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml', '']);
const MARKDOWN_ACCEPT = 'text/markdown, text/plain;q=0.5, */*;q=0.1';
/** Links worth reading as "an inner page": what a visitor (and a crawler) goes to next. */
const INNER_PAGE_HINT = /(about|o-nas|uber-uns|services?|uslugi|leistungen|offer|oferta|pricing|cennik|preise|contact|kontakt|blog|products?)/i;
const ASSET = /\.(pdf|jpe?g|png|gif|webp|svg|zip|mp4|mp3|docx?|xlsx?|css|js|xml|txt|ico)$/i;

/**
 * Fetches what a scan looks at, in stages: the home page first (nothing else makes sense if
 * it cannot be read), then everything that depends only on its address in parallel, then what
 * depends on those (the sitemap named in robots.txt, the hreflang alternates).
 */
export async function collect(options: CollectOptions): Promise<CollectOutcome> {
  const { fetcher, kind } = options;
  options.onStage('fetching the home page', kind === 'analytics' ? 3 : 14);
  const homeOutcome = await fetcher.fetch(options.url);
  const unreadable = homeProblem(homeOutcome);
  if (unreadable !== undefined) return { ok: false, ...unreadable };
  await options.onHomeRead?.();
  const home = parseHtmlPage((homeOutcome as Extract<FetchOutcome, { ok: true }>).response);
  const origin = new URL(home.url).origin;
  const resources = new Map<ResourceName, FetchedResource>();
  const fetchInto = async (name: ResourceName, url: string, accept?: string, more: FetchOptions = {}): Promise<FetchedResource> => {
    const resource = fetchedResource(url, await fetcher.fetch(url, accept === undefined ? more : { ...more, accept }));
    resources.set(name, resource);
    return resource;
  };

  const inner = pickInnerPage(home);
  const pages: HtmlPage[] = [home];
  const fetchPage = async (url: string): Promise<HtmlPage | FetchedResource> => {
    const outcome = await fetcher.fetch(url);
    const resource = fetchedResource(url, outcome);
    if (!outcome.ok || resource.block !== undefined || !HTML_TYPES.has(outcome.response.mediaType) || outcome.response.status >= 400) return resource;
    return parseHtmlPage(outcome.response);
  };
  const alternates = new Map<string, HtmlPage | FetchedResource>();

  if (kind === 'analytics') {
    options.onStage('fetching an inner page, the privacy policy and the plain-http address', 4);
    const probe = httpProbeUrl(options.url, home);
    const privacy = privacyPolicyLink(home.anchors)?.href;
    await Promise.all([
      privacy === undefined || !/^https?:/.test(privacy) ? undefined : fetchInto('privacy-policy', privacy),
      inner === undefined ? undefined : fetchPage(inner).then((page) => void (isPage(page) && pages.push(page))),
      probe === undefined ? undefined : fetcher.fetch(probe, { followRedirects: false }).then((outcome) => void resources.set('http-probe', fetchedResource(probe, outcome))),
    ]);
  } else {
    options.onStage('fetching robots.txt, llms.txt, Markdown, discovery files and an inner page', 14);
    const markdownTwin = home.links.find((link) => link.rel.includes('alternate') && link.type === 'text/markdown' && link.href !== undefined)?.href ?? markdownTwinGuess(home.url);
    await Promise.all([
      fetchInto('robots', `${origin}/robots.txt`, 'text/plain, */*;q=0.1'),
      fetchInto('llms', `${origin}/llms.txt`, 'text/markdown, text/plain;q=0.9, */*;q=0.1').then(async (llms) => {
        if (llms.outcome.ok && llms.outcome.response.status === 404) await fetchInto('llms-well-known', `${origin}/.well-known/llms.txt`, 'text/markdown, text/plain;q=0.9, */*;q=0.1');
      }),
      fetchInto('markdown-negotiated', home.url, MARKDOWN_ACCEPT),
      fetchInto('markdown-twin', markdownTwin, MARKDOWN_ACCEPT),
      fetchInto('api-catalog', `${origin}/.well-known/api-catalog`, 'application/linkset+json, application/json;q=0.9, */*;q=0.1'),
      fetchInto('protected-resource', `${origin}/.well-known/oauth-protected-resource`, 'application/json'),
      findServerCard(origin, fetchInto),
      inner === undefined ? undefined : fetchPage(inner).then((page) => void (isPage(page) && pages.push(page))),
    ]);

    options.onStage('fetching the sitemap and the language versions of the home page', 4);
    const robots = resources.get('robots');
    const robotsText = robots?.outcome.ok && robots.outcome.response.status === 200 ? robots.outcome.response.body : '';
    const declared = [...robotsText.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((match) => match[1]!);
    const sitemapUrl = declared.map((url) => absolute(url, origin)).find((url) => url !== undefined) ?? `${origin}/sitemap.xml`;
    const alternateUrls = home.links
      .filter((link) => link.rel.includes('alternate') && link.hreflang !== undefined && link.hreflang.toLowerCase() !== 'x-default' && link.href !== undefined && sameDocument(link.href, home.url) === false)
      .map((link) => link.href!)
      .filter((url, index, all) => all.indexOf(url) === index)
      .slice(0, 2);
    await Promise.all([
      fetchInto('sitemap', sitemapUrl, 'application/xml, text/xml;q=0.9, */*;q=0.1').then(async (sitemap) => {
        const body = sitemap.outcome.ok ? sitemap.outcome.response.body : '';
        const child = /<sitemapindex[\s>]/i.test(body) ? /<loc>\s*([^<\s]+)\s*<\/loc>/i.exec(body)?.[1] : undefined;
        const childUrl = child === undefined ? undefined : absolute(decodeXml(child), origin);
        if (childUrl !== undefined) await fetchInto('sitemap-child', childUrl, 'application/xml, text/xml;q=0.9, */*;q=0.1');
      }),
      ...alternateUrls.map(async (url) => {
        const page = await fetchPage(url);
        alternates.set(url, page);
        if (isPage(page)) pages.push(page);
      }),
    ]);
  }

  return {
    ok: true,
    snapshot: { kind, requestedUrl: options.url.href, home, pages, alternates, resources, slowResponseMs: options.slowResponseMs, now: options.now },
  };
}

type FetchInto = (name: ResourceName, url: string, accept?: string, more?: FetchOptions) => Promise<FetchedResource>;

/**
 * The MCP server card, as the current draft finds it (V16; see checks/ai/agent-catalog.ts): the
 * AI Catalog first, then the card its first usable entry names (only on this site, and no
 * redirect off it); the older drafts' well-known addresses only when that gives no card.
 */
async function findServerCard(origin: string, fetchInto: FetchInto): Promise<void> {
  const limits = { maxBytes: AGENT_METADATA_MAX_BYTES };
  const catalog = readAiCatalog(await fetchInto('ai-catalog', `${origin}${AI_CATALOG_PATH}`, AI_CATALOG_ACCEPT, limits), origin);
  const location = catalog.state === 'read' ? catalog.card : undefined;
  if (location?.kind === 'url') {
    const card = readListedCard(await fetchInto('mcp-server-card', location.url, SERVER_CARD_ACCEPT, { ...limits, beforeRedirect: offSiteRedirect(origin) }));
    if (card?.ok === true) return;
  } else if (location?.kind === 'inline' && readCardData(location.data).ok) {
    return;
  }
  const [older, mcpJson] = OLDER_CARD_PATHS;
  await Promise.all([fetchInto('mcp-server-card-older', `${origin}${older}`, SERVER_CARD_ACCEPT, limits), fetchInto('mcp-json', `${origin}${mcpJson}`, SERVER_CARD_ACCEPT, limits)]);
}

function isPage(value: HtmlPage | FetchedResource): value is HtmlPage {
  return 'visibleText' in value;
}

/** Why the home page cannot be graded, if it cannot: unreachable, blocked, an error page, not HTML. */
function homeProblem(outcome: FetchOutcome): { reason: Text; evidence: string[] } | undefined {
  if (!outcome.ok) {
    return { reason: m('scan.homeFailed', { failure: describeFetchFailure(outcome.failure) }), evidence: outcome.failure.redirects.map((hop) => `${hop.status} ${hop.url} -> ${hop.location}`) };
  }
  const { response } = outcome;
  const block = detectBlock(response);
  if (block !== undefined) {
    return {
      reason: m('scan.homeBlocked', { kind: block.kind }),
      evidence: [block.evidence],
    };
  }
  if (response.status >= 400) return { reason: m('scan.homeStatus', { status: response.status }), evidence: [`HTTP ${response.status} ${response.finalUrl}`] };
  if (!HTML_TYPES.has(response.mediaType)) return { reason: m('scan.notHtml', { type: response.mediaType }), evidence: [`Content-Type: ${response.headers['content-type'] ?? ''}`] };
  return undefined;
}

/** The first link to a content page of the same site (about, services, contact first). */
function pickInnerPage(home: HtmlPage): string | undefined {
  const homeUrl = new URL(home.url);
  const candidates = home.anchors
    .map((anchor) => {
      try {
        return { url: new URL(anchor.href), text: anchor.text };
      } catch {
        return undefined;
      }
    })
    .filter((candidate): candidate is { url: URL; text: string } => candidate !== undefined)
    .filter(({ url }) => url.origin === homeUrl.origin && url.pathname !== homeUrl.pathname && !ASSET.test(url.pathname) && url.pathname !== '/')
    .map(({ url, text }) => ({ href: `${url.origin}${url.pathname}${url.search}`, text }));
  const preferred = candidates.find((candidate) => INNER_PAGE_HINT.test(candidate.href) || INNER_PAGE_HINT.test(candidate.text));
  return (preferred ?? candidates[0])?.href;
}

/** For a site on https: its plain-http address, to see whether it redirects to https (T17). */
function httpProbeUrl(requested: URL, home: HtmlPage): string | undefined {
  const final = new URL(home.url);
  if (final.protocol !== 'https:') return undefined;
  if (requested.protocol === 'http:' && requested.host === final.host) return undefined; // already seen: it redirected
  if (final.port !== '') return undefined; // a non-default port has no http twin to probe
  return `http://${final.hostname}/`;
}

/** Where a Markdown twin usually lives: the trailing slash becomes .md, / becomes /index.md. */
function markdownTwinGuess(pageUrl: string): string {
  const url = new URL(pageUrl);
  const path = url.pathname === '/' ? '/index.md' : url.pathname.endsWith('/') ? `${url.pathname.slice(0, -1)}.md` : `${url.pathname}.md`;
  return `${url.origin}${path}`;
}

function absolute(url: string, origin: string): string | undefined {
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}

function sameDocument(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    return left.origin === right.origin && left.pathname === right.pathname && left.search === right.search;
  } catch {
    return false;
  }
}

function decodeXml(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
}
