import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { cachedPackage } from '../../scripts/cached-package.js';
import { BUILT_CLI, MINI_SITE, REPO_ROOT } from '../helpers/paths.js';

/** The newest MCP Inspector when this was written; it needs Node >= 22.19, hence node22.sh. */
const INSPECTOR_VERSION = '2.12.0';

let inspectorCli: string;
let node22: string;
let home: string;
let server: RunningServer;

beforeAll(async () => {
  inspectorCli = path.join(cachedPackage('@modelcontextprotocol/inspector', INSPECTOR_VERSION), 'clients', 'launcher', 'build', 'index.js');
  node22 = execFileSync(path.join(REPO_ROOT, 'scripts', 'node22.sh'), { encoding: 'utf8' }).trim();
  // The Inspector keeps a catalog in the home directory; give it a throwaway one.
  home = await mkdtemp(path.join(os.tmpdir(), 'inspector-home-'));
  server = await startTestServer();
}, 300_000);
afterAll(async () => {
  await server?.close();
  await rm(home, { recursive: true, force: true });
});

/** The MCP Inspector's CLI mode (the published `mcp-inspector --cli`), answering with the JSON it prints. */
async function inspector(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(node22, [inspectorCli, '--cli', ...args], { env: { PATH: process.env.PATH ?? '', HOME: home }, timeout: 60_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const stdioTarget = ['-e', `CONTENT_DIR=${MINI_SITE}`, '-e', 'LOG_LEVEL=warn', process.execPath, BUILT_CLI];

describe('the MCP Inspector (latest) connects', () => {
  it('over stdio, lists the tools and calls search_site', async () => {
    const { tools } = (await inspector([...stdioTarget, '--method', 'tools/list'])) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toContain('search_site');
    const result = (await inspector([...stdioTarget, '--method', 'tools/call', '--tool-name', 'search_site', '--tool-arg', 'query=kontakt'])) as { structuredContent: { data: { url: string }[] } };
    expect(result.structuredContent.data[0]?.url).toBe('https://testowa.example/pl/kontakt/');
  }, 90_000);

  it('over Streamable HTTP, lists the tools, calls get_page and reads a resource', async () => {
    const target = `${server.url}/mcp`;
    const { tools } = (await inspector([target, '--method', 'tools/list'])) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toContain('get_page');
    const page = (await inspector([target, '--method', 'tools/call', '--tool-name', 'get_page', '--tool-arg', 'url=/pl/kontakt/'])) as { structuredContent: { url: string } };
    expect(page.structuredContent.url).toBe(`${server.ctx.content.current().urls.publicBaseUrl}/pl/kontakt/`);
    const { contents } = (await inspector([target, '--method', 'resources/read', '--uri', `${server.ctx.content.current().urls.publicBaseUrl}/llms.txt`])) as { contents: { text: string }[] };
    expect(contents[0]?.text).toContain('# ');
  }, 90_000);
});
