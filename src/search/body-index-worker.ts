/**
 * The body thread's worker (see BodyThread): indexes the bodies it is given and answers with the
 * body indexes as plain data, their arrays transferred.
 */
import { workerData } from 'node:worker_threads';
import { readStoredMarkdownRun } from '../content/page.js';
import type { BodyIndexParts } from './body-index.js';
import { BODY_THREAD, type BodyThreadAnswer, type BodyThreadInput } from './body-thread.js';
import { pageBodiesBuilder } from './page-bodies.js';

const { port, state, bytes, languages } = workerData as BodyThreadInput;
Atomics.store(state, 0, BODY_THREAD.started);
Atomics.notify(state, 0);

let answer: BodyThreadAnswer;
const transfer: ArrayBuffer[] = [];
try {
  let start = 0;
  const parts = languages.map(({ lang, ends, compressed, lengths }) => {
    const builder = pageBodiesBuilder(lang);
    readStoredMarkdownRun({ bytes, start, ends, compressed, lengths }, builder.add);
    start = ends.at(-1) ?? start;
    const built: BodyIndexParts = builder.finish().toParts();
    transfer.push(built.pageCounts.buffer as ArrayBuffer, built.offsets.buffer as ArrayBuffer, built.postings.buffer as ArrayBuffer);
    return { lang, parts: built };
  });
  answer = { parts };
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
  transfer.length = 0;
}
port.postMessage(answer, transfer);
port.close();
Atomics.store(state, 0, BODY_THREAD.done);
Atomics.notify(state, 0);
