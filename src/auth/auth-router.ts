import express, { type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config/load-config.js';
import { snapshotOf, type ContentHolder } from '../live/content-holder.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import type { AgentAuth } from './agent-auth.js';
import { AppError } from '../errors.js';
import { bodyFailure } from '../web/body-failure.js';
import { makeProblem, problemRepresentation, type ProblemCode } from '../web/problem.js';
import { sendRepresentation } from '../web/representation.js';
import { agentQuota, agentRateLimitPolicy, rateLimit, RATE_LIMIT_POLICY } from '../web/rate-limit.js';
import { agentRegistrationHandler, claimHandler } from './agent-registration.js';
import { authorizeHandlers } from './authorize.js';
import { bearerAuthentication, bearerChallenge } from './bearer.js';
import { clientRegistrationHandler } from './client-registration.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './discovery.js';
import { agentIdentity, sendIdentity } from './identity.js';
import { OAuthError, sendOAuthError, temporarilyUnavailable, UNAVAILABLE_RETRY_SECONDS } from './oauth-error.js';
import { SigningUnavailableError } from './signing-keys.js';
import { tokenHandler } from './token-endpoint.js';

/** `res.locals` key: the challenge for a token that was refused, answered after the rate limit. */
const REFUSED_TOKEN_CHALLENGE = 'refusedTokenChallenge';

/** Requests to these endpoints are small; anything larger is not a registration or a token request. */
const BODY_LIMIT = '32kb';

/** What the authorization server's routes need of the application. */
export interface AuthRouterContext {
  readonly config: Pick<Config, 'rateLimitPerMinute'>;
  readonly logger: Logger;
  readonly store: Store;
  readonly auth: AgentAuth;
  readonly content: ContentHolder;
  readonly publicBaseUrl: string;
}

/**
 * Every route of the authorization server and its discovery documents, plus `/agent/identity`.
 * The JSON endpoints are open to browsers of any origin (CORS `*`, no cookies), as browser-based
 * MCP clients discover, register and exchange codes from their own pages; the consent page is
 * not, it is a navigation.
 */
export function authRouter(ctx: AuthRouterContext): express.Router {
  const { auth } = ctx;
  const { urls } = auth;
  const router = express.Router();
  const company = (req: Request) => snapshotOf(req, ctx.content).site.info.company;
  const docsUrl = `${ctx.publicBaseUrl}/api/v1/docs`;

  const cors = (methods: string) => (req: Request, res: Response, next: NextFunction) => {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Retry-After');
    if (req.method === 'OPTIONS') {
      res
        .set({
          'Access-Control-Allow-Methods': methods,
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, MCP-Protocol-Version, Accept',
          'Access-Control-Max-Age': '86400',
        })
        .status(204)
        .end();
      return;
    }
    next();
  };
  const discoveryDocument = (res: Response, document: unknown) => res.set('Cache-Control', 'public, max-age=3600').json(document);

  router.use(['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server', '/.well-known/jwks.json'], cors('GET, HEAD'));
  router.get('/.well-known/oauth-protected-resource', (req, res) => {
    discoveryDocument(res, protectedResourceMetadata(urls, urls.siteResource, `${company(req)}: website, tool server and REST API`));
  });
  router.get('/.well-known/oauth-protected-resource/mcp', (req, res) => {
    discoveryDocument(res, protectedResourceMetadata(urls, urls.mcpResource, `${company(req)}: MCP tool server`));
  });
  router.get('/.well-known/oauth-protected-resource/api/v1', (req, res) => {
    discoveryDocument(res, protectedResourceMetadata(urls, urls.apiResource, `${company(req)}: REST API`));
  });
  router.get('/.well-known/oauth-authorization-server', (_req, res) => discoveryDocument(res, authorizationServerMetadata(urls)));
  router.get('/.well-known/jwks.json', async (_req, res) => {
    try {
      res.set('Cache-Control', 'public, max-age=300').type('application/jwk-set+json').send(JSON.stringify(await auth.keys.jwks()));
    } catch (error) {
      if (!(error instanceof SigningUnavailableError)) throw error;
      sendOAuthError(res, temporarilyUnavailable());
    }
  });

  const json = express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] });
  router.use(['/agent/auth', '/oauth/token', '/oauth/register'], cors('POST'));
  router.post('/agent/auth/claim', json, claimHandler(auth));
  router.post('/agent/auth', json, agentRegistrationHandler(auth));
  router.post('/oauth/register', json, clientRegistrationHandler(auth));
  router.post('/oauth/token', express.text({ limit: BODY_LIMIT, type: () => true }), tokenHandler(auth));

  const authorize = authorizeHandlers(auth, (req) => {
    const { info } = snapshotOf(req, ctx.content).site;
    return { company: info.company, defaultLanguage: info.defaultLanguage };
  });
  router.get('/oauth/authorize', authorize.show);
  router.post('/oauth/authorize', express.urlencoded({ limit: BODY_LIMIT, extended: false }), authorize.decide, authorize.unreadableAnswer);

  // The same as /api/v1/identity: the same problems, the same rate limits (a refused token is
  // counted against the address before it is answered), any access token of ours.
  router.use('/agent/identity', cors('GET, HEAD'));
  const identityMetadata = urls.resourceMetadataUrl(urls.siteResource);
  router.get(
    '/agent/identity',
    bearerAuthentication(
      auth,
      { audience: [urls.mcpResource, urls.apiResource], metadataUrl: identityMetadata },
      {
        invalid: (_req, res, challenge, next) => {
          res.locals[REFUSED_TOKEN_CHALLENGE] = challenge;
          next();
        },
        unavailable: (req, res) => sendProblem(req, res, new AppError('unavailable', 'Tokens cannot be checked right now; requests without a token keep working.', { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS }), docsUrl),
      },
    ),
    (req, res, next) => {
      if (req.agent !== undefined) res.locals[RATE_LIMIT_POLICY] = agentRateLimitPolicy(req.agent.sub, { address: req.ip }, ctx.config.rateLimitPerMinute);
      next();
    },
    rateLimit(ctx, (req, res, retryAfterSeconds, policy) => {
      const detail = `Rate limit reached: ${policy.quota} requests per ${policy.windowSeconds} seconds (${policy.name} policy). Retry after ${retryAfterSeconds} seconds.`;
      sendProblem(req, res, new AppError('rate-limited', detail, { retryAfterSeconds }), docsUrl);
    }),
    (req, res) => {
      const refused = res.locals[REFUSED_TOKEN_CHALLENGE] as string | undefined;
      if (refused !== undefined) {
        sendProblem(req, res, new AppError('invalid-token', 'The access token is invalid or expired. Get a new one at the token endpoint.'), docsUrl, refused);
        return;
      }
      if (req.agent === undefined) {
        sendProblem(req, res, new AppError('unauthorized', 'This endpoint needs a bearer token: Authorization: Bearer <access token>. Get one with POST /agent/auth/.'), docsUrl, bearerChallenge(identityMetadata, false));
        return;
      }
      sendIdentity(res, agentIdentity(req.agent, urls.siteResource, agentQuota(ctx.config.rateLimitPerMinute)));
    },
  );

  router.use(['/agent/auth', '/oauth/token', '/oauth/register'], (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof OAuthError) return sendOAuthError(res, error);
    const failure = bodyFailure(error);
    if (failure?.kind === 'malformed') return sendOAuthError(res, new OAuthError(req.originalUrl.startsWith('/oauth/register') ? 'invalid_client_metadata' : 'invalid_request', `The body is not valid JSON; send ${expectedBody(req.originalUrl)}.`));
    if (failure?.status === 413) return sendOAuthError(res, new OAuthError('invalid_request', `The body is larger than ${BODY_LIMIT}.`, undefined, 413));
    if (failure !== undefined) return sendOAuthError(res, new OAuthError('invalid_request', failure.reason, undefined, failure.status));
    ctx.logger.error({ err: error }, 'authorization endpoint failed');
    sendOAuthError(res, new OAuthError('server_error', 'Unexpected error; try again later.'));
  });
  return router;
}

function expectedBody(path: string): string {
  if (path.startsWith('/agent/auth/claim')) return '{"claim_token": "<claim_token>"}';
  if (path.startsWith('/agent/auth')) return '{"type": "anonymous"}';
  return 'a JSON object of client metadata with redirect_uris';
}

/**
 * RFC 9457 problem for `/agent/identity`, exactly as the REST API words its errors (the type
 * links to the API guide's section for the code), written by the same writer.
 */
function sendProblem(req: Request, res: Response, error: AppError, docsUrl: string, challenge?: string): void {
  if (challenge !== undefined) res.set('WWW-Authenticate', challenge);
  const problem = makeProblem(error.code as ProblemCode, error.message, req.originalUrl.split('?')[0]!, docsUrl);
  sendRepresentation(req, res, problemRepresentation(problem, error.retryAfterSeconds));
}
