import type { ContentSnapshot } from './content-snapshot.js';

/**
 * The one place that knows which content is current. `publish` swaps in a whole new snapshot in
 * one assignment; whoever took the old one keeps using it until done, and once nobody holds it the
 * old snapshot and every view keyed by it are released.
 */
export class ContentHolder {
  #current: ContentSnapshot;
  /**
   * The property under which each request keeps the snapshot it took: a symbol of this holder's
   * own. The server makes every request with it (`HttpConnections.giveRequestsField`), so
   * taking a snapshot is a plain store into room the request already has.
   */
  readonly field: symbol = Symbol('contentSnapshot');

  constructor(initial: ContentSnapshot) {
    this.#current = initial;
  }

  /** The snapshot to answer from. Take it once per request and pass it on. */
  current(): ContentSnapshot {
    return this.#current;
  }

  /** Makes `next` current for every request that starts from now on. */
  publish(next: ContentSnapshot): void {
    this.#current = next;
  }
}

/**
 * The request's snapshot: taken from the holder the first time any surface asks for this
 * request, the same object afterwards, so that every surface it passes through answers from the
 * same one. `request` is the Node request (Express's `req`); the snapshot is kept on it, under
 * the holder's field, and goes with it. (It was a `WeakMap` entry for each request: V8 keeps
 * the entries whose key is young on a list of their own, cleared in every young-generation
 * collection, 3-4 µs a request in `bench/insights-cost.ts`; decision 0157.)
 */
export function snapshotOf(request: object, holder: ContentHolder): ContentSnapshot {
  const taken = request as Record<symbol, ContentSnapshot | undefined>;
  let snapshot = taken[holder.field];
  if (snapshot === undefined) {
    snapshot = holder.current();
    taken[holder.field] = snapshot;
  }
  return snapshot;
}

/**
 * A view derived from a snapshot (rendered pages, REST answers, MCP lists), built on first use and
 * kept exactly as long as the snapshot lives.
 */
export function perSnapshot<View>(build: (snapshot: ContentSnapshot) => View): (snapshot: ContentSnapshot) => View {
  const views = new WeakMap<ContentSnapshot, View>();
  return (snapshot) => {
    let view = views.get(snapshot);
    if (view === undefined) {
      view = build(snapshot);
      views.set(snapshot, view);
    }
    return view;
  };
}
