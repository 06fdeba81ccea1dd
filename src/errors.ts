/**
 * Errors that reach a client. Each carries a stable `code` and an HTTP `status`; they become wire
 * format in exactly two places: MCP tool results (`src/mcp/tool-result.ts`) and REST
 * problem+json (`src/web/problem.ts`), plus NLWeb's failure answers on /ask
 * (`src/agent-site/ask/ask-failure.ts`), which that protocol defines. Anything that is not an
 * AppError is an internal error and is reported as `internal-error` without its message, which
 * may name files or hosts.
 */

/** The contract's REST codes first, then the codes only tools and flows produce. */
export const ERROR_KINDS = {
  'invalid-parameter': { status: 400, title: 'Invalid parameter' },
  'invalid-body': { status: 400, title: 'Invalid request body' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  'invalid-token': { status: 401, title: 'Invalid token' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  unavailable: { status: 503, title: 'Service unavailable' },
  'internal-error': { status: 500, title: 'Internal error' },
  'invalid-argument': { status: 400, title: 'Invalid tool argument' },
  'quota-exceeded': { status: 429, title: 'Quota exceeded' },
  'not-accepted': { status: 503, title: 'Not accepted' },
  'remote-unreachable': { status: 502, title: 'Remote server unreachable' },
  'in-progress': { status: 409, title: 'Already in progress' },
  'target-not-allowed': { status: 400, title: 'Target not allowed' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_KINDS;

export interface AppErrorOptions {
  /** The argument, query parameter or body field at fault, when there is one. */
  field?: string;
  /** Seconds after which retrying can succeed (429, 503). */
  retryAfterSeconds?: number;
  /** Extra members for the wire form (kept small and safe to show). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly extra: Record<string, unknown> | undefined;

  /** `message` is shown to clients as is: say what went wrong and how to fix it. */
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = ERROR_KINDS[code].status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }

  get title(): string {
    return ERROR_KINDS[this.code].title;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
