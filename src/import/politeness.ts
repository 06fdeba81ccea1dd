/**
 * Spaces request starts at least `delayMs` apart across the whole import (a site's Crawl-delay,
 * or our own default politeness). With a delay of 0 it never waits.
 */
export class RequestSpacer {
  #next = 0;

  constructor(readonly delayMs: number) {}

  async wait(): Promise<void> {
    if (this.delayMs <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.#next);
    this.#next = slot + this.delayMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}
