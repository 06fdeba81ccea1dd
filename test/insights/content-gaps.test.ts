import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import type { InsightsReport } from '../../src/insights/report.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const TOKEN = 'admin-token-for-the-content-gaps-test-012345';
const asAdmin = { headers: { authorization: `Bearer ${TOKEN}` } };

/**
 * Questions the sample site cannot answer, asked through search_site, the REST search and /ask,
 * are listed as content gaps: grouped after normalisation, with their language, and with
 * e-mail addresses, phone numbers and long digit runs removed before anything was kept.
 */
describe('content gaps', () => {
  let server: RunningServer;
  let dataDir: string;
  let gaps: InsightsReport['gaps'];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'insights-gaps-'));
    server = await startTestServer(SAMPLE_SITE, ['--admin-token', TOKEN, '--data-dir', dataDir]);
    const mcp = await connectHttp(server.url);
    await mcp.callTool({ name: 'search_site', arguments: { query: 'Do you sell pizza?' } });
    await mcp.callTool({ name: 'search_site', arguments: { query: 'do you  SELL pizza' } });
    await mcp.callTool({ name: 'search_site', arguments: { query: 'Jak ugotować pierogi?', lang: 'pl' } });
    await mcp.callTool({ name: 'search_site', arguments: { query: 'server-side tagging price' } });
    await mcp.close();
    await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent('call me at +48 601 234 567 about quantum computing')}`);
    await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent('call me at +48 601 234 567 about quantum computing')}`);
    await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'write to jan.kowalski@example.com about order 123456789 refunds' }) });
    const report = (await (await fetch(`${server.url}/admin/insights.json`, asAdmin)).json()) as InsightsReport;
    gaps = report.gaps;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists a question asked twice in two spellings once, counted twice, in its language', () => {
    expect(gaps).toContainEqual({ question: 'do you sell pizza', lang: 'en', count: 2 });
    expect(gaps).toContainEqual({ question: 'jak ugotować pierogi', lang: 'pl', count: 1 });
  });

  it('counts a cached REST answer each time it is asked', () => {
    expect(gaps).toContainEqual({ question: 'call me at [phone] about quantum computing', lang: 'en', count: 2 });
  });

  it('keeps no e-mail address, phone number or long digit run', () => {
    expect(gaps).toContainEqual(expect.objectContaining({ question: 'write to [e-mail] about order [phone] refunds' }));
    const kept = readFileSync(path.join(dataDir, 'insights', 'days.json'), 'utf8');
    for (const secret of ['601', 'jan.kowalski', 'example.com', '123456789']) expect(kept).not.toContain(secret);
  });

  it('does not list a question the site answers well', () => {
    expect(gaps.map((gap) => gap.question)).not.toContain('server-side tagging price');
  });

  it('keeps the counts across a restart with the same data directory', async () => {
    await server.close();
    server = await startTestServer(SAMPLE_SITE, ['--admin-token', TOKEN, '--data-dir', dataDir]);
    const report = (await (await fetch(`${server.url}/admin/insights.json`, asAdmin)).json()) as InsightsReport;
    expect(report.gaps).toEqual(gaps);
  });
});
