/**
 * The serving thread of `serve` (src/cli/serve-thread.ts): reads the command line again, serves
 * HTTP, and takes reload and shutdown from the thread that owns the process's signals.
 */
import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
import { loadConfig } from '../config/load-config.js';
import { serveHttp } from '../http/serve.js';
import { fail } from './fail.js';
import type { ServeThreadData, ServeThreadMessage } from './serve-thread.js';

async function serveThread(): Promise<void> {
  const { args, lang } = workerData as ServeThreadData;
  let running;
  try {
    const request = loadConfig([...args], process.env);
    if (request.kind !== 'run') throw new Error(`serve thread started for ${request.kind}`);
    running = await serveHttp(request.config);
  } catch (error) {
    // As on the main thread: the message, the exit code, and the thread ends when nothing is left.
    fail(error, 1, lang);
    return;
  }
  const server = running;
  // The limits V8 applies to this thread, as it reports them: what an operator (and a test) reads to know the bound is in effect.
  server.ctx.logger.info({ resourceLimits }, 'serving on a worker thread with a bounded heap');
  // pino flushes its asynchronous writes at exit on the main thread only: here, before exiting.
  const exit = (code: number) => server.ctx.logger.flush(() => process.exit(code));
  parentPort!.on('message', (message: ServeThreadMessage) => {
    if (message === 'reload') void server.reload('signal');
    else if (message === 'shutdown') {
      server.ctx.logger.info('shutting down');
      server.close().then(
        () => exit(0),
        (error: unknown) => {
          process.stderr.write(`site-content-mcp: error while shutting down: ${(error as Error).message}\n`, () => exit(1));
        },
      );
    }
  });
}

void serveThread();
