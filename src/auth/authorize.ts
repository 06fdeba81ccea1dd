import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { bodyFailure } from '../web/body-failure.js';
import { StoreUnavailableError } from '../store/store.js';
import type { AgentAuth } from './agent-auth.js';
import { renderConsentPage, renderErrorPage, type ConsentFailure, type Page } from './consent-page.js';
import { consentLanguage, type ConsentLanguage } from './consent-texts.js';
import { enforceEndpointLimit } from './endpoint-limits.js';
import { clientHash, readClientId, type OAuthClient } from './oauth-client.js';
import { OAuthError } from './oauth-error.js';
import { isS256Challenge } from './pkce.js';
import { redirectUriMatches } from './redirect-uri.js';
import { grantedScope } from './scope.js';
import { TOKEN_KINDS } from './token-kinds.js';

/**
 * The authorization endpoint: one confirmation screen, no login (there are no accounts).
 *
 * - Until the client and its redirect URI are known good, every problem is an error page and
 *   never a redirect (RFC 6749 §4.1.2.1, no open redirector). The redirect URI must match a
 *   registered one exactly (RFC 8252 §7.3's port exception for loopback IPs aside).
 * - After that, problems go back to the client as `error`, with `state` and `iss` (RFC 9207).
 * - The page cannot be framed, is never cached, and its form is protected against CSRF by a
 *   signed double-submit: the form carries a signed copy of the validated request that names the
 *   hash of a random cookie set with the page; the POST needs both, from our own origin, once.
 */
/** What the consent page says about the site, read from the request's content. */
export interface ConsentSite {
  readonly company: string;
  readonly defaultLanguage: string;
}

/** `site` names the site on the consent page and gives its default language. */
export function authorizeHandlers(auth: AgentAuth, site: (req: Request) => ConsentSite) {
  const cookieName = new URL(auth.urls.issuer).protocol === 'https:' ? '__Host-oauth_consent' : 'oauth_consent';
  const secure = cookieName.startsWith('__Host-');

  /** The language of our pages for this request: `ui_locales` when given, else the browser's, else the site's. */
  function pageLanguage(req: Request, uiLocales?: string): ConsentLanguage {
    // Without an Accept-Language header, Express would "accept" the first language offered.
    const accepts = (languages: string[]) => (req.headers['accept-language'] === undefined ? false : req.acceptsLanguages(languages));
    return consentLanguage(uiLocales, accepts, site(req).defaultLanguage);
  }

  async function show(req: Request, res: Response): Promise<void> {
    try {
      await enforceEndpointLimit(auth, 'authorize', req.ip);
    } catch (error) {
      if (error instanceof OAuthError) return sendPage(res, error.status, renderErrorPage(pageLanguage(req), 'tooMany'), undefined, error.retryAfterSeconds);
      throw error;
    }
    const params = singleParams(new URL(req.originalUrl, auth.urls.issuer).searchParams);
    if (params === undefined) return errorPage(res, pageLanguage(req), 400, 'repeated');
    const lang = pageLanguage(req, params.get('ui_locales'));

    const clientId = params.get('client_id');
    if (clientId === undefined) return errorPage(res, lang, 400, 'noClientId');
    let client: OAuthClient;
    try {
      client = await readClientId(auth, clientId, new OAuthError('invalid_request', 'unknown client'));
    } catch (error) {
      if (error instanceof OAuthError && error.code === 'temporarily_unavailable') return unavailablePage(res, lang, error);
      return errorPage(res, lang, 400, 'unknownClient');
    }
    const requested = params.get('redirect_uri');
    const redirectUri =
      requested === undefined
        ? client.redirectUris.length === 1
          ? client.redirectUris[0]
          : undefined
        : client.redirectUris.some((registered) => redirectUriMatches(registered, requested))
          ? requested
          : undefined;
    if (redirectUri === undefined) {
      return errorPage(res, lang, 400, requested === undefined ? 'noRedirect' : 'redirectMismatch');
    }

    // From here on the client and the redirect URI are trusted: errors go back to the client.
    const state = params.get('state');
    const back = (code: string, description: string) => redirectTo(res, redirectUri, { error: code, error_description: description, state, iss: auth.urls.issuer });
    if (params.get('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be "code".');
    const challenge = params.get('code_challenge');
    if (challenge === undefined) return back('invalid_request', 'code_challenge is required (PKCE with S256).');
    if (params.get('code_challenge_method') !== 'S256') return back('invalid_request', 'code_challenge_method must be "S256".');
    if (!isS256Challenge(challenge)) return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).');
    let scope: string;
    try {
      scope = grantedScope(params.get('scope'));
    } catch (error) {
      return back('invalid_scope', (error as OAuthError).description);
    }
    const resource = params.get('resource');
    if (resource !== undefined && auth.urls.knownResource(resource) === undefined) {
      return back('invalid_target', `resource must be ${auth.urls.mcpResource} or ${auth.urls.apiResource}.`);
    }

    const nonce = readCookie(req, cookieName) ?? randomBytes(24).toString('base64url');
    let consent;
    try {
      consent = await auth.sign('consent', {
        client_hash: clientHash(client.clientId),
        redirect_uri: redirectUri,
        code_challenge: challenge,
        scope,
        ...(state === undefined ? {} : { state }),
        ...(resource === undefined ? {} : { resource }),
        csrf: sha256(nonce),
      });
    } catch (error) {
      if (error instanceof OAuthError) return unavailablePage(res, lang, error);
      throw error;
    }
    res.cookie(cookieName, nonce, { httpOnly: true, secure, sameSite: 'strict', path: '/', maxAge: TOKEN_KINDS.consent.lifetimeSeconds * 1000 });
    const { company } = site(req);
    const page = renderConsentPage({ lang, company, clientName: client.name, redirectUri, consentToken: consent.token, formAction: auth.urls.authorizationEndpoint });
    sendPage(res, 200, page, formTarget(redirectUri));
  }

  async function decide(req: Request, res: Response): Promise<void> {
    const lang = pageLanguage(req);
    if (!fromOurOrigin(req, auth.urls.issuer)) return errorPage(res, lang, 403, 'foreignOrigin');
    const fields = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const token = fields.consent;
    const decision = fields.decision;
    if (typeof token !== 'string' || (decision !== 'approve' && decision !== 'deny')) return errorPage(res, lang, 400, 'incomplete');
    let claims;
    try {
      claims = await auth.verifyOr('consent', token, new OAuthError('invalid_request', 'expired'));
    } catch (error) {
      if (error instanceof OAuthError && error.code === 'temporarily_unavailable') return unavailablePage(res, lang, error);
      return errorPage(res, lang, 400, 'expired');
    }
    const nonce = readCookie(req, cookieName);
    if (nonce === undefined || sha256(nonce) !== claims.csrf) return errorPage(res, lang, 403, 'noCookie');
    try {
      if (!(await auth.store.setIfAbsent(`oauth:consent-used:${String(claims.jti)}`, '1', TOKEN_KINDS.consent.lifetimeSeconds * 2000))) {
        return errorPage(res, lang, 400, 'answered');
      }
    } catch (error) {
      if (error instanceof StoreUnavailableError) return unavailablePage(res, lang, new OAuthError('temporarily_unavailable', 'Authorization is temporarily unavailable.', 60));
      throw error;
    }

    const redirectUri = String(claims.redirect_uri);
    const state = typeof claims.state === 'string' ? claims.state : undefined;
    if (decision === 'deny') {
      return redirectTo(res, redirectUri, { error: 'access_denied', error_description: 'The person denied the request.', state, iss: auth.urls.issuer });
    }
    const sub = auth.newRegistrationId();
    let code;
    try {
      code = await auth.sign('authorizationCode', {
        sub,
        client_hash: claims.client_hash,
        redirect_uri: redirectUri,
        code_challenge: claims.code_challenge,
        scope: claims.scope,
        ...(typeof claims.resource === 'string' ? { resource: claims.resource } : {}),
      });
    } catch (error) {
      if (error instanceof OAuthError) return unavailablePage(res, lang, error);
      throw error;
    }
    auth.logger.info({ registrationId: sub }, 'authorization approved');
    redirectTo(res, redirectUri, { code: code.token, state, iss: auth.urls.issuer });
  }

  /** An answer whose body cannot be read (too large, too many fields, not decodable) gets the error page. */
  function unreadableAnswer(error: unknown, req: Request, res: Response, next: NextFunction): void {
    const failure = bodyFailure(error);
    if (failure === undefined || res.headersSent) return next(error);
    errorPage(res, pageLanguage(req), failure.status, 'unreadable', failure.kind);
  }

  return { show, decide, unreadableAnswer };
}

function errorPage(res: Response, lang: ConsentLanguage, status: number, reason: ConsentFailure, detail?: string): void {
  sendPage(res, status, renderErrorPage(lang, reason, detail));
}

function unavailablePage(res: Response, lang: ConsentLanguage, error: OAuthError): void {
  sendPage(res, error.status, renderErrorPage(lang, 'unavailable'), undefined, error.retryAfterSeconds);
}

function sendPage(res: Response, status: number, page: Page, formTargetSource?: string, retryAfterSeconds?: number): void {
  const formAction = ["'self'", ...(formTargetSource === undefined ? [] : [formTargetSource])].join(' ');
  res.status(status).set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src ${page.styleSource}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    ...(retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) }),
  });
  res.send(page.html);
}

/** 303 to the client's redirect URI with the given parameters added (RFC 9700 §4.12: never 307). */
function redirectTo(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  res.status(303).set({ Location: url.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).end();
}

/**
 * The CSP `form-action` source for where the approval redirects: browsers check the redirect
 * after a form POST against it.
 */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : url.protocol;
}

/** Each parameter once (RFC 6749 §3.1), or undefined when one repeats; empty values count as absent. */
function singleParams(search: URLSearchParams): Map<string, string> | undefined {
  const params = new Map<string, string>();
  for (const [name, value] of search) {
    if (params.has(name)) return undefined;
    params.set(name, value);
  }
  for (const [name, value] of params) if (value === '') params.delete(name);
  return params;
}

/**
 * A browser's POST from our page says same-origin in Sec-Fetch-Site and carries our origin, or
 * `Origin: null`, which browsers send because the page's referrer policy is no-referrer. Any
 * other origin is another site. Clients without these headers are not browsers, which CSRF
 * cannot ride on; the cookie check still applies to them.
 */
function fromOurOrigin(req: Request, issuer: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined || origin === 'null' || origin === issuer) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
