import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import { AppError, isAppError } from '../errors.js';
import { API_PREFIX, NO_STORE, restWording, type JsonEndpoint, type RestCaller, type RestEnv } from './endpoints.js';
import { makeProblem, PROBLEM_CONTENT_TYPE, problemRepresentation, toProblem, type Problem, type ProblemCode } from '../web/problem.js';
import { QuerySchema, readQuery } from './query.js';
import { entityTag } from '../web/representation.js';

/** One answer to a GET, ready to send or to put in a batch. */
export interface RestAnswer {
  readonly status: number;
  readonly contentType: string;
  /**
   * The serialised body. Only the bytes are kept, never the value they were made from: a parsed
   * object graph costs several times its JSON, and cached answers must cost what the cache's
   * size says. The batch parses the few bodies it needs (bodyJson).
   */
  readonly body: Buffer;
  /** Strong entity tag of the body (success answers only). */
  readonly etag: string | undefined;
  readonly cacheControl: string;
  /** Link, Retry-After. */
  readonly headers: Readonly<Record<string, string>>;
  /** Called each time the answer is sent (see JsonResult). */
  readonly served?: (() => void) | undefined;
}

/** A document served as it is (the OpenAPI document, the API guide). */
export interface StaticDocument {
  readonly name: string;
  readonly path: string;
  readonly contentType: string;
  readonly text: string;
}

type Route = { readonly kind: 'json'; readonly endpoint: JsonEndpoint } | { readonly kind: 'document'; readonly answer: RestAnswer };

/** Successful answers kept, at most this many bytes in all (LRU): bodies, keys and per-entry overhead. */
const CACHE_BYTES = 8 * 1024 * 1024;
/** What one cached entry costs besides its body and key: the answer object, headers, ETag, LRU slots. */
const ENTRY_OVERHEAD_BYTES = 512;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Bits of the filter of questions asked once (8 KiB, allocated once per snapshot's answers). */
const SEEN_BITS = 1 << 16;
const noParameters = new QuerySchema(z.object({}).strict());

/**
 * Answers GET requests under /api/v1 in process: the HTTP router and the batch both come here,
 * so a batch item's body is exactly what the same GET returns. There is one GetAnswers per
 * content snapshot, and every answer depends only on that content and the query, so successful
 * answers are serialised, tagged and kept in an LRU keyed by the validated query, from the
 * second time a question is asked: the tool runs at most twice per distinct question and snapshot.
 */
export class GetAnswers {
  readonly #routes: ReadonlyMap<string, Route>;
  readonly #cache = new LRUCache<string, RestAnswer>({
    maxSize: CACHE_BYTES,
    // Keys are UTF-16 in memory: two bytes a character.
    sizeCalculation: (answer, key) => answer.body.byteLength + key.length * 2 + ENTRY_OVERHEAD_BYTES,
  });
  readonly #askedBefore = new SeenFilter(SEEN_BITS);

  constructor(
    private readonly env: RestEnv,
    endpoints: readonly JsonEndpoint[],
    documents: readonly StaticDocument[],
    private readonly docsUrl: string,
  ) {
    const routes = new Map<string, Route>();
    for (const endpoint of endpoints) routes.set(endpoint.path, { kind: 'json', endpoint });
    for (const document of documents) {
      const body = Buffer.from(document.text, 'utf8');
      routes.set(document.path, {
        kind: 'document',
        answer: { status: 200, contentType: document.contentType, body, etag: restEntityTag(body), cacheControl: 'public, max-age=300', headers: {} },
      });
    }
    this.#routes = routes;
  }

  /** The canonical path of a route (`/api/v1/search/` → `/api/v1/search`), or undefined when none matches. */
  route(pathname: string): string | undefined {
    const path = normalizePath(pathname);
    return this.#routes.has(path) ? path : undefined;
  }

  isJsonEndpoint(path: string): boolean {
    return this.#routes.get(path)?.kind === 'json';
  }

  /** Never throws: failures become Problem answers. */
  async answer(pathname: string, rawQuery: string, caller: RestCaller = {}): Promise<RestAnswer> {
    const path = this.route(pathname);
    if (path === undefined) {
      return this.problem(new AppError('not-found', `No endpoint at ${pathname}. GET ${API_PREFIX} lists every endpoint.`), pathname);
    }
    const route = this.#routes.get(path)!;
    try {
      if (route.kind === 'document') {
        if (rawQuery !== '') noParameters.parse(readQuery(rawQuery), path);
        return route.answer;
      }
      const { endpoint } = route;
      const query = endpoint.query.parse(readQuery(rawQuery), path);
      const key = `${path}\n${JSON.stringify(query)}`;
      // Answers that depend on the caller, or must not be stored (health), are never kept.
      const keep = !endpoint.perCaller && endpoint.cacheControl !== NO_STORE;
      const cached = keep ? this.#cache.get(key) : undefined;
      if (cached) return cached;
      const result = await endpoint.run(query, this.env, caller).catch((error: unknown) => {
        throw isAppError(error) ? new AppError(error.code, restWording(error.message), { field: error.field, retryAfterSeconds: error.retryAfterSeconds, cause: error }) : error;
      });
      const answer = jsonAnswer(200, result.body, endpoint.cacheControl, result.headers ?? {}, result.served);
      // Kept from a question's second asking. Most distinct questions are asked once; keeping
      // their answers made every one of them outlive V8's young generation, and that stream of
      // survivors is what grew the heap under load (bench/memory.ts --load, docs/security.md).
      if (keep && this.#askedBefore.seenElseMark(key)) this.#cache.set(key, answer);
      return answer;
    } catch (error) {
      return this.problem(error, pathname);
    }
  }

  problem(error: unknown, instance: string): RestAnswer {
    const { status, problem, retryAfterSeconds } = toProblem(error, instance, this.docsUrl);
    if (status === 500) this.env.ctx.logger.error({ err: error, path: instance }, 'REST request failed');
    return problemAnswer(status, problem, retryAfterSeconds);
  }

  /** A Problem answer for a condition the HTTP layer finds (405, 413, 415, 429). */
  problemFor(code: ProblemCode, detail: string, instance: string, retryAfterSeconds?: number): RestAnswer {
    const problem = makeProblem(code, detail, instance, this.docsUrl);
    return problemAnswer(problem.status, problem, retryAfterSeconds);
  }
}

/** Routes are matched without one trailing slash (`/api/v1/search/` is `/api/v1/search`). */
export function normalizePath(pathname: string): string {
  return pathname.length > API_PREFIX.length && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function jsonAnswer(status: number, value: unknown, cacheControl: string, headers: Readonly<Record<string, string>>, served?: () => void): RestAnswer {
  const body = exactBuffer(JSON.stringify(value));
  return { status, contentType: JSON_CONTENT_TYPE, body, etag: status === 200 ? restEntityTag(body) : undefined, cacheControl, headers, served };
}

function problemAnswer(status: number, problem: Problem, retryAfterSeconds: number | undefined): RestAnswer {
  const { body, headers } = problemRepresentation(problem, retryAfterSeconds);
  const { 'Content-Type': contentType, 'Cache-Control': cacheControl, ...rest } = headers;
  return { status, contentType: contentType ?? PROBLEM_CONTENT_TYPE, body, etag: undefined, cacheControl: cacheControl ?? NO_STORE, headers: rest };
}

/**
 * The text's UTF-8 bytes in memory of their own. Buffer.from would make a small body a slice of a
 * shared 8 KiB pool slab, and a cached slice keeps its whole slab alive: the cache would hold
 * more than its size counts.
 */
function exactBuffer(text: string): Buffer {
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  body.write(text, 'utf8');
  return body;
}

/** The body of a JSON answer as a value (for the batch); undefined for other media types. */
export function bodyJson(answer: RestAnswer): unknown {
  return /json/.test(answer.contentType) ? JSON.parse(answer.body.toString('utf8')) : undefined;
}

/** A strong entity tag: 128 bits of the body's SHA-256 (22 characters), computed once per cached answer. */
function restEntityTag(body: Buffer): string {
  return entityTag(body, 22);
}

/**
 * Which keys were seen, as bits of a fixed array (a Bloom-style filter with one hash, the
 * "doorkeeper" of TinyLFU): remembering a key allocates nothing. A false "seen" only keeps an
 * answer asked once; the filter starts over when a quarter of its bits are set, so that it stays
 * nearly free of those.
 */
export class SeenFilter {
  readonly #words: Uint32Array;
  readonly #mask: number;
  #set = 0;

  /** `bits`: a power of two. */
  constructor(bits: number) {
    this.#words = new Uint32Array(bits >>> 5);
    this.#mask = bits - 1;
  }

  /** Whether the key was marked before; marks it if not. */
  seenElseMark(key: string): boolean {
    const bit = fnv1a(key) & this.#mask;
    const word = bit >>> 5;
    const flag = 1 << (bit & 31);
    if ((this.#words[word]! & flag) !== 0) return true;
    if (this.#set >= (this.#mask + 1) >>> 2) {
      this.#words.fill(0);
      this.#set = 0;
    }
    this.#words[word]! |= flag;
    this.#set += 1;
    return false;
  }
}

/** 32-bit FNV-1a over the UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
