import { AppError, isAppError } from '../../errors.js';
import { NLWEB_VERSION } from './ask-answer.js';

/**
 * Errors in NLWeb's wire form: a failure answer, `{"_meta": {"response_type": "failure"},
 * "error": {"code", "message"}}`, with the HTTP status of the AppError. Codes follow the
 * protocol's examples (upper snake case: INVALID_PARAMETER) and are our AppError codes
 * spelled that way, so both name the same condition. Anything that is not an AppError is an
 * INTERNAL_ERROR whose message says nothing about the cause.
 */
export interface AskFailureBody {
  readonly _meta: { readonly response_type: 'failure'; readonly version: typeof NLWEB_VERSION };
  readonly error: { readonly code: string; readonly message: string; readonly details?: { readonly parameter: string } };
}

export function askFailure(error: unknown): { status: number; body: AskFailureBody } {
  const known = isAppError(error) ? error : new AppError('internal-error', 'The question could not be answered because of an error on our side. Try again later.');
  const details = known.field === undefined ? {} : { details: { parameter: known.field } };
  return {
    status: known.status,
    body: {
      _meta: { response_type: 'failure', version: NLWEB_VERSION },
      error: { code: known.code.toUpperCase().replaceAll('-', '_'), message: known.message, ...details },
    },
  };
}
