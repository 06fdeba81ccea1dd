import * as z from 'zod';
import { isUnsafeTextIssue } from '../text/plain-text.js';
import { AppError } from '../errors.js';
import { bodyJson, normalizePath, type GetAnswers, type RestAnswer } from './answers.js';
import { API_PREFIX, type RestCaller } from './endpoints.js';
import { batchRequestSchema, type BatchRequest } from './schemas.js';

/** Largest batch body accepted: ten requests with long queries fit many times over. */
export const BATCH_BODY_LIMIT_BYTES = 32 * 1024;

/** Paths a batch never runs: the batch itself, the identity endpoint (it depends on the caller's token) and the API documents. */
export const BATCH_EXCLUDED_PATHS: ReadonlySet<string> = new Set([
  `${API_PREFIX}/batch`,
  `${API_PREFIX}/identity`,
  `${API_PREFIX}/openapi.json`,
  `${API_PREFIX}/openapi.yaml`,
  `${API_PREFIX}/docs`,
]);

/** Visible ASCII, 1 to 255 characters (the contract's Idempotency-Key). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function checkIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new AppError('invalid-parameter', 'Header "Idempotency-Key" must be 1 to 255 visible ASCII characters (no spaces or control characters), sent once.', { field: 'Idempotency-Key' });
  }
  return value;
}

/** The validated batch, or `invalid-body` naming the field at fault. */
export function parseBatch(body: unknown): BatchRequest {
  const result = batchRequestSchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new AppError('invalid-body', `Invalid batch: ${describeIssue(issue)}. The body is {"requests": [{"path": "/api/v1/…", "id": …}], with 1 to 10 requests.`, {
    field: issue.path.join('.'),
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`), '');
  if (issue.code === 'unrecognized_keys') return `${where === '' ? 'the body' : where} has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && where === '') return 'the body must be a JSON object';
  // A string-or-number field (id) whose string breaks the text rule: say that, not "invalid input".
  const unsafe = issue.code === 'invalid_union' ? issue.errors.flat().find(isUnsafeTextIssue) : undefined;
  if (unsafe !== undefined) return `${where}: ${unsafe.message}`;
  return `${where === '' ? 'the body' : where}: ${issue.message}`;
}

export interface BatchItemResult {
  readonly id: string | number;
  readonly status: number;
  readonly body: unknown;
}

/**
 * Runs every item as the same GET would run, in process. An item that cannot run (not GET, not
 * under /api/v1, or an excluded endpoint) gets its own 400 Problem; the others still run.
 */
export async function runBatch(batch: BatchRequest, answers: GetAnswers, caller: RestCaller = {}): Promise<BatchItemResult[]> {
  return Promise.all(
    batch.requests.map(async (item, position) => {
      const answer = await runItem(item, position, answers, caller);
      return { id: item.id ?? position, status: answer.status, body: bodyJson(answer) };
    }),
  );
}

function runItem(item: BatchRequest['requests'][number], position: number, answers: GetAnswers, caller: RestCaller): Promise<RestAnswer> | RestAnswer {
  const question = item.path.indexOf('?');
  const pathname = question === -1 ? item.path : item.path.slice(0, question);
  const rawQuery = question === -1 ? '' : item.path.slice(question + 1);
  const refuse = (detail: string) => answers.problem(new AppError('invalid-body', `requests[${position}]: ${detail}`, { field: `requests.${position}` }), pathname);
  if (item.method !== 'GET') return refuse(`method must be GET (a batch only reads); got ${JSON.stringify(item.method)}.`);
  if (!pathname.startsWith(API_PREFIX)) return refuse(`path must start with ${API_PREFIX}; got ${JSON.stringify(pathname.slice(0, 100))}.`);
  const route = answers.route(pathname) ?? normalizePath(pathname);
  if (BATCH_EXCLUDED_PATHS.has(route)) return refuse(`${route} cannot be batched (the batch, identity and the API documents are excluded); request it on its own.`);
  return answers.answer(pathname, rawQuery, caller);
}
