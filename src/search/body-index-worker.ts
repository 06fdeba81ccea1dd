/**
 * The body thread's worker (see BodyThread): indexes the bodies it is given and answers with the
 * body indexes as plain data, their arrays transferred.
 */
import { workerData } from 'node:worker_threads';
import { readStoredMarkdownRun } from '../content/page.js';
import type { BodyIndexParts } from './body-index.js';
import { BODY_THREAD, type BodyThreadAnswer, type BodyThreadData, type BodyThreadInput } from './body-thread.js';
import { pageBodiesBuilder } from './page-bodies.js';

const { port, state } = workerData as BodyThreadData;
Atomics.store(state, 0, BODY_THREAD.started);
Atomics.notify(state, 0);
port.once('message', (input: BodyThreadInput) => {
  try {
    const answer = indexed(input);
    port.postMessage(answer, 'parts' in answer ? answer.parts.flatMap(({ parts }) => [parts.pageCounts.buffer as ArrayBuffer, parts.offsets.buffer as ArrayBuffer, parts.postings.buffer as ArrayBuffer]) : []);
    port.close();
  } finally {
    // Done even when the answer could not be sent: the waiting thread then finds no message
    // and indexes the bodies itself, rather than waiting for the timeout.
    Atomics.store(state, 0, BODY_THREAD.done);
    Atomics.notify(state, 0);
  }
});

/** The body index of each language, or the error that stopped them. */
function indexed({ bytes, languages }: BodyThreadInput): BodyThreadAnswer {
  try {
    let start = 0;
    const parts = languages.map(({ lang, ends, compressed, lengths }) => {
      const builder = pageBodiesBuilder(lang);
      readStoredMarkdownRun({ bytes, start, ends, compressed, lengths }, builder.add);
      start = ends.at(-1) ?? start;
      const built: BodyIndexParts = builder.finish().toParts();
      return { lang, parts: built };
    });
    return { parts };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
