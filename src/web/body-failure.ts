/**
 * Why a request body could not be read, as the body parsers (body-parser, raw-body) report it.
 * Every such failure is the client's: its status is 400, 413 or 415, never 500, and each
 * endpoint answers it in its own error format. Recognised by the parsers' `status` and `type`
 * rather than by a list of types, because some failures carry no type at all (a body that is
 * not gzip though Content-Encoding says so is a bare zlib error with status 400).
 */
export interface BodyFailure {
  readonly status: 400 | 413 | 415;
  readonly kind: 'too-large' | 'too-many-parameters' | 'unsupported-encoding' | 'unsupported-charset' | 'malformed' | 'undecodable' | 'incomplete';
  /** For people: what is wrong with the body, as a sentence without the fix. */
  readonly reason: string;
}

interface ParserError {
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly expose?: unknown;
  readonly type?: unknown;
  readonly limit?: unknown;
  readonly charset?: unknown;
}

/** The failure if `error` came from reading the request body; undefined for any other error. */
export function bodyFailure(error: unknown): BodyFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const parser = error as ParserError;
  const status = parser.status ?? parser.statusCode;
  // http-errors marks client errors as safe to expose; anything else is ours.
  if (parser.expose !== true || typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const limit = typeof parser.limit === 'number' ? ` of ${formatBytes(parser.limit)}` : '';
  switch (parser.type) {
    case 'entity.too.large':
      return { status: 413, kind: 'too-large', reason: `The request body is larger than the limit${limit} (counted after decompression).` };
    case 'parameters.too.many':
      return { status: 413, kind: 'too-many-parameters', reason: 'The form has too many parameters.' };
    case 'encoding.unsupported':
      return { status: 415, kind: 'unsupported-encoding', reason: 'The Content-Encoding is not supported (use gzip, deflate or br, or none).' };
    case 'charset.unsupported':
      return { status: 415, kind: 'unsupported-charset', reason: `The charset${typeof parser.charset === 'string' ? ` ${parser.charset}` : ''} is not supported (use UTF-8).` };
    case 'entity.parse.failed':
    case 'querystring.parse.rangeError':
      return { status: 400, kind: 'malformed', reason: 'The request body could not be parsed.' };
    case 'request.aborted':
    case 'request.size.invalid':
      return { status: 400, kind: 'incomplete', reason: 'The request body ended before its announced length.' };
    default:
      if (status === 413) return { status: 413, kind: 'too-large', reason: `The request body is larger than the limit${limit}.` };
      if (status === 415) return { status: 415, kind: 'unsupported-encoding', reason: 'The body\'s encoding or charset is not supported.' };
      return { status: 400, kind: 'undecodable', reason: 'The request body could not be decoded (is it really compressed as its Content-Encoding says?).' };
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KiB` : `${bytes} bytes`;
}
