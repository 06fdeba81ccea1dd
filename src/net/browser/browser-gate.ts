/**
 * At most one browser per process at a time: each scan (or import) that wants one waits its turn here
 * (the wait counts against its own browser budget). A browser is several hundred megabytes
 * and a few cores' worth of work; two at once would starve the server on a small machine.
 */
export class BrowserGate {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      return await work();
    } finally {
      release();
    }
  }
}
