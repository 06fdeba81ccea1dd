import { parentPort } from 'node:worker_threads';
import { decodeHtml } from './decode-html.js';
import type { ReaderAnswer, ReaderJob } from './page-reader.js';
import { readPage } from './read-page.js';
import { identifyPageLanguage } from './text-language.js';

/** One page-reading thread: bytes in, PageFacts out; or a kept page's text in, its language out (see page-reader.ts). */
parentPort?.on('message', (job: ReaderJob) => {
  let answer: ReaderAnswer;
  try {
    answer = job.kind === 'read' ? { id: job.id, facts: readPage(decodeHtml(job.bytes, job.contentType).text, job.url) } : { id: job.id, language: identifyPageLanguage(job.title, job.markdown) };
  } catch (error) {
    answer = { id: job.id, error: (error as Error)?.message ?? String(error) };
  }
  parentPort!.postMessage(answer);
});
