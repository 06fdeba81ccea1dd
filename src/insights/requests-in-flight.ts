import type { AgentOf } from './agent-family.js';
import type { InsightNote, RequestsInFlight, Surface } from './events.js';

/**
 * When each HTTP request being answered came, and the note routes write about it: kept on the
 * request itself, under a symbol of this instance's own (two apps in one process never read each
 * other's records).
 *
 * The server makes every request with that property already there (`undefined`):
 * `HttpConnections.giveRequestsField`, called by `serve`. Setting it is then a plain store into
 * the object's own room, and the request keeps its V8 shape. A request made without it (a server
 * that did not give it) still works: the property is added as the request comes, at some cost
 * (adding a property by a computed key can turn an object with many properties into a
 * dictionary, decision 0155). A request pipelined behind another on its connection has a record
 * of its own, as any request does (decision 0156).
 */
export class HttpRequests implements RequestsInFlight {
  /** The property under which each request keeps its record: a symbol of this instance's own. */
  readonly field: symbol = Symbol('insightsRecord');

  /** A request came at `at` (insights' clock), through `surface`, asking for `subject` (so far as its address tells), from `agent`. */
  arrived(request: object, at: number, surface: Surface, subject: string | undefined, agent: AgentOf): void {
    // Every field given at once: one object shape from birth.
    (request as Fields)[this.field] = { arrived: at, surface, subject, outcome: undefined, via: undefined, client: undefined, read: undefined, agent };
  }

  /** The request's record until its response has ended; undefined for a request the edge did not see come. */
  noteOf(request: object): RequestRecord | undefined {
    return (request as Fields)[this.field];
  }

  /** The record of a request whose response has ended, let go: a route still holding the request can no longer change what was counted. */
  ended(request: object): RequestRecord | undefined {
    const record = (request as Fields)[this.field];
    if (record !== undefined) (request as Fields)[this.field] = undefined;
    return record;
  }
}

type Fields = Record<symbol, RequestRecord | undefined>;

/** One request the HTTP edge counts, from its coming to its end: when it came (insights' clock), who sent it and the note routes refine. */
export interface RequestRecord extends InsightNote {
  readonly arrived: number;
  /** The door it came through, from its address, unless a route tells better. */
  surface: Surface;
  /** The User-Agent's family and the crawler's name. */
  readonly agent: AgentOf;
}
