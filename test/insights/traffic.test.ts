import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import type { InsightsReport } from '../../src/insights/report.js';
import { reportText } from '../../src/insights/render-tables.js';
import { familyLabel, surfaceLabel } from '../../src/insights/render-html.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp, connectHttp2026, connectStdio } from '../helpers/mcp-client.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';

const TOKEN = 'admin-token-for-the-insights-test-0123456789';

/** Five agent families and a person, as their User-Agent strings say. */
const VISITORS = {
  'ai-user': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  'ai-search': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  'ai-training': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  'search-engine': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'other-bot': 'curl/8.5.0',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;
const NAMES = { 'ai-user': 'ChatGPT-User', 'ai-search': 'OAI-SearchBot', 'ai-training': 'GPTBot', 'search-engine': 'Googlebot', 'other-bot': 'curl', browser: '' } as const;

/** Every door but MCP, once per visitor: 10 requests, 5 of them reads. */
const DOORS: readonly { path: string; init?: RequestInit; accept?: string }[] = [
  { path: '/pl/uslugi/wdrozenie-ga4/' },
  { path: '/pl/uslugi/wdrozenie-ga4/', accept: 'text/markdown' },
  { path: '/en/services/ga4-implementation.md' },
  { path: '/llms.txt' },
  { path: '/pricing.md' },
  { path: '/sitemap.xml' },
  { path: '/robots.txt' },
  { path: '/api/v1/search?q=GA4' },
  { path: `/api/v1/page?url=${encodeURIComponent('/pl/uslugi/wdrozenie-ga4/')}` },
  { path: '/ask', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'GA4' }) } },
];

/**
 * The done-when of issue 26: traffic as five agent families and a browser through every door,
 * on two instances sharing Redis (and a stdio process using the same Redis), and the dashboard,
 * its JSON and the `insights` command show the same counts.
 */
describe.skipIf(SKIP_REDIS)('insights across two instances sharing Redis', () => {
  let redis: RedisServer;
  let first: RunningServer;
  let second: RunningServer;
  let report: InsightsReport & { days: number };
  const dataDirs: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const argv = ['--redis-url', redis.url, '--admin-token', TOKEN];
    const dir = () => {
      const created = mkdtempSync(path.join(tmpdir(), 'insights-test-'));
      dataDirs.push(created);
      return created;
    };
    [first, second] = await Promise.all([startTestServer(MINI_SITE, [...argv, '--data-dir', dir()]), startTestServer(MINI_SITE, [...argv, '--data-dir', dir()])]);

    // Each visitor goes through every door, alternating between the two instances.
    let turn = 0;
    for (const ua of Object.values(VISITORS)) {
      for (const door of DOORS) {
        const server = turn++ % 2 === 0 ? first : second;
        const headers = { 'user-agent': ua, ...(door.accept === undefined ? {} : { accept: door.accept }), ...((door.init?.headers as Record<string, string> | undefined) ?? {}) };
        const response = await fetch(`${server.url}${door.path}`, { ...door.init, headers });
        expect(response.status, `${door.path} for ${ua}`).toBe(200);
        await response.arrayBuffer();
      }
    }
    // MCP over both transports and both revisions: 2025-11-25 over HTTP on one instance, 2026-07-28 on the other, stdio with the same Redis.
    const legacy = await connectHttp(first.url);
    await legacy.callTool({ name: 'search_site', arguments: { query: 'GA4' } });
    await legacy.close();
    const modern = await connectHttp2026(second.url);
    await modern.callTool({ name: 'search_site', arguments: { query: 'GA4' } });
    await modern.close();
    const stdio = await connectStdio([], { CONTENT_DIR: MINI_SITE, REDIS_URL: redis.url, DATA_DIR: dir() });
    await stdio.client.callTool({ name: 'search_site', arguments: { query: 'GA4' } });
    await stdio.client.close();

    await second.ctx.insights!.flush();
    const answer = await fetch(`${first.url}/admin/insights.json?days=7`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    report = (await answer.json()) as InsightsReport & { days: number };
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('counts every door once per visitor, from both instances together', () => {
    const requests = Object.fromEntries(report.surfaces.map((row) => [row.surface, row.requests]));
    expect(requests).toMatchObject({ html: 6, markdown: 12, 'llms-txt': 6, 'pricing-md': 6, sitemap: 6, 'robots-txt': 6, rest: 12, ask: 6 });
    for (const row of report.surfaces) if (row.surface !== 'mcp') expect(row.failed, row.surface).toBe(0);
  });

  it('tells the agent families and names the crawlers, never keeping the User-Agent string', () => {
    for (const [family, name] of Object.entries(NAMES)) {
      expect(report.agents).toContainEqual({ family, agent: name, requests: DOORS.length });
    }
    expect(JSON.stringify(report)).not.toContain('Mozilla');
    expect(JSON.stringify(report)).not.toContain('curl/8');
  });

  it('counts reads per day by family: pages, Markdown, llms.txt, pricing.md and the REST page', () => {
    const today = report.readsByDay.at(-1)!;
    for (const family of Object.keys(VISITORS)) expect(today.byFamily[family as keyof typeof today.byFamily]).toBe(6);
    expect(report.funnelTotal.reads).toBe(36 + 0);
  });

  it('counts MCP tool calls over both transports and both revisions, with the clients named', () => {
    expect(report.tools).toContainEqual(expect.objectContaining({ subject: 'search_site', requests: 3, failed: 0 }));
    const vias = report.mcpRevisions.map((row) => row.via);
    expect(vias).toEqual(expect.arrayContaining(['http 2025-11-25', 'http 2026-07-28', 'stdio']));
    const clients = report.agents.filter((row) => row.family === 'mcp-client').map((row) => row.agent);
    expect(clients).toEqual(expect.arrayContaining(['test-client', 'test-client-v2']));
  });

  it('shows the same numbers on the page as in the JSON', async () => {
    const page = await (await fetch(`${first.url}/admin/?days=7&lang=en`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    for (const row of report.surfaces) expect(page).toContain(`<th scope="row">${surfaceLabel('en', row.surface)}</th><td class="n">${row.requests}</td>`);
    for (const row of report.agents) expect(page).toContain(`<th scope="row">${familyLabel('en', row.family)}</th><td>${row.agent === '' ? '(no name)' : row.agent}</td><td class="n">${row.requests}</td>`);
    expect(page).toContain(`<th scope="row"><strong>Total</strong></th><td class="n">${report.funnelTotal.reads}</td>`);
  });

  it('prints the same tables in the terminal with `site-content-mcp insights`', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [BUILT_CLI, 'insights', '--redis-url', redis.url], { env: { PATH: process.env.PATH ?? '', LANG: 'en_GB.UTF-8', LOG_LEVEL: 'warn' } });
    const thirtyDays = (await (await fetch(`${first.url}/admin/insights.json?days=30`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as InsightsReport;
    expect(stdout).toBe(reportText(thirtyDays, 'en', 30));
  });

  it('answers the JSON and CSV only with the admin token', async () => {
    expect((await fetch(`${first.url}/admin/insights.json`)).status).toBe(401);
    expect((await fetch(`${first.url}/admin/insights.json`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const csv = await fetch(`${second.url}/admin/insights.csv?days=7`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('surfaces,llms.txt,6,0,');
  });
});
