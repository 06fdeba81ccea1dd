import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config/load-config.js';
import type { Page } from '../content/page.js';
import { perSnapshot, snapshotOf, type ContentHolder } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import type { Logger } from '../log/logger.js';
import { NotFoundPage } from './not-found.js';
import { renderPageHtml } from './page-html.js';
import { renderPageDocument } from '../content/page-document.js';
import { entityTag, representation, sendRepresentation, type Representation } from '../web/representation.js';
import { estimateTokens, HTML_TYPE, MARKDOWN_TYPE, prefersMarkdown } from './representation.js';
import { buildAddressTable } from './site-addresses.js';
import { SiteFrame } from './site-frame.js';
import { STYLESHEET_CSP_SOURCE } from './stylesheet.js';
import { setHttpRoute } from '../telemetry/telemetry.js';
import type { RequestsInFlight } from '../insights/events.js';
import { notePage } from '../insights/http-edge.js';

export interface AgentSiteOptions {
  /** schema.org JSON-LD for a page's `<head>` (the structured-data module's hook). */
  readonly structuredData?: (page: Page, snapshot: ContentSnapshot) => unknown;
}

/** What the agent site needs of the application. */
export interface AgentSiteContext {
  readonly config: Pick<Config, 'contentSignal'>;
  readonly logger: Logger;
  readonly content: ContentHolder;
  /** Insights' record of the requests being answered, where a page read is noted; absent when insights are off. */
  readonly insights?: { readonly requests?: RequestsInFlight } | undefined;
}

export interface AgentSite {
  /** Site pages, their `.md` addresses, `/llms.txt` and `/pricing.md`; every other path goes on to `next()`. */
  readonly routes: RequestHandler;
  /** The 404 for any address nothing else answered: HTML for browsers, Markdown for agents. */
  readonly notFound: RequestHandler;
}

/**
 * A snapshot's content never changes, so a page's two bodies and their ETags are built once per
 * snapshot, on first request, and kept with it. Five minutes of freshness, then a cheap
 * revalidation with If-None-Match; new content shows within that time.
 */
const CACHE_CONTROL = 'public, max-age=300';
const ALLOW = 'GET, HEAD, OPTIONS';
/** Answers on pages carry no secrets and no cookies are used: any origin may read them. */
const EXPOSED_HEADERS = 'ETag, Link, Content-Language, Content-Signal, X-Markdown-Tokens';
/** Self-contained pages: one inline stylesheet (by hash), no scripts, frames or forms. */
const PAGE_CSP = `default-src 'none'; style-src ${STYLESHEET_CSP_SOURCE}; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * The agent-facing site: every page at its canonical path (HTML for browsers, Markdown when the
 * client prefers `text/markdown`) and at its `.md` address, plus llms.txt and pricing.md.
 * Requests are matched against a table of addresses built from the content; nothing here reads
 * the file system.
 */
/** `http.route` of the site's own addresses (docs/telemetry.md): templates, never one series per page. */
const PAGE_ROUTES = { page: '/{page}', markdown: '/{page}.md', redirect: '/{redirect}' } as const;

export function createAgentSite(ctx: AgentSiteContext, options: AgentSiteOptions = {}): AgentSite {
  const common: Record<string, string> = {
    'Cache-Control': CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    ...(ctx.config.contentSignal === undefined ? {} : { 'Content-Signal': ctx.config.contentSignal }),
  };
  const viewOf = perSnapshot((snapshot) => siteView(snapshot, common, ctx.logger, options));

  const routes = (req: Request, res: Response, next: NextFunction): void => {
    const view = viewOf(snapshotOf(req, ctx.content));
    const address = view.table.addresses.get(req.path);
    if (address === undefined) {
      const asset = req.method === 'GET' || req.method === 'HEAD' ? view.asset(req.path) : undefined;
      return asset === undefined ? next() : sendRepresentation(req, res, asset);
    }
    setHttpRoute(res, address.kind === 'document' ? address.document.path : PAGE_ROUTES[address.kind]);
    if (req.method === 'OPTIONS') return preflight(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res);
    switch (address.kind) {
      case 'page': {
        const markdown = prefersMarkdown(req);
        notePage(ctx.insights?.requests, req, address.page.path, markdown);
        return sendRepresentation(req, res, markdown ? view.pageMarkdown(address.page) : view.pageHtml(address.page));
      }
      case 'markdown':
        notePage(ctx.insights?.requests, req, address.page.path, true);
        return sendRepresentation(req, res, view.pageMarkdown(address.page));
      case 'document':
        return sendRepresentation(req, res, view.documents.get(address.document.path)!);
      case 'redirect':
        return res.redirect(address.status, address.location + queryOf(req));
    }
  };

  const notFound = (req: Request, res: Response): void => {
    const { notFoundPage } = viewOf(snapshotOf(req, ctx.content));
    const markdown = req.path.endsWith('.md') || prefersMarkdown(req);
    const text = markdown ? notFoundPage.markdown(req.path) : notFoundPage.html(req.path);
    // No ETag and no caching: a 404 has nothing to revalidate, and a page added by the next
    // deploy must not be hidden behind a cached miss.
    res
      .status(404)
      .set({
        'Content-Type': markdown ? MARKDOWN_TYPE : HTML_TYPE,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept',
        ...(markdown ? { 'X-Markdown-Tokens': String(estimateTokens(text)) } : { 'Content-Security-Policy': PAGE_CSP }),
      })
      .send(Buffer.from(text, 'utf8'));
  };

  return { routes, notFound };
}

/** The agent site of one snapshot: its address table, its 404 page and its answers, built as asked. */
function siteView(snapshot: ContentSnapshot, common: Record<string, string>, logger: Logger, options: AgentSiteOptions) {
  const { site, urls } = snapshot;
  const frame = new SiteFrame(site);
  const notFoundPage = new NotFoundPage({ site, urls, search: snapshot.search, frame });
  const table = buildAddressTable(site, snapshot.documents);
  for (const path of table.clashes) logger.warn({ path }, `site: the address ${path} is claimed twice; the generated document or first page keeps it`);
  const { structuredData } = options;
  const structuredDataOf = structuredData === undefined ? undefined : (page: Page) => structuredData(page, snapshot);

  const pageHtml = builtOnce((page: Page) =>
    representation(renderPageHtml(page, { site, urls, frame, structuredData: structuredDataOf }), HTML_TYPE, {
      ...common,
      Vary: 'Accept',
      'Content-Language': page.lang,
      Link: `<${urls.markdownUrl(page.path)}>; rel="alternate"; type="text/markdown"`,
      'Content-Security-Policy': PAGE_CSP,
    }),
  );
  const pageMarkdown = builtOnce((page: Page) => {
    const text = renderPageDocument(page, site, urls);
    return representation(text, MARKDOWN_TYPE, {
      ...common,
      // The .md address does not vary, but sends the same bytes and headers as the negotiated
      // Markdown, so a cache or a client comparing the two sees one representation.
      Vary: 'Accept',
      'Content-Language': page.lang,
      'X-Markdown-Tokens': String(estimateTokens(text)),
      Link: `<${urls.pageUrl(page.path)}>; rel="canonical"`,
    });
  });
  const documents = new Map(
    snapshot.documents.map((document) => [
      document.path,
      representation(document.text, MARKDOWN_TYPE, { ...common, 'X-Markdown-Tokens': String(estimateTokens(document.text)) }),
    ]),
  );
  // The content's assets (a logo, an image for link previews), each with its ETag, kept with the snapshot.
  const assets = new Map(
    site.assets.map((asset) => {
      const body = asset.bytes;
      const headers = { ...common, 'Content-Type': asset.contentType, ETag: entityTag(body), 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" };
      return [asset.path, { body, headers } satisfies Representation];
    }),
  );
  const asset = (path: string) => assets.get(path);
  return { table, notFoundPage, pageHtml, pageMarkdown, documents, asset };
}

/** Builds a page's answer on its first request and keeps it (docs/decisions/0005-headers-and-caching-of-site-pages.md: measured against building all at start). */
function builtOnce(build: (page: Page) => Representation): (page: Page) => Representation {
  const built = new Map<string, Representation>();
  return (page) => {
    let rep = built.get(page.path);
    if (rep === undefined) {
      rep = build(page);
      built.set(page.path, rep);
    }
    return rep;
  };
}

/** The query string as it arrived (`?utm_source=…`), kept across a redirect. */
function queryOf(req: Request): string {
  const index = req.originalUrl.indexOf('?');
  return index === -1 ? '' : req.originalUrl.slice(index);
}

function preflight(res: Response): void {
  res
    .status(204)
    .set({
      Allow: ALLOW,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': 'Accept, If-None-Match',
      'Access-Control-Max-Age': '86400',
    })
    .end();
}

function methodNotAllowed(res: Response): void {
  res.status(405).set({ Allow: ALLOW, 'Cache-Control': 'no-store' }).type('text/plain').send('Method not allowed: site pages answer GET and HEAD.\n');
}
