import { CORE_SCHEMA, dump } from 'js-yaml';
import * as z from 'zod';
import { ERROR_KINDS } from '../errors.js';
import { contactOptionsSchema, packageSchema, pageContentSchema, priceUnitSchema, pageSummarySchema, pricingItemSchema, searchResultsSchema, serviceItemSchema, servicesSchema } from '../../tools/schemas.js';
import { BATCH_BODY_LIMIT_BYTES, BATCH_EXCLUDED_PATHS } from './batch.js';
import { API_PREFIX, API_VERSION, JSON_ENDPOINTS, type JsonEndpoint } from './endpoints.js';
import { PROBLEM_CODES, PROBLEM_TYPES, problemSchema, type ProblemCode } from '../web/problem.js';
import { AGENT_RATE_LIMIT } from '../limits/agent-rate-limit.js';
import { BATCH_EXAMPLE_REQUEST, OPENAPI_EXAMPLES } from './openapi-examples.generated.js';
import { agentQuota, IP_QUOTA } from '../web/rate-limit.js';
import { apiRootSchema, BATCH_MAX_REQUESTS, batchRequestSchema, batchResponseSchema, healthSchema, pageListSchema } from './schemas.js';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas and endpoint list the adapter
 * runs on, so the description cannot drift from the behaviour. Built once per server (only the
 * server URL and the links to the guide depend on the instance).
 */

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { paths: Record<string, Record<string, Json>>; components: Json & { schemas: Record<string, Json> } };

export interface OpenApiOptions {
  readonly baseUrl: string;
  readonly docsUrl: string;
  readonly serverVersion: string;
  readonly company: string;
  /** What the site's published prices are in ("Polish pages quote PLN, English pages quote EUR."), from the prices themselves. */
  readonly currencySentence: string | undefined;
  /** Requests per 60 seconds per IP address. */
  readonly ipQuota: number;
}

/** Errors any endpoint may answer: 401 invalid-token only when a token was sent. */
export const COMMON_PROBLEMS: readonly ProblemCode[] = ['invalid-token', 'rate-limited', 'internal-error'];

/** The security requirement "none needed, or a bearer token". */
export const ANONYMOUS: Json[] = [{}, { bearer: ['site:read'] }];
/** For the endpoint that needs a token (identity). */
const BEARER_REQUIRED: Json[] = [{ bearer: ['site:read'] }];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Operation groups, in the order the documents list them. */
export const TAGS = [
  { name: 'Content', description: 'The published website: search, pages, services with prices, contact options.' },
  { name: 'Agents', description: 'Who the calling agent is (needs a bearer token; see Authentication in the guide).' },
  { name: 'Batch', description: 'Several reads in one request.' },
  { name: 'Service', description: 'The API root, health, and the documents describing this API.' },
] as const;
const TAG_OF: Readonly<Record<string, (typeof TAGS)[number]['name']>> = {
  root: 'Service',
  health: 'Service',
  search: 'Content',
  pages: 'Content',
  page: 'Content',
  services: 'Content',
  contact: 'Content',
  identity: 'Agents',
  batch: 'Batch',
  openapi: 'Service',
  openapiYaml: 'Service',
  documentation: 'Service',
};

/**
 * A real answer of the operation, generated from the sample site by the build
 * (scripts/openapi-examples.ts), never written by hand.
 */
function sampleSiteExample(operationId: string): Json {
  const value = OPENAPI_EXAMPLES[operationId];
  if (value === undefined) return {};
  // The documents' examples are the beginnings of their real answers (the whole would contain itself).
  const summary = DOCUMENT_OPERATIONS.has(operationId) ? 'The beginning of a real answer, from the sample site' : 'A real answer, from the sample site';
  return { examples: { sampleSite: { summary, value } } };
}
const DOCUMENT_OPERATIONS: ReadonlySet<string> = new Set(['openapi', 'openapiYaml', 'documentation']);

/** Response headers, described once. */
const HEADERS: Record<string, Json> = {
  'RateLimit-Policy': {
    description: `The rate limit policy that applies (draft-ietf-httpapi-ratelimit-headers): "ip";q=${IP_QUOTA.quota};w=${IP_QUOTA.windowSeconds} without a token, "agent";q=${AGENT_RATE_LIMIT.limit};w=${AGENT_RATE_LIMIT.windowSeconds} with a valid one.`,
    schema: { type: 'string', examples: [`"ip";q=${IP_QUOTA.quota};w=${IP_QUOTA.windowSeconds}`] },
  },
  RateLimit: {
    description: 'Requests left in the current window (r) and seconds until it resets (t).',
    schema: { type: 'string', examples: ['"ip";r=119;t=60'] },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed per 60-second window.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  ETag: { description: 'Entity tag of the answer; send it back in If-None-Match to get 304 when nothing changed.', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long the answer may be reused.', schema: { type: 'string' } },
  Link: { description: 'The next page of results (RFC 8288): <URL>; rel="next". Present exactly when there is a next page.', schema: { type: 'string' } },
  'Idempotency-Key': { description: 'The request\'s Idempotency-Key, echoed.', schema: { type: 'string' } },
  Allow: { description: 'The methods the endpoint takes.', schema: { type: 'string' } },
  'WWW-Authenticate': {
    description: 'The bearer challenge (RFC 6750, RFC 9728): where the protected resource metadata is, the scope, and for a refused token error="invalid_token".',
    schema: { type: 'string', examples: ['Bearer resource_metadata="https://www.example.com/.well-known/oauth-protected-resource/api/v1", scope="site:read", error="invalid_token", error_description="The access token is invalid or expired"'] },
  },
  Deprecation: { description: 'When this API version was deprecated (RFC 9745, @<unix seconds>); sent only once a deprecation applies.', schema: { type: 'string', pattern: '^@-?[0-9]+$' } },
  Sunset: { description: 'When this API version will be removed (RFC 8594, HTTP-date); sent only once a removal date is set.', schema: { type: 'string' } },
};

/** A response header; required ones are written out, because OpenAPI allows no siblings next to $ref. */
const header = (name: string, required = false) => ({ [name]: required ? { ...HEADERS[name], required: true } : { $ref: `#/components/headers/${name}` } });

/** Headers on every answer under the rate limiter, and the lifecycle headers. */
function commonHeaders(required: boolean): Json {
  return {
    ...header('RateLimit-Policy', required),
    ...header('X-RateLimit-Limit', required),
    ...header('RateLimit'),
    ...header('X-RateLimit-Remaining'),
    ...header('Deprecation'),
    ...header('Sunset'),
  };
}

export function buildOpenApi(options: OpenApiOptions): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  const component = (schema: z.ZodType, id: string) => registry.add(schema, { id });
  component(pageSummarySchema, 'PageSummary');
  component(searchResultsSchema, 'SearchResults');
  component(pageListSchema, 'PageList');
  component(pageContentSchema, 'PageContent');
  component(servicesSchema, 'Services');
  component(pricingItemSchema, 'PricingItem');
  component(packageSchema, 'Package');
  component(priceUnitSchema, 'PriceUnit');
  component(serviceItemSchema, 'ServiceItem');
  component(contactOptionsSchema, 'ContactOptions');
  component(healthSchema, 'Health');
  component(apiRootSchema, 'ApiRoot');
  component(problemSchema, 'Problem');
  component(batchRequestSchema, 'BatchRequest');
  const batchable = JSON_ENDPOINTS.filter((endpoint) => endpoint.batchable).map((endpoint) => endpoint.response);
  component(batchResponseSchema([...new Set(batchable), problemSchema] as unknown as [z.ZodType, ...z.ZodType[]]), 'BatchResponse');
  for (const endpoint of JSON_ENDPOINTS) if (!registry.has(endpoint.response)) component(endpoint.response, endpoint.responseName);

  // Response schemas stay open (no additionalProperties: false): within v1 new fields may be added and clients ignore them.
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'input', unrepresentable: 'throw' }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [id, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(generated.schemas)) schemas[id] = withoutSafeIntegerBounds(schema);
  // The problem type links point at this instance's guide.
  (schemas.Problem!.properties as Record<string, Json>).type!.examples = [`${options.docsUrl}#invalid-parameter`];

  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of JSON_ENDPOINTS) paths[endpoint.path] = { get: getOperation(endpoint, options.docsUrl) };
  paths[`${API_PREFIX}/batch`] = { post: batchOperation() };
  paths[`${API_PREFIX}/openapi.json`] = { get: documentOperation('openapi', 'This OpenAPI document (JSON)', 'application/json', { type: 'object' }) };
  paths[`${API_PREFIX}/openapi.yaml`] = { get: documentOperation('openapiYaml', 'This OpenAPI document (YAML)', 'application/yaml', { type: 'string' }) };
  paths[`${API_PREFIX}/docs`] = { get: documentOperation('documentation', 'The API guide (HTML)', 'text/html', { type: 'string' }) };

  // Components only for what the operations use (the OAuth issue's 401s join when it uses them).
  const used = (kind: string) => new Set([...JSON.stringify(paths).matchAll(new RegExp(`#/components/${kind}/([^"]+)`, 'g'))].map((match) => match[1]!));
  const responses: Json = {};
  for (const code of PROBLEM_CODES) if (used('responses').has(code)) responses[code] = problemResponse(code, options.docsUrl);
  const usedHeaders = new Set([...used('headers'), ...JSON.stringify(responses).matchAll(/#\/components\/headers\/([^"]+)/g)].map((entry) => (typeof entry === 'string' ? entry : entry[1]!)));
  const headers = Object.fromEntries(Object.entries(HEADERS).filter(([name]) => usedHeaders.has(name)));

  return {
    openapi: '3.1.1',
    info: {
      // Not "Company sp. z o.o.: …": a company name ending in a full stop would read ".:".
      title: `Website content API of ${options.company}`,
      version: API_VERSION,
      summary: 'Read-only access to the published website: search, pages as Markdown, services with net starting prices, contact options.',
      description: [
        `The published content of the ${options.company} website, for agents and programs. Read-only: it never sends messages, books meetings or takes payments, and it holds no client data.`,
        '',
        ['Prices are net starting prices (VAT excluded).', options.currencySentence, 'State a price only together with its unit (when it has one) and its page URL.'].filter(Boolean).join(' '),
        '',
        `Every GET endpoint also answers HEAD. Cross-origin requests are allowed (CORS open). Rate limit: ${options.ipQuota} requests per ${IP_QUOTA.windowSeconds} seconds per IP address (${agentQuota(options.ipQuota)} per agent with a bearer token); a batch counts as one request. Errors are application/problem+json (RFC 9457).`,
        '',
        `Server version ${options.serverVersion}. The guide: ${options.docsUrl}`,
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: options.company, url: `${options.baseUrl}/` },
    },
    servers: [{ url: options.baseUrl, description: 'This server' }],
    // Every endpoint works without credentials (the OAuth issue adds its optional bearer scheme here).
    security: ANONYMOUS,
    externalDocs: { description: 'The API guide', url: options.docsUrl },
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas,
      headers,
      responses,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT (at+jwt, ES256)',
          description: `Optional OAuth 2.1 access token (scope site:read). Get one with POST ${options.baseUrl}/agent/auth/ or from the authorization server described at ${options.baseUrl}/.well-known/oauth-authorization-server. It identifies the agent and raises the rate limit to ${agentQuota(options.ipQuota)} per ${AGENT_RATE_LIMIT.windowSeconds} seconds.`,
        },
      },
    },
  } as OpenApiDocument;
}

function getOperation(endpoint: JsonEndpoint, docsUrl: string): Json {
  const statuses: Json = {
    '200': {
      description: endpoint.summary,
      headers: {
        ...commonHeaders(true),
        ...header('ETag', true),
        ...header('Cache-Control', true),
        ...Object.fromEntries((endpoint.responseHeaders ?? []).flatMap((name) => Object.entries(header(name)))),
      },
      content: { 'application/json': { schema: ref(endpoint.responseName), ...sampleSiteExample(endpoint.name) } },
    },
    '304': { description: 'Not modified: the answer matching If-None-Match has not changed.', headers: { ...commonHeaders(true), ...header('ETag', true), ...header('Cache-Control') } },
  };
  // Any GET may meet an unknown or repeated parameter.
  for (const code of new Set<ProblemCode>(['invalid-parameter', ...endpoint.problems, ...COMMON_PROBLEMS])) {
    const status = String(ERROR_KINDS[code].status);
    if (endpoint.name === 'health' && code === 'unavailable') {
      statuses[status] = {
        description: 'The site data is not available yet (the server is starting); retry after Retry-After seconds.',
        headers: { ...header('Retry-After', true) },
        content: { 'application/json': { schema: ref('Health') } },
      };
    } else if (statuses[status] !== undefined && status === '401') {
      // Identity: 401 is unauthorized without a token, invalid-token with a bad one.
      statuses[status] = {
        description: `${ERROR_KINDS.unauthorized.title} (unauthorized): ${PROBLEM_TYPES.unauthorized.when} ${ERROR_KINDS['invalid-token'].title} (invalid-token): ${PROBLEM_TYPES['invalid-token'].when}`,
        headers: { ...commonHeaders(true), ...header('WWW-Authenticate', true) },
        content: {
          'application/problem+json': {
            schema: ref('Problem'),
            examples: Object.fromEntries((['unauthorized', 'invalid-token'] as const).map((code) => [code, { summary: ERROR_KINDS[code].title, value: problemExample(code, docsUrl) }])),
          },
        },
      };
    } else {
      statuses[status] = { $ref: `#/components/responses/${code}` };
    }
  }
  return {
    operationId: endpoint.name,
    tags: [TAG_OF[endpoint.name] ?? 'Content'],
    ...(endpoint.perCaller ? { security: BEARER_REQUIRED } : {}),
    summary: endpoint.summary,
    description: `${endpoint.description} Also answers HEAD.`,
    parameters: endpoint.query.parameters.map((parameter) => {
      const { description: _description, ...schema } = parameter.jsonSchema;
      return { name: parameter.name, in: 'query', required: parameter.required, description: parameter.description, schema };
    }),
    responses: statuses,
  };
}

function batchOperation(): Json {
  return {
    operationId: 'batch',
    tags: [TAG_OF.batch],
    summary: 'Run several reads at once',
    description: [
      `Runs 1 to ${BATCH_MAX_REQUESTS} GET requests of this API in one call and returns their answers in request order. Each item's body is exactly what the same GET returns (its success schema or a Problem), with that GET's status.`,
      `Excluded: ${[...BATCH_EXCLUDED_PATHS].join(', ')}. An item that cannot run (not GET, not under ${API_PREFIX}, excluded) gets its own 400 Problem; the others still run.`,
      'The whole batch counts as one request against the rate limit. The batch has no side effects; Idempotency-Key is accepted and echoed, and a retry is always safe.',
      `The body may be at most ${BATCH_BODY_LIMIT_BYTES / 1024} KiB.`,
    ].join('\n\n'),
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Optional; 1 to 255 visible ASCII characters; echoed back.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: ref('BatchRequest'), examples: { sampleSite: { summary: 'The request behind the response example', value: BATCH_EXAMPLE_REQUEST } } } } },
    responses: {
      '200': {
        description: 'The answers, in request order.',
        headers: { ...commonHeaders(true), ...header('Idempotency-Key'), ...header('Cache-Control') },
        content: { 'application/json': { schema: ref('BatchResponse'), ...sampleSiteExample('batch') } },
      },
      '400': { $ref: '#/components/responses/invalid-body' },
      '413': { $ref: '#/components/responses/payload-too-large' },
      '415': { $ref: '#/components/responses/unsupported-media-type' },
      '429': { $ref: '#/components/responses/rate-limited' },
      '500': { $ref: '#/components/responses/internal-error' },
    },
  };
}

function documentOperation(operationId: string, summary: string, mediaType: string, schema: Json): Json {
  return {
    operationId,
    tags: [TAG_OF[operationId] ?? 'Service'],
    summary,
    description: `${summary}. Also answers HEAD. Not available in a batch.`,
    responses: {
      '200': {
        description: summary,
        headers: { ...commonHeaders(true), ...header('ETag', true), ...header('Cache-Control', true) },
        content: { [mediaType]: { schema, ...sampleSiteExample(operationId) } },
      },
      '304': { description: 'Not modified.', headers: { ...commonHeaders(true), ...header('ETag', true) } },
      '400': { $ref: '#/components/responses/invalid-parameter' },
      '429': { $ref: '#/components/responses/rate-limited' },
      '500': { $ref: '#/components/responses/internal-error' },
    },
  };
}

function problemResponse(code: ProblemCode, docsUrl: string): Json {
  const retry = code === 'rate-limited' || code === 'unavailable';
  const headers: Json = { ...commonHeaders(code !== 'unavailable' && code !== 'internal-error'), ...(retry ? header('Retry-After', true) : {}) };
  if (code === 'method-not-allowed') Object.assign(headers, header('Allow', true));
  if (code === 'unauthorized' || code === 'invalid-token') Object.assign(headers, header('WWW-Authenticate', true));
  return {
    description: `${ERROR_KINDS[code].title} (${code}): ${PROBLEM_TYPES[code].when}`,
    headers,
    content: { 'application/problem+json': { schema: ref('Problem'), examples: { [code]: { summary: ERROR_KINDS[code].title, value: problemExample(code, docsUrl) } } } },
  };
}

/** What a Problem of this code looks like, with the guide's anchor for it as its type. */
export function problemExample(code: ProblemCode, docsUrl: string): Json {
  const kind = ERROR_KINDS[code];
  const instance = code === 'not-found' ? '/api/v1/page?url=/en/no-such-page/' : code === 'unauthorized' || code === 'invalid-token' ? '/api/v1/identity' : '/api/v1/search?q=ga4';
  return { type: `${docsUrl}#${code}`, title: kind.title, status: kind.status, detail: PROBLEM_TYPES[code].when, instance, code };
}

/** zod writes `.int()` as ±(2^53 − 1) bounds; they say nothing to a reader, so they go. */
function withoutSafeIntegerBounds(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const node = { ...(value as Json) };
      if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
      if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
      return node;
    }
    return value;
  }) as Json;
}

export function openApiYaml(document: OpenApiDocument): string {
  return dump(document, { schema: CORE_SCHEMA, noRefs: true, lineWidth: -1 });
}
