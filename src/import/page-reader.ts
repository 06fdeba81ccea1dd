import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { decodeHtml } from './decode-html.js';
import { readPage, type PageFacts } from './read-page.js';

export interface PageReader {
  read(bytes: Uint8Array, contentType: string | undefined, url: string): Promise<PageFacts>;
  close(): Promise<void>;
}

/** Threads at most: each holds its own heap, and the import's memory must stay small. */
const MAX_THREADS = 3;

/**
 * Reads pages (charset, DOM, Readability, Markdown: the importer's CPU) on worker threads, one
 * fewer than the cores (at most three), so that fetching and parsing overlap. Where the compiled
 * worker file is not beside this module (running from TypeScript sources), or on one core,
 * pages are read on this thread.
 */
export function createPageReader(): PageReader {
  const workerFile = fileURLToPath(new URL('./read-page-worker.js', import.meta.url));
  const threads = Math.min(MAX_THREADS, availableParallelism() - 1);
  if (threads < 1 || !existsSync(workerFile)) return inThread;
  return new WorkerPageReader(workerFile, threads);
}

const inThread: PageReader = {
  async read(bytes, contentType, url) {
    return readPage(decodeHtml(bytes, contentType).text, url);
  },
  async close() {},
};

interface Pending {
  readonly resolve: (facts: PageFacts) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

/**
 * Each thread's heap is kept small (a page's DOM is a few MB at most), so that the import's
 * memory stays within bounds however many pages pass through.
 */
const THREAD_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

class WorkerPageReader implements PageReader {
  #threads: Thread[];
  #next = 0;

  constructor(file: string, count: number) {
    this.#threads = Array.from({ length: count }, () => this.#start(file));
  }

  read(bytes: Uint8Array, contentType: string | undefined, url: string): Promise<PageFacts> {
    // A thread that died (a page too large for its heap) is gone; with none left, this thread reads.
    if (this.#threads.length === 0) return inThread.read(bytes, contentType, url);
    const id = (this.#next += 1);
    const thread = this.#threads.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, bytes, contentType, url });
    });
  }

  async close(): Promise<void> {
    const threads = this.#threads;
    this.#threads = [];
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  #start(file: string): Thread {
    const thread: Thread = { worker: new Worker(file, { resourceLimits: THREAD_LIMITS }), pending: new Map() };
    thread.worker.on('message', (message: { id: number; facts?: PageFacts; error?: string }) => {
      const pending = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (message.facts !== undefined) pending?.resolve(message.facts);
      else pending?.reject(new Error(message.error ?? 'the page could not be read'));
    });
    const fail = (error: Error) => {
      this.#threads = this.#threads.filter((candidate) => candidate !== thread);
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', () => fail(new Error('the page reader stopped')));
    return thread;
  }
}
