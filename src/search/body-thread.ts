import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Page } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import { BodyIndex, type BodyIndexParts } from './body-index.js';

/**
 * The compiled worker beside this module (tsc's output, or the bin's bundle). Running from the
 * TypeScript sources it is not there, and bodies are indexed on the calling thread: same code,
 * same index.
 */
const WORKER_FILE = fileURLToPath(new URL('./body-index-worker.js', import.meta.url));

/** States of the shared cell through which the worker says how far it is. */
export const BODY_THREAD = { starting: 0, started: 1, done: 2 } as const;
/** A worker that has not loaded its modules by then is taken for broken (it starts in ~50-150 ms). */
const START_TIMEOUT_MS = 5_000;
/** Generous: 5,000 pages take well under a second; a stuck thread must not hang the build. */
const DONE_TIMEOUT_MS = 120_000;

/** What the worker starts with: the port it answers on and the cell where it says how far it is. */
export interface BodyThreadData {
  readonly port: MessagePort;
  readonly state: Int32Array;
}

/** What the main thread then sends on the port: every body, by language in page order, in one buffer. */
export interface BodyThreadInput {
  readonly bytes: Uint8Array;
  readonly languages: readonly { readonly lang: Lang; readonly ends: Uint32Array; readonly compressed: Uint8Array; readonly lengths: Uint32Array }[];
}

/** What the worker answers. */
export type BodyThreadAnswer = { readonly parts: readonly { readonly lang: Lang; readonly parts: BodyIndexParts }[] } | { readonly error: string };

/**
 * The body indexes of a site, built on a worker thread while the calling thread builds the rest
 * of the search index (Orama's trees, the field postings): on a machine with two cores the build
 * takes the longer of the two, not their sum. Bodies are most of a build's work, and they are
 * read from the pages' stored (compressed) Markdown, so decompressing moves to the worker too.
 */
export class BodyThread {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #state: Int32Array;
  /** Settles when the worker has exited (it may do so before anyone waits for it). */
  readonly #exited: Promise<void>;
  #answer: Map<Lang, BodyIndex> | undefined | null = null;

  private constructor(worker: Worker, port: MessagePort, state: Int32Array) {
    this.#worker = worker;
    this.#port = port;
    this.#state = state;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
  }

  /** Starts indexing the bodies of `pages`; undefined when no worker can be started here. */
  static start(pages: readonly Page[], file: string = WORKER_FILE): BodyThread | undefined {
    if (!existsSync(file)) return undefined;
    const state = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const data: BodyThreadData = { port: port2, state };
    let worker: Worker;
    try {
      worker = new Worker(file, { workerData: data, transferList: [port2] });
    } catch {
      port1.close();
      return undefined;
    }
    // The build waits for it; nothing else should keep the process alive for it.
    worker.unref();
    // An error is answered as a message; one the worker cannot answer ends in a timeout.
    worker.on('error', () => {});
    // The bodies are gathered while the worker starts (it takes tens of milliseconds to load).
    const input = bodiesOf(pages);
    port1.postMessage(input, [input.bytes.buffer as ArrayBuffer, ...input.languages.flatMap(({ ends, compressed, lengths }) => [ends.buffer as ArrayBuffer, compressed.buffer as ArrayBuffer, lengths.buffer as ArrayBuffer])]);
    return new BodyThread(worker, port1, state);
  }

  /**
   * The body indexes by language, waited for by blocking this thread; undefined when the worker
   * failed (then the caller indexes the bodies itself).
   */
  take(): Map<Lang, BodyIndex> | undefined {
    if (this.#answer !== null) return this.#answer;
    const started = Atomics.wait(this.#state, 0, BODY_THREAD.starting, START_TIMEOUT_MS) !== 'timed-out';
    if (started) Atomics.wait(this.#state, 0, BODY_THREAD.started, DONE_TIMEOUT_MS);
    return this.#settle(Atomics.load(this.#state, 0) === BODY_THREAD.done ? receiveMessageOnPort(this.#port)?.message : undefined);
  }

  /** The same, without blocking: for builds that keep the event loop turning. */
  async result(): Promise<Map<Lang, BodyIndex> | undefined> {
    if (this.#answer !== null) return this.#answer;
    const answer = await new Promise<BodyThreadAnswer | undefined>((resolve) => {
      this.#port.once('message', resolve);
      // After its last message the worker exits; an exit with no message is a failure.
      void this.#exited.then(() => setImmediate(() => resolve(receiveMessageOnPort(this.#port)?.message as BodyThreadAnswer | undefined)));
    });
    return this.#settle(answer);
  }

  #settle(answer: BodyThreadAnswer | undefined): Map<Lang, BodyIndex> | undefined {
    this.#port.close();
    void this.#worker.terminate();
    this.#answer = answer && 'parts' in answer ? new Map(answer.parts.map(({ lang, parts }) => [lang, BodyIndex.fromParts(parts)])) : undefined;
    return this.#answer;
  }
}

/**
 * Every body of `pages`, by language in page order, in one buffer: each page's stored bytes may
 * be a view of a larger pooled buffer, which a structured clone would copy whole.
 */
function bodiesOf(pages: readonly Page[]): BodyThreadInput {
  const byLang = new Map<Lang, Page[]>();
  for (const page of pages) {
    const list = byLang.get(page.lang) ?? [];
    list.push(page);
    byLang.set(page.lang, list);
  }
  let total = 0;
  for (const page of pages) total += page.storedMarkdown.bytes.byteLength;
  const bytes = new Uint8Array(total);
  let at = 0;
  const languages = [...byLang].map(([lang, list]) => {
    const ends = new Uint32Array(list.length);
    const compressed = new Uint8Array(list.length);
    const lengths = new Uint32Array(list.length);
    list.forEach((page, index) => {
      const stored = page.storedMarkdown;
      bytes.set(stored.bytes, at);
      at += stored.bytes.byteLength;
      ends[index] = at;
      compressed[index] = stored.compressed ? 1 : 0;
      lengths[index] = stored.length;
    });
    return { lang, ends, compressed, lengths };
  });
  return { bytes, languages };
}
