import express from 'express';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { perSnapshot, snapshotOf, type ContentHolder } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import { representation, sendRepresentation } from '../web/representation.js';
import { AI_CATALOG_PATH, AI_CATALOG_TYPE, SERVER_CARD_PATH, SERVER_CARD_TYPE } from '../web/server-card-draft.js';
import { serverIdentity } from './mcp-server.js';

/**
 * Discovery before connecting (SEP-2127, MCP Server Cards; the draft of the extension repository
 * modelcontextprotocol/experimental-ext-server-card at 8924e08, 2026-07-24: see
 * docs/decisions/0138-server-card-draft.md). A Server Card describes this server and where to
 * connect; it is hosted at the location the draft reserves, `<streamable-http-url>/server-card`
 * (here `/mcp/server-card`), and listed in the domain's AI Catalog at
 * `/.well-known/ai-catalog.json`, where clients performing domain-level discovery look first.
 */

const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The revisions the /mcp endpoint speaks: 2026-07-28 (server/discover), and the older ones through initialize. */
export const SERVED_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

/** The draft's CORS headers (read-only public metadata), an hour of caching, then revalidation with the ETag. */
const CARD_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
  'Cache-Control': 'public, max-age=3600',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** `miarka.example` -> `example.miarka`: the card's reverse-DNS namespace is the site's own host. */
function reverseDns(host: string): string {
  return host.split('.').reverse().join('.');
}

/** The Server Card of this deployment: the company's site, at its public address. */
export function serverCard(snapshot: ContentSnapshot, version: string): Record<string, unknown> {
  const identity = serverIdentity(version, snapshot);
  const { hostname } = new URL(snapshot.urls.publicBaseUrl);
  const { company } = snapshot.site.info;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${reverseDns(hostname)}/${identity.name}`,
    version: identity.version,
    description: truncate(`${company}: the website's pages, services, net prices and contact options for AI agents`, 100),
    title: identity.title,
    websiteUrl: identity.websiteUrl ?? snapshot.urls.publicBaseUrl,
    remotes: [{ type: 'streamable-http', url: snapshot.urls.absolute('/mcp'), supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] }],
  };
}

/** The domain's AI Catalog: one entry, this server's card by URL (the card carries the human-readable fields). */
export function aiCatalog(snapshot: ContentSnapshot): Record<string, unknown> {
  const { hostname } = new URL(snapshot.urls.publicBaseUrl);
  return {
    specVersion: '1.0',
    entries: [{ identifier: `urn:air:${hostname}:mcp:site-content-mcp`, type: SERVER_CARD_TYPE, url: snapshot.urls.absolute(`/mcp${SERVER_CARD_PATH}`) }],
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export interface ServerCardContext {
  readonly version: string;
  readonly content: ContentHolder;
}

/**
 * `card` is mounted at /mcp ahead of the MCP endpoint (it answers only GET, HEAD and OPTIONS of
 * /mcp/server-card, and passes everything else on); `catalog` answers the well-known catalog.
 */
export function serverCardRoutes(ctx: ServerCardContext): { card: express.Router; catalog: express.Router } {
  const cardOf = perSnapshot((snapshot) => representation(`${JSON.stringify(serverCard(snapshot, ctx.version), null, 2)}\n`, SERVER_CARD_TYPE, CARD_HEADERS));
  const catalogOf = perSnapshot((snapshot) => representation(`${JSON.stringify(aiCatalog(snapshot), null, 2)}\n`, AI_CATALOG_TYPE, CARD_HEADERS));
  const card = express.Router({ strict: true, caseSensitive: true });
  card.get(SERVER_CARD_PATH, (req, res) => sendRepresentation(req, res, cardOf(snapshotOf(req, ctx.content))));
  card.options(SERVER_CARD_PATH, (_req, res) => {
    res.set(CARD_HEADERS).set('Access-Control-Max-Age', '86400').status(204).end();
  });
  const catalog = express.Router({ strict: true, caseSensitive: true });
  catalog.get(AI_CATALOG_PATH, (req, res) => sendRepresentation(req, res, catalogOf(snapshotOf(req, ctx.content))));
  catalog.options(AI_CATALOG_PATH, (_req, res) => {
    res.set(CARD_HEADERS).set('Access-Control-Max-Age', '86400').status(204).end();
  });
  return { card, catalog };
}
