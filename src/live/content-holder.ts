import type { ContentSnapshot } from './content-snapshot.js';

/**
 * The one place that knows which content is current. `publish` swaps in a whole new snapshot in
 * one assignment; whoever took the old one keeps using it until done, and once nobody holds it the
 * old snapshot and every view keyed by it are released.
 */
export class ContentHolder {
  #current: ContentSnapshot;

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

/** The snapshot each request took, so that every surface it passes through answers from the same one. */
const TAKEN = new WeakMap<object, ContentSnapshot>();

/**
 * The request's snapshot: taken from the holder the first time any surface asks for this
 * request, the same object afterwards. `request` is the Node request (Express's `req`).
 */
export function snapshotOf(request: object, holder: ContentHolder): ContentSnapshot {
  let snapshot = TAKEN.get(request);
  if (snapshot === undefined) {
    snapshot = holder.current();
    TAKEN.set(request, snapshot);
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
