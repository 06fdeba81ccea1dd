import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer, testContext } from '../helpers/context.js';
import { freePort } from '../helpers/free-port.js';
import { connectStdio } from '../helpers/mcp-client.js';
import { MINI_SITE } from '../helpers/paths.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const INQUIRY = { name: 'Anna Nowak', email: 'anna.nowak@firma.pl', message: 'Please call me about a GA4 audit.', lang: 'en', consent: true };

function textOf(result: CallToolResult): string {
  return (result.content[0] as { text: string }).text;
}

describe('send_inquiry over stdio (the built CLI) is passed to the site\'s own server', () => {
  let smtp: TestSmtpServer;
  let remote: RunningServer;
  let client: Client;
  let desktopDataDir: string;
  let remoteDataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    remoteDataDir = await mkdtemp(path.join(tmpdir(), 'remote-'));
    desktopDataDir = await mkdtemp(path.join(tmpdir(), 'desktop-'));
    remote = await startTestServer(MINI_SITE, ['--smtp-url', smtp.url, '--data-dir', remoteDataDir]);
    ({ client } = await connectStdio([], { CONTENT_DIR: MINI_SITE, REMOTE_MCP_URL: `${remote.url}/mcp`, DATA_DIR: desktopDataDir }));
  });
  afterAll(async () => {
    await client?.close();
    await remote?.close();
    await smtp?.stop();
    await Promise.all([remoteDataDir, desktopDataDir].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('returns the remote answer, and the remote server sends the mail', async () => {
    const result = (await client.callTool({ name: 'send_inquiry', arguments: INQUIRY })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ inquiry_id: expect.stringMatching(/^inq_/), status: 'sent', next_step: 'We will reply within one business day.' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.header('reply-to')).toBe('anna.nowak@firma.pl');
  });

  it('keeps nothing on the desktop machine: no outbox is created there', async () => {
    expect(await readdir(desktopDataDir)).toEqual([]);
  });

  it('checks the arguments locally first: a bad call never reaches the remote', async () => {
    const before = smtp.received.length;
    const result = (await client.callTool({ name: 'send_inquiry', arguments: { ...INQUIRY, email: 'anna@firma.pl, spy@evil.com' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('email: must be a single address, not a list');
    expect(smtp.received).toHaveLength(before);
  });

  it("passes the remote server's refusals on as they are", async () => {
    const person = { ...INQUIRY, email: 'limit@firma.pl' };
    for (const message of ['One', 'Two']) expect((await client.callTool({ name: 'send_inquiry', arguments: { ...person, message } })).isError).toBeFalsy();
    const refused = (await client.callTool({ name: 'send_inquiry', arguments: { ...person, message: 'Three' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('[quota-exceeded] Limit reached (2 inquiries per e-mail address per day)');
  });

  it('still answers the read-only tools itself', async () => {
    const result = await client.callTool({ name: 'get_contact', arguments: { lang: 'pl' } });
    expect(result.structuredContent).toMatchObject({ email: 'kontakt@testowa.example' });
  });
});

describe('send_inquiry over stdio when the site\'s server cannot be reached', () => {
  let client: Client;
  beforeAll(async () => {
    const closedPort = await freePort();
    ({ client } = await connectStdio([], { CONTENT_DIR: MINI_SITE, REMOTE_MCP_URL: `http://127.0.0.1:${closedPort}/mcp` }));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('says so, says nothing was sent, and gives the contact options in the person\'s language', async () => {
    const result = (await client.callTool({ name: 'send_inquiry', arguments: { ...INQUIRY, lang: 'pl' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^\[remote-unreachable\] send_inquiry runs on the site's server at http:\/\/127\.0\.0\.1:\d+\/mcp, which cannot be reached right now; nothing was sent\./);
    expect(textOf(result)).toContain('Contact Testowa Firma sp. z o.o. directly instead: e-mail kontakt@testowa.example, phone +48 22 000 00 00, contact page https://testowa.example/pl/kontakt/.');
  });
});

describe('the remote MCP URL', () => {
  it("is the site's own /mcp by default", async () => {
    const ctx = await testContext();
    try {
      expect(ctx.remoteTools.url).toBe('https://testowa.example/mcp');
    } finally {
      await ctx.close();
    }
  });

  it('may be configured', async () => {
    const ctx = await testContext(MINI_SITE, {}, ['--remote-mcp-url', 'https://agents.testowa.example/mcp']);
    try {
      expect(ctx.remoteTools.url).toBe('https://agents.testowa.example/mcp');
    } finally {
      await ctx.close();
    }
  });
});
