import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import type { InsightsReport } from '../../src/insights/report.js';
import { startTestServer } from '../helpers/context.js';

const TOKEN = 'admin-token-for-the-runs-test-0123456789abcd';
const CHATGPT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const CURL = 'curl/8.5.0';
const page = (address: string) => `/api/v1/page?url=${encodeURIComponent(address)}`;

/**
 * The edge counts a request made like the last one (the same door, subject, status and agent)
 * where that one was counted, without spelling its kind out again: a run of the same request is
 * still counted once each, and anything that sets a request apart (its status, its agent, its
 * door) still counts it apart.
 */
describe('runs of the same request', () => {
  let server: RunningServer;
  let dataDir: string;
  let report: InsightsReport;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'insights-runs-'));
    server = await startTestServer(undefined, ['--admin-token', TOKEN, '--data-dir', dataDir]);
    const visits: readonly [string, string, number][] = [
      [page('/pl/uslugi/wdrozenie-ga4/'), CHATGPT, 200],
      [page('/pl/uslugi/wdrozenie-ga4/'), CHATGPT, 200],
      [page('/pl/nie-ma-takiej-strony/'), CHATGPT, 404],
      [page('/pl/uslugi/wdrozenie-ga4/'), CHATGPT, 200],
      [page('/pl/uslugi/wdrozenie-ga4/'), CURL, 200],
      ['/pl/uslugi/wdrozenie-ga4/', CHATGPT, 200],
      ['/pl/uslugi/wdrozenie-ga4/', CHATGPT, 200],
      ['/pl/kontakt/', CHATGPT, 200],
    ];
    for (const [address, userAgent, status] of visits) {
      const response = await fetch(`${server.url}${address}`, { headers: { 'user-agent': userAgent } });
      await response.arrayBuffer();
      expect(response.status, address).toBe(status);
    }
    report = (await (await fetch(`${server.url}/admin/insights.json`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as InsightsReport;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts every request of a run once', () => {
    expect(report.requests).toBe(8);
    expect(Object.fromEntries(report.surfaces.map((row) => [row.surface, row.requests]))).toEqual({ rest: 5, html: 3 });
  });

  it('counts a request whose status differs from the run apart', () => {
    expect(report.surfaces.find((row) => row.surface === 'rest')?.failed).toBe(1);
    expect(report.outcomes['client-error']).toBe(1);
  });

  it('counts a request whose agent differs from the run apart', () => {
    expect(report.agents).toEqual([
      { family: 'ai-user', agent: 'ChatGPT-User', requests: 7 },
      { family: 'other-bot', agent: 'curl', requests: 1 },
    ]);
  });

  it('counts pages read in a run as reads, each one', () => {
    expect(Object.fromEntries(report.pages.map((row) => [row.subject, row.requests]))).toEqual({ '/pl/uslugi/wdrozenie-ga4/': 2, '/pl/kontakt/': 1 });
    expect(report.funnelTotal.reads).toBe(7);
  });
});
