import type { AgentOf } from './agent-family.js';
import type { HttpRequestLike, InsightNote, RequestsInFlight, Surface } from './events.js';

/**
 * When each HTTP request being answered came, and the note routes write about it, kept beside the
 * request rather than on it: Express's request and `res.locals` are dictionaries to V8, and
 * adding a key to one, or asking one for a key it lacks, leaves the inline caches for V8's
 * runtime, 1 to 8 µs a request (bench/insights-cpu.ts).
 *
 * A record is kept on the request's connection, not under the request: a connection carries one
 * request after another, so it gets the property once and then only its value changes. The
 * property's key is a symbol of this instance's own (two apps in one process never read each
 * other's records), and the socket keeps its V8 shape, so finding the record is a plain property
 * load. An entry in a WeakMap for each new request object costs far more (V8 keeps the weak-map
 * entries whose key is young on a list of their own, cleared in every young-generation
 * collection: 3-4 µs a request against 0.1-0.2 µs in a loop that makes garbage as a server does,
 * `bench/insights-cost.ts`), and even one entry per connection, whose value changes with each
 * request, took 1.6 µs of a REST page request in the server's profile, against 0.5-0.9 µs for
 * the property (`bench/insights-cpu.ts --functions`, decision 0153).
 * A request that comes while an earlier one on its connection is still being answered (HTTP/1.1
 * pipelining), or that has no socket, gets an entry of its own in a WeakMap.
 */
export class HttpRequests implements RequestsInFlight {
  /** Where each connection keeps its latest request's record: a property of this instance's own, so that two apps' edges never read each other's. */
  readonly #slot: symbol = Symbol('insightsRecord');
  /** Requests that could not be kept under their connection, each by itself. */
  readonly #others = new WeakMap<object, RequestRecord>();

  /**
   * A request came on `connection` (its socket; null when it has none), at `at` (`Date.now()`),
   * through `surface`, asking for `subject` (so far as its address tells), from `agent`.
   */
  arrived(request: HttpRequestLike, connection: object | null | undefined, at: number, surface: Surface, subject: string | undefined, agent: AgentOf): void {
    // Every field given at once: one object shape from birth.
    const record: RequestRecord = { request, arrived: at, surface, subject, outcome: undefined, via: undefined, client: undefined, read: undefined, agent };
    if (connection == null) {
      this.#others.set(request, record);
      return;
    }
    const latest = (connection as Connection)[this.#slot];
    if (latest !== undefined && latest.request !== undefined) this.#others.set(request, record);
    else (connection as Connection)[this.#slot] = record;
  }

  /** The request's record until its response has ended; undefined for a request the edge did not see come. */
  noteOf(request: HttpRequestLike): RequestRecord | undefined {
    return this.#recordOf(request, request.socket);
  }

  /**
   * The record of a request whose response has ended on `connection`, let go: its connection is
   * free for the next request, and the request is not kept alive by it.
   */
  ended(request: HttpRequestLike, connection: object | null | undefined): RequestRecord | undefined {
    const record = this.#recordOf(request, connection);
    if (record !== undefined) record.request = undefined;
    return record;
  }

  #recordOf(request: HttpRequestLike, connection: object | null | undefined): RequestRecord | undefined {
    if (connection != null) {
      const latest = (connection as Connection)[this.#slot];
      if (latest !== undefined && latest.request === request) return latest;
    }
    return this.#others.get(request);
  }
}

type Connection = Record<symbol, RequestRecord | undefined>;

/** One request the HTTP edge counts, from its coming to its end: when it came (`Date.now()`), who sent it and the note routes refine. */
export interface RequestRecord extends InsightNote {
  /** The request, until its response has ended. */
  request: HttpRequestLike | undefined;
  readonly arrived: number;
  /** The door it came through, from its address, unless a route tells better. */
  surface: Surface;
  /** The User-Agent's family and the crawler's name. */
  readonly agent: AgentOf;
}
