import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { MessageLanguage } from '../messages/catalog.js';

/**
 * The HTTP server's heap. What the server keeps alive is ~30 MB on the sample site, under load
 * too (its caches are bounded by size: docs/security.md, Memory); the rest of its RSS is V8's
 * room to allocate, which these limits bound:
 * - the young generation at 6 MB (two 2 MB semi-spaces and the space that promotes out of them,
 *   as `--max-semi-space-size=2` sets for a whole process); at Node's defaults the semi-spaces grow
 *   to 16 MB each under search load;
 * - the old generation at 1,536 MB (or the process's own limit, when that is lower). V8 lets the
 *   old generation grow to a multiple of what is alive before it collects it: 4x when the limit is
 *   2 GB or more (Node's default on a machine with 16 GB or more), less below (about 1.8x here).
 *   The limit also stops the server if a site's heap ever outgrows it: a 5,000-page site keeps
 *   ~65 MB alive, so 50,000 pages (the most one import brings) would keep about 650 MB.
 */
export const SERVE_THREAD_LIMITS: ResourceLimits = {
  maxYoungGenerationSizeMb: 6,
  maxOldGenerationSizeMb: Math.min(1536, Math.floor(getHeapStatistics().heap_size_limit / 1024 / 1024)),
};

/** What the serving thread is told by the thread that owns the process's signals. */
export type ServeThreadMessage = 'reload' | 'shutdown';

/** What the serving thread starts with: the command line's arguments, read again there, and the terminal's language its refusals are printed in. */
export interface ServeThreadData {
  readonly args: readonly string[];
  readonly lang: MessageLanguage;
}

/** The compiled worker beside this module (the bin's bundle, or tsc's output); absent when running from the TypeScript sources. */
const WORKER_FILE = fileURLToPath(new URL('./serve-worker.js', import.meta.url));

/** Whether `serve` can run on its own thread here (not from the TypeScript sources: the server then runs on this thread). */
export function canServeOnThread(file: string = WORKER_FILE): boolean {
  return existsSync(file);
}

/**
 * Runs `serve` on a worker thread with a bounded heap, whichever way node was
 * started (`npm start`, the bin, a process manager): a V8 flag on node's command line reaches
 * only the ways of starting that pass it, and cannot be set once node runs. This thread only
 * supervises: it forwards SIGHUP (reload) and SIGTERM/SIGINT (shut down) to the server, and ends
 * the process with the server's exit code. The server writes its own stdout and stderr (Node
 * passes a worker's streams to the process's). A crash of the server ends the process with its
 * stack and exit code 1, as an uncaught error on this thread would.
 */
export function serveOnThread(args: readonly string[], lang: MessageLanguage, file: string = WORKER_FILE): void {
  const data: ServeThreadData = { args, lang };
  const worker = new Worker(file, { workerData: data, resourceLimits: SERVE_THREAD_LIMITS });
  const tell = (message: ServeThreadMessage) => worker.postMessage(message);
  process.on('SIGHUP', () => tell('reload'));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    tell('shutdown');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  worker.on('error', (error) => {
    // As node reports an uncaught error on the main thread (without the source line it quotes
    // there, which for a thread would be node's own code), and the same exit code.
    process.stderr.write(`${error.stack ?? String(error)}\n\nNode.js ${process.version}\n`);
    process.exit(1);
  });
  // Not process.exit: the thread's last writes (its "shutting down" line) pass through this
  // thread's stderr, and the process ends once they are written.
  worker.on('exit', (code) => {
    process.exitCode = code;
  });
}
