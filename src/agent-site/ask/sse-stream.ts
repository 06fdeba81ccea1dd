import type { Response } from 'express';

/**
 * A Server-Sent Events response (text/event-stream). Each event is written to the socket as
 * soon as it is sent, proxies are asked not to buffer (`X-Accel-Buffering: no`) or transform it,
 * and a slow reader is waited for instead of being buffered without bound.
 */
export class SseStream {
  readonly #res: Response;

  constructor(res: Response, headers: Record<string, string> = {}) {
    this.#res = res;
    res.status(200).set({
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
  }

  /** False once the client has gone: stop producing events. */
  get open(): boolean {
    return !this.#res.writableEnded && !this.#res.destroyed;
  }

  /** Sends one named event whose data is JSON (one line: JSON.stringify escapes newlines). */
  async send(event: string, data: unknown): Promise<void> {
    if (!this.open) return;
    if (this.#res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.#res.off('drain', done);
        this.#res.off('close', done);
        resolve();
      };
      this.#res.once('drain', done);
      this.#res.once('close', done);
    });
  }

  end(): void {
    if (this.open) this.#res.end();
  }
}
