import { parentPort } from 'node:worker_threads';
import { renderReportHtml } from './report-html.js';
import type { ReportContent } from './report-content.js';

/** The worker thread of report-layout-worker.ts: lays out one report per message. */
parentPort?.on('message', (message: { id: number; content: ReportContent }) => {
  renderReportHtml(message.content).then(
    (html) => parentPort?.postMessage({ id: message.id, html }),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
