import { performance } from 'node:perf_hooks';
import pLimit, { type LimitFunction } from 'p-limit';
import { fetch, type Agent } from 'undici';
import { BLOCKED_ADDRESS_CODE, createGuardedAgent, LOOKUP_TIMEOUT_CODE } from './guarded-agent.js';
import type { HostResolver } from './resolver.js';
import { requestDeadline } from './request-deadline.js';
import { checkTargetUrl, TargetRefusal, type RefusalReason, type TargetRules } from './target.js';

/** The fetcher's limits; defaults in scan-settings.ts, recorded in docs/scans.md. */
export interface FetchSettings {
  /** Sent on every request, and nothing else identifies us: no cookies, no credentials. */
  readonly userAgent: string;
  readonly connectTimeoutMs: number;
  /** Total time for one request, redirects included, from the first byte sent to the last byte read. */
  readonly requestTimeoutMs: number;
  /** Body bytes kept after decompression; the rest is cut off and the response marked truncated. */
  readonly maxBodyBytes: number;
  readonly maxRedirects: number;
  /** Requests in flight at once, per scan. */
  readonly concurrency: number;
  /** Requests per scan, every redirect hop counted. */
  readonly requestBudget: number;
  /** An extra CA certificate (PEM) to trust besides the system's; only tests set it, for https fixture sites. */
  readonly trustedCa?: string;
}

export interface FetchOptions {
  /** The Accept header; HTML by default. */
  readonly accept?: string;
  /** false: return a redirect response as it is (used to see whether http:// redirects to https://). */
  readonly followRedirects?: boolean;
  /** Validators from an earlier fetch: the site may answer 304 Not Modified, with no body. */
  readonly conditional?: { readonly etag?: string; readonly lastModified?: string };
  /** Keep the body's bytes (any media type, e.g. a gzip sitemap) and leave decoding to the caller. */
  readonly raw?: boolean;
  /**
   * The caller's say on each redirect hop, asked after the target rules and before the hop is
   * requested: a reason (plain words) vetoes the hop, which is then never requested and the fetch
   * fails with `redirect-refused` carrying that reason; undefined lets it through.
   */
  readonly beforeRedirect?: (target: URL) => string | undefined;
  /**
   * Read the body as a stream instead of keeping it: the chunks (after Content-Encoding, at most
   * `maxBytes` of them) are handed to `consume`, which may stop early by returning. The response
   * then has no body; `truncated` says the cap cut it. `consume` must not throw for its own
   * reasons: what it throws is taken for a failure of the stream (a deadline, a reset).
   */
  readonly consume?: (chunks: AsyncIterable<Uint8Array>, head: ResponseHead) => Promise<void>;
  /** This request's own body cap, instead of the settings' `maxBodyBytes`. */
  readonly maxBytes?: number;
  /** Ends this request early besides the job's signal and the request deadline (e.g. a time limit of the caller's own); the failure is then 'request-timeout'. */
  readonly signal?: AbortSignal;
}

/** What a streamed body's reader knows before the first chunk. */
export interface ResponseHead {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
}

export interface RedirectHop {
  readonly url: string;
  readonly status: number;
  readonly location: string;
}

export interface FetchedResponse {
  readonly requestedUrl: string;
  readonly finalUrl: string;
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The media type without parameters, lower case ('' when absent). */
  readonly mediaType: string;
  /** The decoded body, '' when the content type is not text (images, archives: never read). */
  readonly body: string;
  /** The body's bytes, only when the request asked for them (`raw`). */
  readonly bytes?: Uint8Array;
  /** Decompressed bytes read (at most maxBodyBytes). */
  readonly bodyBytes: number;
  readonly truncated: boolean;
  readonly bodySkipped: boolean;
  readonly redirects: readonly RedirectHop[];
  /** Time to the final response's headers, and to its last byte read. */
  readonly ttfbMs: number;
  readonly totalMs: number;
}

export type FailureKind = 'refused' | 'timeout' | 'unreachable' | 'too-many-redirects' | 'budget';

/**
 * Why a request produced no response, as a stable code. The network layer never words a
 * failure for people: each caller (a scan, an import) words the codes for its own users.
 */
export type FailureReason =
  /** The URL broke a target rule (scheme, port, host); `refusal` says which. */
  | 'target-refused'
  /** The connection would have gone to an address the policy refuses. */
  | 'blocked-address'
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'invalid-redirect'
  /** The caller vetoed a redirect hop before it was requested (`beforeRedirect`); `veto` says why. */
  | 'redirect-refused'
  /** The job's request budget was used up. */
  | 'budget'
  /** The request's own deadline passed. */
  | 'request-timeout'
  /** The job as a whole was aborted (its deadline, or shutdown). */
  | 'job-aborted'
  | 'connect-timeout'
  | 'response-stalled'
  | 'dns-not-found'
  | 'tls'
  /** Refused, reset, unreachable network: details (addresses, ports) are never passed on. */
  | 'connection-failed';

/** A request that produced no response. Nothing in it names an internal address. */
export interface FetchFailure {
  readonly kind: FailureKind;
  readonly reason: FailureReason;
  /** For 'target-refused': which rule, and the rule's own safe explanation. */
  readonly refusal?: { readonly reason: RefusalReason; readonly message: string };
  /** For 'tls': the TLS error code (CERT_HAS_EXPIRED...). */
  readonly tlsCode?: string;
  /** For 'request-timeout': the request's deadline. */
  readonly timeoutMs?: number;
  readonly redirects: readonly RedirectHop[];
  /** For 'redirect-refused': the caller's reason (see `FetchOptions.beforeRedirect`). */
  readonly veto?: string;
}

export type FetchOutcome = { readonly ok: true; readonly response: FetchedResponse } | { readonly ok: false; readonly failure: FetchFailure };

/**
 * Set here rather than left to undici's defaults, so that what a site receives is decided by us
 * and listed in docs/scans.md ("Every request carries exactly these headers"). undici's fetch
 * adds only `Sec-Fetch-Mode: cors` besides, which the Fetch standard requires.
 */
const FIXED_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': '*' } as const;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|[\w.+-]+\+(xml|json)|javascript|x-javascript|manifest\+json)$)/;

/**
 * The only way a scan reaches the network. Every request and every redirect hop is checked
 * against the target rules (scheme, port, host) and goes through the guarded agent (the
 * address actually connected to). Redirects are followed by hand, at most `maxRedirects`.
 * Only the headers listed in docs/scans.md are sent (no cookies, no credentials). Failures come back as
 * values, never thrown, so that a check can say "not verified: the request timed out".
 */
export class Fetcher {
  readonly #agent: Agent;
  readonly #limit: LimitFunction;
  #requests = 0;

  constructor(
    private readonly settings: FetchSettings,
    private readonly rules: TargetRules,
    resolver: HostResolver,
    /** Aborted when the job as a whole (a scan, an import) runs out of time or is stopped. */
    private readonly jobSignal: AbortSignal,
    /** Called after each request (each hop), for progress reports. */
    private readonly onRequest: () => void = () => {},
  ) {
    this.#agent = createGuardedAgent({
      policy: rules,
      resolver,
      connectTimeoutMs: settings.connectTimeoutMs,
      // A backstop only: the request deadline (an AbortSignal) is what ends a slow request.
      responseTimeoutMs: settings.requestTimeoutMs + 1_000,
      ...(settings.trustedCa === undefined ? {} : { trustedCa: settings.trustedCa }),
    });
    this.#limit = pLimit(settings.concurrency);
  }

  /** Requests made so far (each redirect hop counts). */
  get requestCount(): number {
    return this.#requests;
  }

  fetch(url: string | URL, options: FetchOptions = {}): Promise<FetchOutcome> {
    return this.#limit(() => this.#fetchFollowing(String(url), options));
  }

  /** Closes every connection at once (a tarpit must not keep a socket after the scan). */
  async close(): Promise<void> {
    await this.#agent.destroy();
  }

  async #fetchFollowing(requestedUrl: string, options: FetchOptions): Promise<FetchOutcome> {
    const deadline = requestDeadline(this.jobSignal, this.settings.requestTimeoutMs, options.signal);
    try {
      return await this.#follow(requestedUrl, options, deadline.signal);
    } finally {
      deadline.dispose();
    }
  }

  async #follow(requestedUrl: string, options: FetchOptions, signal: AbortSignal): Promise<FetchOutcome> {
    const redirects: RedirectHop[] = [];
    const seen = new Set<string>();
    let current = requestedUrl;
    for (;;) {
      let url: URL;
      try {
        url = checkTargetUrl(current, this.rules);
      } catch (error) {
        const refusal = error instanceof TargetRefusal ? { reason: error.reason, message: error.message } : { reason: 'invalid-url' as const, message: 'the address is not a valid URL' };
        return { ok: false, failure: { kind: 'refused', reason: 'target-refused', refusal, redirects: [...redirects] } };
      }
      if (seen.has(url.href)) return failed('too-many-redirects', 'redirect-loop', redirects);
      seen.add(url.href);
      const veto = redirects.length > 0 ? options.beforeRedirect?.(url) : undefined;
      if (veto !== undefined) return { ok: false, failure: { kind: 'refused', reason: 'redirect-refused', veto, redirects: [...redirects] } };
      if (this.#requests >= this.settings.requestBudget) return failed('budget', 'budget', redirects);
      this.#requests += 1;

      const hop = await this.#fetchOnce(url, options, signal, redirects, requestedUrl);
      this.onRequest();
      if ('failure' in hop) return hop;
      if (!('redirect' in hop)) return hop;
      redirects.push(hop.redirect);
      if (options.followRedirects === false) {
        return { ok: true, response: { ...hop.response, redirects: [...redirects] } };
      }
      if (redirects.length > this.settings.maxRedirects) {
        return failed('too-many-redirects', 'too-many-redirects', redirects);
      }
      current = hop.redirect.location;
    }
  }

  async #fetchOnce(
    url: URL,
    options: FetchOptions,
    signal: AbortSignal,
    redirects: readonly RedirectHop[],
    requestedUrl: string,
  ): Promise<FetchOutcome | { redirect: RedirectHop; response: FetchedResponse }> {
    const started = performance.now();
    let response;
    try {
      response = await fetch(url, {
        method: 'GET',
        redirect: 'manual',
        dispatcher: this.#agent,
        signal,
        headers: requestHeaders(this.settings.userAgent, options),
      });
    } catch (error) {
      return this.#failure(error, signal, redirects);
    }
    const ttfbMs = performance.now() - started;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const mediaType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const location = headers.location;
    if (REDIRECT_STATUSES.has(response.status) && location !== undefined) {
      await response.body?.cancel().catch(() => {});
      let next: string;
      try {
        next = new URL(location, url).href;
      } catch {
        return failed('unreachable', 'invalid-redirect', redirects);
      }
      const redirect = { url: url.href, status: response.status, location: next };
      const elapsed = performance.now() - started;
      return {
        redirect,
        response: {
          requestedUrl, finalUrl: url.href, status: response.status, headers, mediaType, body: '', bodyBytes: 0,
          truncated: false, bodySkipped: true, redirects: [], ttfbMs, totalMs: elapsed,
        },
      };
    }

    const readable = options.raw === true || mediaType === '' || TEXT_TYPES.test(mediaType);
    let body = '';
    let bytes: Uint8Array | undefined;
    let bodyBytes = 0;
    let truncated = false;
    const limit = options.maxBytes ?? this.settings.maxBodyBytes;
    if (readable && response.body && options.consume !== undefined) {
      const counted = { bytes: 0, truncated: false };
      try {
        await options.consume(cappedChunks(response.body, limit, counted), { status: response.status, headers });
      } catch (error) {
        return this.#failure(error, signal, redirects);
      } finally {
        await response.body.cancel().catch(() => {});
      }
      bodyBytes = counted.bytes;
      truncated = counted.truncated;
    } else if (readable && response.body) {
      try {
        const read = await readCapped(response.body, limit);
        bodyBytes = read.bytes.byteLength;
        truncated = read.truncated;
        if (options.raw === true) bytes = read.bytes;
        else body = decode(read.bytes, headers['content-type']);
      } catch (error) {
        return this.#failure(error, signal, redirects);
      }
    } else {
      await response.body?.cancel().catch(() => {});
    }
    return {
      ok: true,
      response: {
        requestedUrl,
        finalUrl: url.href,
        status: response.status,
        headers,
        mediaType,
        body,
        ...(bytes === undefined ? {} : { bytes }),
        bodyBytes,
        truncated,
        bodySkipped: !readable,
        redirects: [...redirects],
        ttfbMs,
        totalMs: performance.now() - started,
      },
    };
  }

  #failure(error: unknown, signal: AbortSignal, redirects: readonly RedirectHop[]): FetchOutcome {
    if (signal.aborted) {
      if (this.jobSignal.aborted) return failed('timeout', 'job-aborted', redirects);
      return { ok: false, failure: { kind: 'timeout', reason: 'request-timeout', timeoutMs: this.settings.requestTimeoutMs, redirects: [...redirects] } };
    }
    const codes = errorCodes(error);
    if (codes.includes(BLOCKED_ADDRESS_CODE)) return failed('refused', 'blocked-address', redirects);
    if (codes.includes(LOOKUP_TIMEOUT_CODE) || codes.includes('UND_ERR_CONNECT_TIMEOUT')) return failed('timeout', 'connect-timeout', redirects);
    if (codes.includes('UND_ERR_HEADERS_TIMEOUT') || codes.includes('UND_ERR_BODY_TIMEOUT')) return failed('timeout', 'response-stalled', redirects);
    if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return failed('unreachable', 'dns-not-found', redirects);
    const tls = codes.find((code) => /^(CERT_|ERR_TLS_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|HOSTNAME_MISMATCH|ERR_SSL_)/.test(code));
    if (tls !== undefined) return { ok: false, failure: { kind: 'unreachable', reason: 'tls', tlsCode: tls, redirects: [...redirects] } };
    return failed('unreachable', 'connection-failed', redirects);
  }
}

/** Our fixed User-Agent, the Accept header, and validators when re-fetching: nothing else (no cookies, no credentials). */
function requestHeaders(userAgent: string, options: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', ...FIXED_HEADERS };
  if (options.conditional?.etag !== undefined) headers['if-none-match'] = options.conditional.etag;
  if (options.conditional?.lastModified !== undefined) headers['if-modified-since'] = options.conditional.lastModified;
  return headers;
}

function failed(kind: FailureKind, reason: FailureReason, redirects: readonly RedirectHop[]): FetchOutcome {
  return { ok: false, failure: { kind, reason, redirects: [...redirects] } };
}

/** Every `code` along an error's cause chain (undici wraps the socket error in "fetch failed"). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = current.cause;
  }
  return codes;
}

/** Reads a (decompressed) body stream up to `limit` bytes, then cancels it. */
async function readCapped(stream: ReadableStream<Uint8Array>, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - total;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      total += room;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return { bytes: Buffer.concat(chunks, total), truncated };
}

/** The chunks of a (decompressed) body stream up to `limit` bytes; the stream is cancelled when the reader stops or the cap is reached. */
async function* cappedChunks(stream: ReadableStream<Uint8Array>, limit: number, counted: { bytes: number; truncated: boolean }): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const room = limit - counted.bytes;
      if (value.byteLength > room) {
        counted.bytes += room;
        counted.truncated = true;
        if (room > 0) yield value.subarray(0, room);
        return;
      }
      counted.bytes += value.byteLength;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function decode(bytes: Uint8Array, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown charset label: UTF-8 is the best guess for the web.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
