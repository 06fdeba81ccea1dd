import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS } from '../../src/http/connections.js';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';

let server: RunningServer | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close(0);
  server = undefined;
});

function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Resolves with the milliseconds from now until the server closes the socket. */
function closedAfter(socket: net.Socket): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    socket.on('error', () => {});
    socket.once('close', () => resolve(performance.now() - started));
  });
}

describe('slow clients (slowloris)', () => {
  it('are cut off within 11 s of connecting by the production limits', () => {
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs + DEFAULT_CONNECTION_LIMITS.timeoutCheckIntervalMs).toBeLessThanOrEqual(11_000);
  });

  it('lose their sockets at the headers timeout plus one check interval, however steadily they send header lines', async () => {
    server = await startTestServer(MINI_SITE, [], {}, { headersTimeoutMs: 600, timeoutCheckIntervalMs: 100 });
    const slow = await Promise.all(Array.from({ length: 20 }, () => connect(server!.url)));
    const drips: NodeJS.Timeout[] = [];
    for (const socket of slow) {
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
      drips.push(setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100));
    }
    const closedAfterMs = await Promise.all(slow.map(closedAfter));
    drips.forEach(clearInterval);
    // Without the check interval (Node's default is 30 s) they would stay open for 30 s and more.
    expect(Math.max(...closedAfterMs)).toBeLessThan(600 + 100 + 700);
  });
});

describe('open connections', () => {
  it('are bounded: a connection beyond --max-connections is closed at once', async () => {
    server = await startTestServer(MINI_SITE, ['--max-connections', '5']);
    await Promise.all(Array.from({ length: 5 }, () => connect(server!.url)));
    const extra = await connect(server.url);
    const received: Buffer[] = [];
    extra.on('data', (chunk: Buffer) => received.push(chunk));
    extra.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closedAfter(extra);
    expect(Buffer.concat(received).length).toBe(0);
  });
});
