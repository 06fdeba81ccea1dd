import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportContent } from './report-content.js';

/**
 * Lays out the HTML report in a worker thread: MJML and its CSS tools take 60-180 ms of CPU per
 * report on a small machine (bench/README.md), which would hold every request of the server
 * meanwhile. One worker per process, started with the first report and not keeping the process
 * alive. Where the worker's compiled file does not exist (the TypeScript sources run directly,
 * as in tests), the layout runs in this thread instead: same code, same result.
 */
const WORKER_FILE = new URL('./report-html-worker.js', import.meta.url);

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();

export async function renderHtmlOffThread(content: ReportContent): Promise<string> {
  if (!existsSync(fileURLToPath(WORKER_FILE))) {
    const { renderReportHtml } = await import('./report-html.js');
    return renderReportHtml(content);
  }
  const id = (nextId += 1);
  const answer = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
  const running = layoutWorker();
  // Held only while a report is being laid out: an idle worker never keeps the process alive.
  running.ref();
  running.postMessage({ id, content });
  return answer;
}

function layoutWorker(): Worker {
  if (worker !== undefined) return worker;
  const started = new Worker(WORKER_FILE);
  started.on('message', (message: { id: number; html?: string; error?: string }) => {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (waiting.size === 0) started.unref();
    if (message.html !== undefined) entry?.resolve(message.html);
    else entry?.reject(new Error(message.error ?? 'the report layout failed'));
  });
  const fail = (error: Error) => {
    worker = undefined;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the report layout worker stopped (exit code ${code})`)));
  // After the listeners: adding a 'message' listener refs the worker again.
  started.unref();
  worker = started;
  return started;
}

/** Starts the worker (and with it MJML's loading) before the first report is due; a scan calls it as it starts. */
export function preloadReportLayout(): void {
  if (existsSync(fileURLToPath(WORKER_FILE))) layoutWorker();
  else import('./report-html.js').catch(() => {});
}
