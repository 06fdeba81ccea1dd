/**
 * An AbortSignal that aborts after a time limit or when any parent signal aborts, whichever comes
 * first, and that garbage collection cannot cancel.
 *
 * `AbortSignal.timeout()` and `AbortSignal.any()` hold their sources weakly (so that an unused
 * signal can be collected): on Node 20, a timeout signal that only an `any()` combination refers
 * to is collected by the next GC and never fires, and a request then runs as long as the other
 * side likes. Here the timer is an ordinary setTimeout, which the event loop holds, and its
 * callback holds the controller; parents hold their listener until `dispose()`. Dispose when the
 * guarded work ends (in a `finally`), so that neither lingers.
 */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #parents: readonly AbortSignal[];
  readonly #onParentAbort = (event: Event) => this.#controller.abort((event.target as AbortSignal).reason);

  /**
   * `timeoutMs`: undefined for no time limit (parents only). The signal's reason on timeout is a
   * DOMException named TimeoutError, as with AbortSignal.timeout().
   */
  constructor(timeoutMs: number | undefined, parents: readonly (AbortSignal | undefined)[] = []) {
    this.#parents = parents.filter((parent): parent is AbortSignal => parent !== undefined);
    const abortedParent = this.#parents.find((parent) => parent.aborted);
    if (abortedParent !== undefined) {
      this.#controller.abort(abortedParent.reason);
      return;
    }
    for (const parent of this.#parents) parent.addEventListener('abort', this.#onParentAbort, { once: true });
    if (timeoutMs !== undefined) {
      this.#timer = setTimeout(() => this.#controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True when the time limit (not a parent) ended it. */
  get timedOut(): boolean {
    return this.signal.aborted && (this.signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
  }

  dispose(): void {
    clearTimeout(this.#timer);
    for (const parent of this.#parents) parent.removeEventListener('abort', this.#onParentAbort);
  }
}
