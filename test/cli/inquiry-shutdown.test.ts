import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const INQUIRY = { name: 'Jan Kowalski', email: 'jan.kowalski@firma.pl', message: 'Proszę o kontakt.', consent: true };

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stderr: () => string;
}

/** The built CLI serving HTTP, as operators run it; resolves once it listens. */
async function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--port', '0'], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'info', ...env } });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)","publicBaseUrl".*"msg":"listening"/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

describe('SIGTERM with an inquiry waiting in the outbox', () => {
  let dataDir: string;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  async function queueOne(port: number): Promise<{ served: Served; id: string }> {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
    const served = await serve({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
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
