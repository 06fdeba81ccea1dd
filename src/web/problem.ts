import * as z from 'zod';
import { ERROR_KINDS, isAppError, type ErrorCode } from '../errors.js';
import type { Representation } from './representation.js';

/**
 * problem+json (RFC 9457): the second of the two places where errors become wire format (the
 * first is `src/mcp/tool-result.ts`), for /api/v1 and /agent/identity alike. Only the
 * contract's codes reach HTTP clients; codes that tools raise for MCP are translated to the
 * code a client of this API acts on.
 */

/** The contract's error codes, with what the API guide says about each (one section per code). */
export const PROBLEM_TYPES = {
  'invalid-parameter': {
    when: 'A query parameter (or the Idempotency-Key header) is missing or invalid, repeated, or unknown to the endpoint, for example /api/v1/search without q.',
    fix: 'Read detail: it names the parameter and the values it takes. Send each parameter at most once, and only the ones the endpoint lists.',
  },
  'invalid-body': {
    when: 'The request body is JSON but not what the endpoint takes, for example a batch with no requests or more than 10.',
    fix: 'Read detail: it names the field at fault. In a batch, an item that cannot run gets its own 400 in its place while the others still run.',
  },
  'unsupported-media-type': {
    when: 'The request body is not JSON: its Content-Type is missing or not application/json, or it uses an unknown Content-Encoding.',
    fix: 'Send the body as JSON with Content-Type: application/json.',
  },
  'payload-too-large': {
    when: 'The request body is larger than the endpoint accepts (32 KiB for the batch, counted after decompression).',
    fix: 'Send fewer or shorter requests; a batch holds at most 10.',
  },
  unauthorized: {
    when: 'The endpoint needs a bearer token and none was sent.',
    fix: 'Get an access token (see Authentication) and send it as Authorization: Bearer <token>.',
  },
  'invalid-token': {
    when: 'A bearer token was sent but is invalid or expired. The answer carries WWW-Authenticate.',
    fix: 'Get a new access token, or send the request without one (every endpoint except identity works without a token, at the lower rate limit).',
  },
  'not-found': {
    when: 'No such public page (for /api/v1/page) or no such endpoint.',
    fix: 'Find the page with /api/v1/search or /api/v1/pages and pass its url; GET /api/v1 lists every endpoint.',
  },
  'method-not-allowed': {
    when: 'The endpoint exists but does not take this HTTP method; the answer has status 405 and an Allow header listing the methods it takes.',
    fix: 'Use a method from the Allow header: GET (or HEAD) for every endpoint except the batch, which takes POST.',
  },
  'rate-limited': {
    when: 'The rate limit is used up: by default 120 requests per 60 seconds per IP address without a token, 600 per agent with one. A batch counts as one request.',
    fix: 'Wait the number of seconds in Retry-After. The RateLimit and RateLimit-Policy headers on every answer show the quota and what is left.',
  },
  unavailable: {
    when: 'The site data is temporarily unavailable, for example while the server starts. The answer carries Retry-After.',
    fix: 'Retry after the number of seconds in Retry-After.',
  },
  'internal-error': {
    when: 'Something failed unexpectedly on the server.',
    fix: 'Retry later. Every read is side-effect free, so retrying is always safe.',
  },
} as const satisfies Partial<Record<ErrorCode, { when: string; fix: string }>>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;
export const PROBLEM_CODES = Object.keys(PROBLEM_TYPES) as ProblemCode[];

/** Codes that only tools and flows raise, and the contract's code a REST client acts on instead. */
const REST_CODE: Partial<Record<ErrorCode, ProblemCode>> = {
  'invalid-argument': 'invalid-parameter',
  'quota-exceeded': 'rate-limited',
  'not-accepted': 'unavailable',
};

export const problemSchema = z
  .object({
    type: z.url().describe('Link to the section of the API guide that describes this error.'),
    title: z.string().describe('Short summary of the error type.'),
    status: z.number().int().describe('The HTTP status.'),
    detail: z.string().optional().describe('What went wrong and how to fix it.'),
    instance: z.string().optional().describe('Path of the failed request.'),
    code: z.enum(PROBLEM_CODES).describe('Machine-readable error code.'),
  })
  .describe('An error (RFC 9457 problem details).');
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Where the API guide describes `code`. */
export function problemTypeUrl(docsUrl: string, code: ProblemCode): string {
  return `${docsUrl}#${code}`;
}

export interface ProblemAnswer {
  readonly status: number;
  readonly problem: Problem;
  /** Seconds for Retry-After (429, 503). */
  readonly retryAfterSeconds: number | undefined;
}

/**
 * The problem for `error` at `instance`. An AppError's message is meant for clients and is shown
 * as `detail`; anything else is an internal error whose message (which may name files or hosts)
 * is never shown.
 */
export function toProblem(error: unknown, instance: string, docsUrl: string): ProblemAnswer {
  if (isAppError(error)) {
    const code: ProblemCode = error.code in PROBLEM_TYPES ? (error.code as ProblemCode) : (REST_CODE[error.code] ?? 'internal-error');
    if (code === 'internal-error') return internalError(instance, docsUrl);
    return { status: ERROR_KINDS[code].status, problem: makeProblem(code, error.message, instance, docsUrl), retryAfterSeconds: error.retryAfterSeconds };
  }
  return internalError(instance, docsUrl);
}

export function makeProblem(code: ProblemCode, detail: string, instance: string, docsUrl: string): Problem {
  const kind = ERROR_KINDS[code];
  return { type: problemTypeUrl(docsUrl, code), title: kind.title, status: kind.status, detail, instance, code };
}

function internalError(instance: string, docsUrl: string): ProblemAnswer {
  return {
    status: 500,
    problem: makeProblem('internal-error', 'The server failed unexpectedly. Retry later; every read is safe to retry.', instance, docsUrl),
    retryAfterSeconds: undefined,
  };
}

/**
 * The one problem+json writer: the bytes and headers of a problem answer. Never cached; Retry-After
 * when the client should come back (429, 503). Send it with `sendRepresentation`.
 */
export function problemRepresentation(problem: Problem, retryAfterSeconds?: number): Representation & { readonly status: number } {
  const headers: Record<string, string> = { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store' };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  return { status: problem.status, body: Buffer.from(JSON.stringify(problem), 'utf8'), headers };
}
