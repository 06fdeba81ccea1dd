/**
 * Run by gc-deadline.test.ts as `node --expose-gc --import tsx`: fetches a page that trickles one
 * byte every 100 ms for 8 s while garbage collection runs every 50 ms, and prints how long the
 * fetch took and how it ended. A deadline that GC can collect never fires, and the fetch then
 * lasts as long as the page trickles.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Fetcher } from '../../src/net/fetcher.js';
import { TableResolver } from '../helpers/table-resolver.js';

const REQUEST_TIMEOUT_MS = Number(process.argv[2] ?? 1_000);
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  let sent = 0;
  const drip = setInterval(() => {
    res.write('a');
    if (++sent >= 80) {
      clearInterval(drip);
      res.end();
    }
  }, 100);
  res.on('close', () => clearInterval(drip));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const gcTimer = setInterval(collect, 50);
const fetcher = new Fetcher(
  { userAgent: 'gc-test', connectTimeoutMs: 1_000, requestTimeoutMs: REQUEST_TIMEOUT_MS, maxBodyBytes: 64 * 1024, maxRedirects: 0, concurrency: 1, requestBudget: 1 },
  { allowPrivate: true, allowedPorts: 'any' },
  new TableResolver({}),
  new AbortController().signal,
);
const started = performance.now();
const outcome = await fetcher.fetch(`http://127.0.0.1:${port}/`);
const elapsedMs = performance.now() - started;
clearInterval(gcTimer);
await fetcher.close();
server.closeAllConnections();
server.close();
process.stdout.write(`${JSON.stringify({ elapsedMs, outcome: outcome.ok ? 'ok' : outcome.failure.kind })}\n`);
