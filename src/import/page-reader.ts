import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageFacts } from './read-page.js';
import type { PageLanguage } from './text-language.js';

export interface PageReader {
  read(bytes: Uint8Array, contentType: string | undefined, url: string): Promise<PageFacts>;
  /** The language of a page's text (for a page kept from an earlier run whose state does not say it). */
  identifyLanguage(title: string | undefined, markdown: string): Promise<PageLanguage>;
  close(): Promise<void>;
}

/**
 * One reader thread, whatever the cores: each thread holds its own heap and its own copy of what
 * reading loads (~60 MB at peak), and the import's peak RSS must stay under 300 MB on every
 * machine (issue 24). Measured with `bench/import.ts` on 2,000 pages: one thread 257 / 236 MB
 * (first import / re-run), two 324 / 279 MB, three 386 / 334 MB. A live import waits for the
 * site far longer than it reads (politeness spaces the requests), so more threads would buy
 * little (docs/decisions/0146-one-reader-thread.md).
 */
const READER_THREADS = 1;

/**
 * Reads pages (charset, DOM, Readability, Markdown, language identification: the importer's CPU
 * and most of its memory) on a worker thread, so that fetching and parsing overlap and what
 * reading loads (linkedom, Readability, eld's n-gram data) is returned when the import ends: a
 * server that syncs from a live site does not keep it. Where the compiled worker file is not
 * beside this module (running from TypeScript sources), pages are read on this thread, the
 * modules loaded on the first page.
 */
export function createPageReader(): PageReader {
  const workerFile = fileURLToPath(new URL('./read-page-worker.js', import.meta.url));
  if (!existsSync(workerFile)) return inThread;
  return new WorkerPageReader(workerFile, READER_THREADS);
}

const inThread: PageReader = {
  async read(bytes, contentType, url) {
    const [{ decodeHtml }, { readPage }] = await Promise.all([import('./decode-html.js'), import('./read-page.js')]);
    return readPage(decodeHtml(bytes, contentType).text, url);
  },
  async identifyLanguage(title, markdown) {
    const { identifyPageLanguage } = await import('./text-language.js');
    return identifyPageLanguage(title, markdown);
  },
  async close() {},
};

/** What a reader thread is asked: read a page, or identify the language of a kept page's text. */
export type ReaderTask =
  | { readonly kind: 'read'; readonly bytes: Uint8Array; readonly contentType: string | undefined; readonly url: string }
  | { readonly kind: 'language'; readonly title: string | undefined; readonly markdown: string };
export type ReaderJob = ReaderTask & { readonly id: number };

export type ReaderAnswer = { readonly id: number; readonly facts: PageFacts } | { readonly id: number; readonly language: PageLanguage } | { readonly id: number; readonly error: string };

interface Pending {
  readonly resolve: (answer: ReaderAnswer) => void;
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

  async read(bytes: Uint8Array, contentType: string | undefined, url: string): Promise<PageFacts> {
    // A thread that died (a page too large for its heap) is gone; with none left, this thread reads.
    if (this.#threads.length === 0) return inThread.read(bytes, contentType, url);
    const answer = await this.#ask({ kind: 'read', bytes, contentType, url });
    if ('facts' in answer) return answer.facts;
    throw new Error('the page could not be read');
  }

  async identifyLanguage(title: string | undefined, markdown: string): Promise<PageLanguage> {
    if (this.#threads.length === 0) return inThread.identifyLanguage(title, markdown);
    const answer = await this.#ask({ kind: 'language', title, markdown });
    if ('language' in answer) return answer.language;
    throw new Error("the page's language could not be identified");
  }

  async close(): Promise<void> {
    const threads = this.#threads;
    this.#threads = [];
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  #ask(task: ReaderTask): Promise<ReaderAnswer> {
    const id = (this.#next += 1);
    const thread = this.#threads.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ ...task, id });
    });
  }

  #start(file: string): Thread {
    const thread: Thread = { worker: new Worker(file, { resourceLimits: THREAD_LIMITS }), pending: new Map() };
    thread.worker.on('message', (answer: ReaderAnswer) => {
      const pending = thread.pending.get(answer.id);
      thread.pending.delete(answer.id);
      if ('error' in answer) pending?.reject(new Error(answer.error));
      else pending?.resolve(answer);
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
