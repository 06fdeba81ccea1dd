import { randomBytes } from 'node:crypto';
import { bodyFailure } from '../web/body-failure.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../errors.js';
import type { AppContext } from '../context.js';
import { currencySentence } from '../content/pricing.js';
import { perSnapshot, snapshotOf } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import { GetAnswers, jsonAnswer, type RestAnswer } from './answers.js';
import { BATCH_BODY_LIMIT_BYTES, checkIdempotencyKey, parseBatch, runBatch } from './batch.js';
import { CursorCodec } from './cursor.js';
import { renderDocsPage } from './docs-page.js';
import { API_PREFIX, JSON_ENDPOINTS, NO_STORE, restToolContext, type RestEnv } from './endpoints.js';
import { buildOpenApi, openApiYaml } from './openapi.js';
import { agentRateLimitPolicy, rateLimit, RATE_LIMIT_POLICY, type RateLimitPolicy } from '../web/rate-limit.js';
import { authenticateBearer, bearerChallenge } from '../auth/bearer.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../auth/oauth-error.js';
import { sendRepresentation } from '../web/representation.js';
import { setHttpRoute } from '../telemetry/telemetry.js';

const BATCH_PATH = `${API_PREFIX}/batch`;
/** `res.locals` key: the request carried a token that failed verification. */
const INVALID_TOKEN = 'invalidToken';

/** Response headers a browser client may read (CORS): the rate limit, paging, caching and deprecation fields. */
export const EXPOSED_HEADERS = [
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'Link',
  'ETag',
  'Idempotency-Key',
  'Deprecation',
  'Sunset',
  'WWW-Authenticate',
].join(', ');

/**
 * `/api/v1`: a thin adapter over the tools (see endpoints.ts). This router adds only HTTP:
 * CORS, the rate limit, methods (HEAD, 405), conditional GET, the batch and problem+json.
 * Mount it at `/api/v1`; everything under that prefix is answered here, unknown paths included.
 */
export function restApi(ctx: AppContext): express.Router {
  const url = (path: string) => `${ctx.publicBaseUrl}${path}`;
  const docsUrl = url(`${API_PREFIX}/docs`);
  const endpointUrls: Record<string, string> = {};
  for (const endpoint of JSON_ENDPOINTS) if (endpoint.name !== 'root') endpointUrls[endpoint.name] = url(endpoint.path);
  Object.assign(endpointUrls, {
    batch: url(BATCH_PATH),
    openapi: url(`${API_PREFIX}/openapi.json`),
    openapiYaml: url(`${API_PREFIX}/openapi.yaml`),
    documentation: docsUrl,
  });
  if (ctx.config.cursorSecret === undefined && ctx.config.redisUrl !== undefined) {
    ctx.logger.warn('CURSOR_SECRET is not set: /api/v1/pages cursors are signed with a key of this instance only; give every instance the same CURSOR_SECRET');
  }
  // One key for the process: a cursor stays valid across a reload that changed nothing (its
  // content version is the same) and fails after one that changed the content.
  const cursorSecret = ctx.config.cursorSecret ?? randomBytes(32).toString('base64url');

  /** The answers of one snapshot, cached with it: publishing new content starts a fresh cache. */
  const answersOf = perSnapshot((content: ContentSnapshot): GetAnswers => {
    const env: RestEnv = {
      ctx,
      content,
      tools: (caller) => restToolContext(ctx, content, caller),
      cursors: new CursorCodec(cursorSecret, content.version),
      url,
      endpointUrls,
    };
    const openApi = buildOpenApi({ baseUrl: ctx.publicBaseUrl, docsUrl, serverVersion: ctx.version, company: content.site.info.company, currencySentence: currencySentence(content.site), ipQuota: ctx.config.rateLimitPerMinute });
    return new GetAnswers(
      env,
      JSON_ENDPOINTS,
      [
        { name: 'openapi', path: `${API_PREFIX}/openapi.json`, contentType: 'application/json; charset=utf-8', text: JSON.stringify(openApi) },
        { name: 'openapiYaml', path: `${API_PREFIX}/openapi.yaml`, contentType: 'application/yaml; charset=utf-8', text: openApiYaml(openApi) },
        { name: 'documentation', path: `${API_PREFIX}/docs`, contentType: 'text/html; charset=utf-8', text: renderDocsPage(openApi) },
      ],
      docsUrl,
    );
  });
  const answersFor = (req: Request) => answersOf(snapshotOf(req, ctx.content));
  const lifecycleHeaders = deprecationHeaders(ctx);

  const router = express.Router();
  router.use((req, res, next) => {
    res.set({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS, ...lifecycleHeaders });
    if (req.method !== 'OPTIONS') return next();
    const answers = answersFor(req);
    const { pathname } = splitUrl(req.originalUrl);
    const path = pathname === BATCH_PATH || pathname === `${BATCH_PATH}/` ? BATCH_PATH : answers.route(pathname);
    if (path === undefined) return send(req, res, answers.problem(notFound(pathname), pathname));
    setHttpRoute(res, path);
    res.set({
      Allow: allowed(path),
      'Access-Control-Allow-Methods': allowed(path),
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, If-None-Match',
      'Access-Control-Max-Age': '86400',
    });
    res.status(204).end();
  });
  // A bearer token is optional. A valid one selects the agent's rate limit; an invalid one is
  // counted against the address like a request without a token, then refused with 401 (never
  // served as anonymous, and never a way into a fresh bucket).
  const { urls } = ctx.auth;
  const resourceMetadata = urls.resourceMetadataUrl(urls.apiResource);
  router.use((req, res, next) => {
    // Most requests carry no token: nothing to verify, no promise to wait for.
    if (req.headers.authorization === undefined) return next();
    authenticateBearer(ctx.auth, req.headers.authorization, [urls.apiResource]).then((result) => {
      switch (result.kind) {
        case 'agent':
          req.agent = result.agent;
          res.locals[RATE_LIMIT_POLICY] = agentRateLimitPolicy(result.agent.sub, { address: req.ip }, ctx.config.rateLimitPerMinute);
          res.vary('Authorization');
          return next();
        case 'invalid':
          res.locals[INVALID_TOKEN] = true;
          return next();
        case 'unavailable': {
          const detail = 'Tokens cannot be checked right now; send the request without a token (every endpoint but identity works without one) or retry later.';
          return send(req, res, answersFor(req).problemFor('unavailable', detail, splitUrl(req.originalUrl).pathname, UNAVAILABLE_RETRY_SECONDS));
        }
        case 'none':
          return next();
      }
    }, next);
  });
  router.use(
    rateLimit(ctx, (req, res, retryAfterSeconds, policy: RateLimitPolicy) => {
      const detail = `Rate limit reached: ${policy.quota} requests per ${policy.windowSeconds} seconds (${policy.name} policy). Retry after ${retryAfterSeconds} seconds.`;
      send(req, res, answersFor(req).problemFor('rate-limited', detail, splitUrl(req.originalUrl).pathname, retryAfterSeconds));
    }),
  );
  router.use((req, res, next) => {
    if (res.locals[INVALID_TOKEN] !== true) return next();
    res.set('WWW-Authenticate', bearerChallenge(resourceMetadata, true));
    const detail = 'The access token is invalid or expired. Get a new one at the token endpoint, or send the request without a token.';
    send(req, res, answersFor(req).problemFor('invalid-token', detail, splitUrl(req.originalUrl).pathname));
  });

  router.post('/batch', batchContentType(answersFor), express.json({ limit: BATCH_BODY_LIMIT_BYTES, type: () => true }), async (req, res) => {
    const idempotencyKey = checkIdempotencyKey(req.get('Idempotency-Key'));
    const responses = await runBatch(parseBatch(req.body), answersFor(req), { agent: req.agent, clientIp: req.ip });
    if (idempotencyKey !== undefined) res.set('Idempotency-Key', idempotencyKey);
    send(req, res, jsonAnswer(200, { responses }, NO_STORE, {}));
  });

  router.use((req, res, next) => {
    const answers = answersFor(req);
    const { pathname, rawQuery } = splitUrl(req.originalUrl);
    const path = pathname === BATCH_PATH || pathname === `${BATCH_PATH}/` ? BATCH_PATH : answers.route(pathname);
    if (path === undefined) return send(req, res, answers.problem(notFound(pathname), pathname));
    setHttpRoute(res, path);
    if (path === BATCH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.set('Allow', allowed(path));
      return send(req, res, answers.problemFor('method-not-allowed', `${path} takes ${allowed(path)}; got ${req.method}.`, pathname));
    }
    answers.answer(pathname, rawQuery, { agent: req.agent, clientIp: req.ip }).then((answer) => {
      if (answer.status === 401) res.set('WWW-Authenticate', bearerChallenge(resourceMetadata, false));
      answer.served?.();
      send(req, res, answer);
    }, next);
  });

  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    send(req, res, answersFor(req).problem(bodyParserError(error) ?? error, splitUrl(req.originalUrl).pathname));
  });
  return router;
}

function allowed(path: string): string {
  return path === BATCH_PATH ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS';
}

function notFound(pathname: string): AppError {
  return new AppError('not-found', `No endpoint at ${pathname}. GET ${API_PREFIX} lists every endpoint.`);
}

/** The batch takes JSON only; anything else is a 415 before the body is read. */
function batchContentType(answersFor: (req: Request) => GetAnswers) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is(['application/json', 'application/*+json'])) return next();
    const got = req.get('Content-Type');
    send(req, res, answersFor(req).problemFor('unsupported-media-type', `The batch body must be JSON sent with Content-Type: application/json; got ${got === undefined ? 'no Content-Type' : JSON.stringify(got)}.`, BATCH_PATH));
  };
}

/** The JSON body parser's failures, as the contract's errors. */
function bodyParserError(error: unknown): AppError | undefined {
  const failure = bodyFailure(error);
  if (failure === undefined) return undefined;
  switch (failure.status) {
    case 413:
      return new AppError('payload-too-large', `The batch body is larger than ${BATCH_BODY_LIMIT_BYTES / 1024} KiB (counted after decompression); send fewer or shorter requests.`);
    case 415:
      return new AppError('unsupported-media-type', `${failure.reason} Send UTF-8 JSON, plain or gzip/deflate/br compressed.`);
    default:
      return new AppError('invalid-body', failure.kind === 'malformed' ? 'The body is not valid JSON; send {"requests": [{"path": "/api/v1/…"}]}.' : failure.reason);
  }
}

function splitUrl(originalUrl: string): { pathname: string; rawQuery: string } {
  const question = originalUrl.indexOf('?');
  return question === -1 ? { pathname: originalUrl, rawQuery: '' } : { pathname: originalUrl.slice(0, question), rawQuery: originalUrl.slice(question + 1) };
}

/** Deprecation (RFC 9745, `@<unix seconds>`) and Sunset (RFC 8594, HTTP-date), only when configured. */
function deprecationHeaders(ctx: AppContext): Record<string, string> {
  const headers: Record<string, string> = {};
  if (ctx.config.apiDeprecationDate !== undefined) headers.Deprecation = `@${Math.floor(ctx.config.apiDeprecationDate / 1000)}`;
  if (ctx.config.apiSunsetDate !== undefined) headers.Sunset = new Date(ctx.config.apiSunsetDate).toUTCString();
  return headers;
}

/** Sends an answer through the one representation helper (ETag, 304, HEAD, Content-Length). */
function send(req: Request, res: Response, answer: RestAnswer): void {
  const headers: Record<string, string> = { 'Content-Type': answer.contentType, 'Cache-Control': answer.cacheControl, ...answer.headers };
  if (answer.etag !== undefined) headers.ETag = answer.etag;
  sendRepresentation(req, res, { status: answer.status, body: answer.body, headers });
}
