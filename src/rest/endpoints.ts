import * as z from 'zod';
import { getContact } from '../../tools/get-contact.js';
import { getPage } from '../../tools/get-page.js';
import { listServices } from '../../tools/list-services.js';
import { toPageSummary } from '../../tools/page-summary.js';
import { contactOptionsSchema, langField, pageContentSchema, pageTypeField, searchResultsSchema, servicesSchema } from '../../tools/schemas.js';
import { searchSite } from '../../tools/search-site.js';
import { toolContext, type ToolContext, type ToolServices } from '../../tools/tool.js';
import type { AppContext } from '../context.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import type { CursorCodec } from './cursor.js';
import type { ProblemCode } from '../web/problem.js';
import { QuerySchema } from './query.js';
import { plainText } from '../text/plain-text.js';
import { agentIdentitySchema, apiRootSchema, healthSchema, pageListSchema, type ApiRoot, type Health, type PageList } from './schemas.js';
import { agentIdentity } from '../auth/identity.js';
import { agentQuota } from '../web/rate-limit.js';
import type { AuthenticatedAgent } from '../auth/bearer.js';
import { AppError } from '../errors.js';
import { heldSearch } from '../insights/events.js';

/**
 * The GET endpoints that answer JSON, each as data: its query schema, its success schema, and
 * a few lines that call a tool and reshape the result. The router, the batch, the OpenAPI
 * document and the API guide are all generated from this list. (The identity endpoint of the
 * OAuth issue joins the list the same way, with `batchable: false`.)
 */

export const API_PREFIX = '/api/v1';
/** The version of the API description (OpenAPI info.version); the server has its own. */
export const API_VERSION = '1.0.0';
export const PAGES_LIMIT = { min: 1, max: 100, default: 50 } as const;

/** What an endpoint's handler may use. */
export interface RestEnv {
  readonly ctx: AppContext;
  /** The content snapshot these answers come from (answers are cached per snapshot). */
  readonly content: ContentSnapshot;
  /**
   * The tools' context for this caller, as MCP gives it. Cached answers depend on the content
   * and the query only; the caller matters to limits, never to what a content tool returns.
   */
  tools(caller: RestCaller): ToolContext;
  readonly cursors: CursorCodec;
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** Name → full URL of every endpoint, for the API root. */
  readonly endpointUrls: Readonly<Record<string, string>>;
}

/** Who is asking: for the endpoints whose answer depends on it (identity) and for the tools. */
export interface RestCaller {
  /** The agent of a valid bearer token; absent without one. */
  readonly agent?: AuthenticatedAgent | undefined;
  /** The client's address as the HTTP layer determined it (req.ip). */
  readonly clientIp?: string | undefined;
}

/** The tools' context for a REST caller, as MCP builds it: the real client address and agent. */
export function restToolContext(services: ToolServices, content: ContentSnapshot, caller: RestCaller): ToolContext {
  const agent = caller.agent && { sub: caller.agent.sub, clientId: caller.agent.clientId };
  return toolContext(services, content, { transport: 'http', clientIp: caller.clientIp, agent });
}

export interface JsonResult {
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Called each time the answer is sent, from the cache or not (insights count every search). */
  readonly served?: (() => void) | undefined;
}

export interface JsonEndpoint<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Key in the API root's `endpoints` map, and the OpenAPI operationId. */
  readonly name: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly query: QuerySchema<Shape>;
  readonly response: z.ZodType;
  /** OpenAPI component name of the success schema. */
  readonly responseName: string;
  /** Errors this endpoint raises besides the ones every endpoint may (429, 500). */
  readonly problems: readonly ProblemCode[];
  /** Response headers beyond the common ones, for the API documents. */
  readonly responseHeaders?: readonly ('Link')[];
  readonly cacheControl: string;
  /** Whether a batch may run it. */
  readonly batchable: boolean;
  /** The answer depends on the caller (its token), so it is never kept for other callers. */
  readonly perCaller?: boolean;
  run(query: z.output<z.ZodObject<Shape>>, env: RestEnv, caller: RestCaller): Promise<JsonResult>;
}

function defineEndpoint<Shape extends z.ZodRawShape>(endpoint: JsonEndpoint<Shape>): JsonEndpoint {
  return endpoint as unknown as JsonEndpoint;
}

/** Content answers: the same until the content is redeployed, so caches may keep them a while and revalidate with ETag. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=300';
export const NO_STORE = 'no-store';

const noQuery = new QuerySchema(z.object({}).strict());
const langFilter = langField.optional().describe('Only pages in this language: pl or en.');
const typeFilter = pageTypeField.optional().describe('Only pages of this kind.');

export const root = defineEndpoint({
  name: 'root',
  path: API_PREFIX,
  summary: 'API root',
  description: 'What this API is, where its documents are, and the full URL of every endpoint.',
  query: noQuery,
  response: apiRootSchema,
  responseName: 'ApiRoot',
  problems: [],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run(_query, env) {
    const { ctx } = env;
    const body: ApiRoot = {
      name: `Website content API of ${env.content.site.info.company}`,
      version: ctx.version,
      apiVersion: API_VERSION,
      description:
        'Read-only access to the published website: search, a paginated list of pages, one page as Markdown, services with net starting prices, and contact options. It never sends messages or takes orders.',
      openapi: env.url(`${API_PREFIX}/openapi.json`),
      openapiYaml: env.url(`${API_PREFIX}/openapi.yaml`),
      documentation: env.url(`${API_PREFIX}/docs`),
      mcp: env.url('/mcp'),
      authentication: `Optional: an OAuth 2.1 bearer token (scope site:read) identifies the agent and raises the rate limit; only ${API_PREFIX}/identity needs one. Authorization server: ${env.url('/.well-known/oauth-authorization-server')}`,
      endpoints: { ...env.endpointUrls },
    };
    return { body };
  },
});

export const health = defineEndpoint({
  name: 'health',
  path: `${API_PREFIX}/health`,
  summary: 'Health',
  description: 'Whether the site data is loaded. While it is not (for example during start-up) the answer is 503 with a Health body and Retry-After.',
  query: noQuery,
  response: healthSchema,
  responseName: 'Health',
  problems: ['unavailable'],
  cacheControl: NO_STORE,
  batchable: true,
  async run(_query, { ctx, content }) {
    const last = ctx.reloader.last;
    const lastReload = last && {
      outcome: last.outcome,
      trigger: last.trigger,
      at: new Date(last.at).toISOString(),
      ...(last.reason === undefined ? {} : { reason: last.reason }),
      ...(last.sync === undefined ? {} : { sync: { ...last.sync, keptPages: [...last.sync.keptPages] } }),
    };
    const body: Health = {
      ok: true,
      version: ctx.version,
      pages: content.site.pages.length,
      languages: [...content.site.languages],
      content: { version: content.version, loadedAt: new Date(content.loadedAt).toISOString(), ...(lastReload === undefined ? {} : { lastReload }) },
    };
    return { body };
  },
});

export const search = defineEndpoint({
  name: 'search',
  path: `${API_PREFIX}/search`,
  summary: 'Search pages',
  description: 'Search the titles, descriptions and section headings of the pages in Polish and English; results are ranked by relevance.',
  query: new QuerySchema(
    z
      .object({
        q: searchSite.input.shape.query,
        lang: searchSite.input.shape.lang,
        type: searchSite.input.shape.type,
        limit: searchSite.input.shape.limit,
      })
      .strict(),
  ),
  response: searchResultsSchema,
  responseName: 'SearchResults',
  problems: ['invalid-parameter', 'unavailable'],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run({ q, ...filters }, env, caller) {
    const held = heldSearch(env.ctx.insights);
    const results = await searchSite.run({ query: q, ...filters }, { ...env.tools(caller), insights: held.sink });
    return { body: results.note === undefined ? results : { ...results, note: restWording(results.note) }, served: held.replay };
  },
});

export const pages = defineEndpoint({
  name: 'pages',
  path: `${API_PREFIX}/pages`,
  summary: 'List pages',
  description:
    'The published pages, filtered by type and language, in path order, a page of results at a time. While next_cursor is a string, pass it as cursor for the next page (also given in a Link header with rel="next"); it is null on the last page.',
  query: new QuerySchema(
    z
      .object({
        type: typeFilter,
        lang: langFilter,
        limit: z.number().int().min(PAGES_LIMIT.min).max(PAGES_LIMIT.max).default(PAGES_LIMIT.default).describe('Pages per answer, 1 to 100 (default 50).'),
        cursor: plainText().max(64).optional().describe('Opaque; the next_cursor of the previous answer. Omit for the first page.'),
      })
      .strict(),
  ),
  response: pageListSchema,
  responseName: 'PageList',
  problems: ['invalid-parameter', 'unavailable'],
  responseHeaders: ['Link'],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run({ type, lang, limit, cursor }, env) {
    const scope = { filters: `type=${type ?? ''}&lang=${lang ?? ''}` };
    const matching = env.content.site.filter({ type, lang });
    const offset = cursor === undefined ? 0 : env.cursors.decode(cursor, scope);
    const end = offset + limit;
    const next = end < matching.length ? env.cursors.encode(end, scope) : null;
    const body: PageList = {
      data: matching.slice(offset, end).map((page) => toPageSummary(page, env.content.urls)),
      total: matching.length,
      limit,
      next_cursor: next,
    };
    if (next === null) return { body };
    const params = new URLSearchParams();
    if (type !== undefined) params.set('type', type);
    if (lang !== undefined) params.set('lang', lang);
    params.set('limit', String(limit));
    params.set('cursor', next);
    return { body, headers: { Link: `<${env.url(`${API_PREFIX}/pages`)}?${params.toString()}>; rel="next"` } };
  },
});

export const page = defineEndpoint({
  name: 'page',
  path: `${API_PREFIX}/page`,
  summary: 'Read one page as Markdown',
  description: 'One published page as clean Markdown (no navigation, scripts or forms), cut at 80000 characters (then truncated is true).',
  query: new QuerySchema(z.object({ url: getPage.input.shape.url }).strict()),
  response: pageContentSchema,
  responseName: 'PageContent',
  problems: ['invalid-parameter', 'not-found', 'unavailable'],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run(query, env, caller) {
    return { body: await getPage.run(query, env.tools(caller)) };
  },
});

export const services = defineEndpoint({
  name: 'services',
  path: `${API_PREFIX}/services`,
  summary: 'Services and published starting prices',
  description:
    'Service areas and services with their pages, and every published net starting price (VAT excluded), each with its currency and, when it is charged per month, day, person…, its unit. State a price only together with its unit (where it has one) and its pricing_page, and never a price this endpoint does not return.',
  query: new QuerySchema(z.object({ lang: listServices.input.shape.lang }).strict()),
  response: servicesSchema,
  responseName: 'Services',
  problems: ['invalid-parameter', 'unavailable'],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run(query, env, caller) {
    return { body: await listServices.run(query, env.tools(caller)) };
  },
});

export const contact = defineEndpoint({
  name: 'contact',
  path: `${API_PREFIX}/contact`,
  summary: 'Contact options',
  description: 'E-mail, phone, contact page and privacy policy. With lang, contactForm and privacyPolicy are single URLs; without it, maps from language to URL. Sends nothing.',
  query: new QuerySchema(z.object({ lang: getContact.input.shape.lang }).strict()),
  response: contactOptionsSchema,
  responseName: 'ContactOptions',
  problems: ['invalid-parameter', 'unavailable'],
  cacheControl: CONTENT_CACHE_CONTROL,
  batchable: true,
  async run(query, env, caller) {
    return { body: await getContact.run(query, env.tools(caller)) };
  },
});

export const identity = defineEndpoint({
  name: 'identity',
  path: `${API_PREFIX}/identity`,
  summary: 'Identity of the calling agent',
  description:
    'Who the bearer token identifies: the agent registration, its scope and its rate limit. Needs Authorization: Bearer <access token> (see the authorization server metadata at /.well-known/oauth-authorization-server); without one the answer is 401 unauthorized with WWW-Authenticate.',
  query: noQuery,
  response: agentIdentitySchema,
  responseName: 'AgentIdentity',
  problems: ['unauthorized'],
  cacheControl: NO_STORE,
  batchable: false,
  perCaller: true,
  async run(_query, env, caller) {
    if (caller.agent === undefined) {
      throw new AppError('unauthorized', 'This endpoint needs a bearer token: Authorization: Bearer <access token>. Get one with POST /agent/auth/ (see /.well-known/oauth-authorization-server).');
    }
    return { body: agentIdentity(caller.agent, env.ctx.auth.urls.apiResource, agentQuota(env.ctx.config.rateLimitPerMinute)), headers: { Vary: 'Authorization' } };
  },
});

/** The tools' texts name tools; a REST client reads the endpoint that does the same. */
const ENDPOINT_OF_TOOL: Readonly<Record<string, string>> = {
  search_site: `${API_PREFIX}/search`,
  get_page: `${API_PREFIX}/page`,
  list_services: `${API_PREFIX}/services`,
  get_contact: `${API_PREFIX}/contact`,
};

export function restWording(text: string): string {
  return text.replace(/\b(search_site|get_page|list_services|get_contact)\b/g, (tool) => ENDPOINT_OF_TOOL[tool]!);
}

/** Every JSON GET endpoint, in the order the API documents list them. */
export const JSON_ENDPOINTS: readonly JsonEndpoint[] = [root, health, search, pages, page, services, contact, identity];
