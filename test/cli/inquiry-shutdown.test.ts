import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { exitOf, serveCli, type ServedCli } from '../helpers/cli-server.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const INQUIRY = { name: 'Jan Kowalski', email: 'jan.kowalski@firma.pl', message: 'Proszę o kontakt.', consent: true };

describe('SIGTERM with an inquiry waiting in the outbox', () => {
  let dataDir: string;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  async function queueOne(port: number): Promise<{ served: ServedCli; id: string }> {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
    const served = await serveCli({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const client = await connectHttp(served.url);
    const result = (await client.callTool({ name: 'send_inquiry', arguments: INQUIRY })) as CallToolResult;
    await client.close();
    expect(result.structuredContent).toMatchObject({ status: 'queued' });
    return { served, id: (result.structuredContent as { inquiry_id: string }).inquiry_id };
  }

  it('delivers it before exiting when the SMTP server is back', async () => {
    const port = await freePort();
    const { served, id } = await queueOne(port);
    smtp = await startSmtpServer({ port });
    served.child.kill('SIGTERM');

    expect(await exitOf(served.child)).toBe(0);
    expect(smtp.received.map((mail) => mail.header('message-id'))).toEqual([`<${id}@testowa.example>`]);
    expect(await readdir(path.join(dataDir, 'outbox', 'pending'))).toEqual([]);
  });

  it('exits 0 with the outbox intact when the SMTP server is still down', async () => {
    const { served, id } = await queueOne(await freePort());
    served.child.kill('SIGTERM');

    expect(await exitOf(served.child)).toBe(0);
    expect(await readdir(path.join(dataDir, 'outbox', 'pending'))).toEqual([`${id}.json`]);
    expect(await readdir(path.join(dataDir, 'outbox', 'processing'))).toEqual([]);
  });
});
