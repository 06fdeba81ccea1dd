import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import type { InsightsReport } from '../../src/insights/report.js';
import { startTestServer } from '../helpers/context.js';

const TOKEN = 'admin-token-for-the-connections-test-0123456';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const PAGES = ['/pl/uslugi/wdrozenie-ga4/', '/en/services/ga4-implementation/', '/pl/kontakt/'] as const;

/**
 * The HTTP edge keeps each request's record under its connection, one entry per connection
 * rather than one per request (decision 0152): every request a connection carries, one after
 * another or pipelined, is still counted once, with its own page and door.
 */
describe('requests sharing one connection', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'insights-connections-'));
    server = await startTestServer(undefined, ['--admin-token', TOKEN, '--data-dir', dataDir]);
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function report(): Promise<InsightsReport> {
    return (await (await fetch(`${server.url}/admin/insights.json`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as InsightsReport;
  }

  it('counts each request of a kept-alive connection once, with its own page', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    try {
      for (const page of [...PAGES, PAGES[0]]) {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.get(`${server.url}${page}`, { agent, headers: { 'user-agent': GPTBOT } }, (response) => {
            sockets.add(response.socket);
            response.resume().on('end', () => resolve(response.statusCode ?? 0));
          });
          request.on('error', reject);
        });
        expect(status, page).toBe(200);
      }
    } finally {
      agent.destroy();
    }
    expect(sockets.size).toBe(1);
    const pages = Object.fromEntries((await report()).pages.map((row) => [row.subject, row.requests]));
    expect(pages).toEqual({ [PAGES[0]]: 2, [PAGES[1]]: 1, [PAGES[2]]: 1 });
  });

  it('counts requests pipelined on one connection, each with its own page and door', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const answered = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    // Three requests in one write: the server reads the second and third while answering the first.
    const request = (page: string, extra = '') => `GET ${page} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: ${GPTBOT}\r\n${extra}\r\n`;
    socket.end(request(PAGES[0]) + request(PAGES[1], 'Accept: text/markdown\r\n') + request(PAGES[2], 'Connection: close\r\n'));
    const text = await answered;
    expect(text.match(/^HTTP\/1\.1 200 OK/gm)).toHaveLength(3);

    const counted = await report();
    expect(Object.fromEntries(counted.pages.map((row) => [row.subject, row.requests]))).toEqual({ [PAGES[0]]: 1, [PAGES[1]]: 1, [PAGES[2]]: 1 });
    expect(Object.fromEntries(counted.surfaces.map((row) => [row.surface, row.requests]))).toEqual({ html: 2, markdown: 1 });
    expect(counted.agents).toEqual([{ family: 'ai-training', agent: 'GPTBot', requests: 3 }]);
  });
});

/**
 * Each app's edge keeps its records under a key of its own: with two apps in one process (each
 * hears every response of the process), a request is counted by the app whose server answered it,
 * and only there.
 */
describe('two apps in one process', () => {
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];

  afterEach(async () => {
    for (const running of servers.splice(0)) await running.close();
    for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
  });

  async function started(): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'insights-two-apps-'));
    dataDirs.push(dataDir);
    const running = await startTestServer(undefined, ['--admin-token', TOKEN, '--data-dir', dataDir]);
    servers.push(running);
    return running;
  }

  async function pagesCounted(running: RunningServer): Promise<Record<string, number>> {
    const counted = (await (await fetch(`${running.url}/admin/insights.json`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as InsightsReport;
    return Object.fromEntries(counted.pages.map((row) => [row.subject, row.requests]));
  }

  it('counts each request in the app that answered it, and not in the other', async () => {
    const first = await started();
    const second = await started();
    for (const [running, page] of [[first, PAGES[0]], [second, PAGES[1]], [first, PAGES[0]]] as const) {
      const response = await fetch(`${running.url}${page}`, { headers: { 'user-agent': GPTBOT } });
      expect(response.status).toBe(200);
      await response.text();
    }
    expect(await pagesCounted(first)).toEqual({ [PAGES[0]]: 2 });
    expect(await pagesCounted(second)).toEqual({ [PAGES[1]]: 1 });
  });
});
