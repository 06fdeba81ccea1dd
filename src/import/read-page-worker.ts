import { parentPort } from 'node:worker_threads';
import { decodeHtml } from './decode-html.js';
import { readPage } from './read-page.js';

/** One page-reading thread: bytes in, PageFacts out (see page-reader.ts). */
parentPort?.on('message', (job: { id: number; bytes: Uint8Array; contentType: string | undefined; url: string }) => {
  try {
    const { text } = decodeHtml(job.bytes, job.contentType);
    parentPort!.postMessage({ id: job.id, facts: readPage(text, job.url) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: (error as Error)?.message ?? String(error) });
  }
});
