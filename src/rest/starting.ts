import type http from 'node:http';
import { API_PREFIX } from './endpoints.js';
import { makeProblem, problemRepresentation } from '../web/problem.js';
import type { Health } from './schemas.js';
import { sendRepresentation } from '../web/representation.js';

/** Seconds a client is asked to wait while the content loads. */
export const STARTING_RETRY_AFTER_SECONDS = 1;

/**
 * Answers while the site data is not loaded yet (the server listens before the content is
 * read): /api/v1/health is a 503 Health body, the rest of /api/v1 a 503 `unavailable` Problem,
 * both with Retry-After. Returns false for other paths, which the caller answers itself.
 */
export function answerWhileStarting(req: http.IncomingMessage, res: http.ServerResponse, publicBaseUrl: string, version: string): boolean {
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return false;
  const headers = {
    'Retry-After': String(STARTING_RETRY_AFTER_SECONDS),
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Retry-After',
  };
  if (pathname === `${API_PREFIX}/health` || pathname === `${API_PREFIX}/health/`) {
    const health: Health = { ok: false, version, error: 'The site content is loading; retry in a moment.' };
    const body = Buffer.from(JSON.stringify(health), 'utf8');
    sendRepresentation(req, res, { status: 503, body, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
  } else {
    const problem = makeProblem('unavailable', 'The site content is loading; retry after Retry-After seconds.', pathname, `${publicBaseUrl}${API_PREFIX}/docs`);
    const answer = problemRepresentation(problem, STARTING_RETRY_AFTER_SECONDS);
    sendRepresentation(req, res, { ...answer, headers: { ...answer.headers, ...headers } });
  }
  return true;
}
