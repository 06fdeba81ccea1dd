import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { scanStatusSchema } from '../../tools/scan-schemas.js';
import { startTestServer } from '../helpers/context.js';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { connectStdio } from '../helpers/mcp-client.js';
import { MINI_SITE } from '../helpers/paths.js';

describe('the scan tools over stdio (the built CLI) run on the site\'s own server', () => {
  let site: FixtureSite;
  let remote: RunningServer;
  let client: Client;
  let desktopDataDir: string;
  let remoteDataDir: string;

  beforeAll(async () => {
    site = await startFixtureSite({ '/': { body: html('<title>Acme Heating: boiler engineers in Leeds</title>', '<main><h1>Acme</h1><p>Boilers.</p></main>') } });
    remoteDataDir = await mkdtemp(path.join(tmpdir(), 'scan-remote-'));
    desktopDataDir = await mkdtemp(path.join(tmpdir(), 'scan-desktop-'));
    remote = await startTestServer(MINI_SITE, ['--scan-allow-private-targets', '1', '--data-dir', remoteDataDir]);
    ({ client } = await connectStdio([], { CONTENT_DIR: MINI_SITE, REMOTE_MCP_URL: `${remote.url}/mcp`, DATA_DIR: desktopDataDir }));
  });
  afterAll(async () => {
    await client?.close();
    await remote?.close();
    await site?.close();
    await Promise.all([remoteDataDir, desktopDataDir].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('returns the remote scan, and get_scan_result finds it there', async () => {
    const started = scanStatusSchema.parse((await client.callTool({ name: 'scan_ai_visibility', arguments: { url: `${site.origin}/`, email: 'anna@acme-heating.co.uk', consent: true } })).structuredContent);
    expect(started).toMatchObject({ status: 'done', result: { outcome: 'graded', report_email: { status: 'queued' } } });
    const again = scanStatusSchema.parse((await client.callTool({ name: 'get_scan_result', arguments: { scan_id: started.scan_id } })).structuredContent);
    expect(again.result).toEqual(started.result);
    expect(site.requests.length).toBeGreaterThan(0);
  });

  it('keeps nothing on the desktop machine', async () => {
    expect(await readdir(desktopDataDir)).toEqual([]);
  });
});
