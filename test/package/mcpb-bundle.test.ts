import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINI_SITE, REPO_ROOT } from '../helpers/paths.js';

const run = promisify(execFile);

interface McpbManifest {
  name: string;
  version: string;
  server: { type: string; entry_point: string; mcp_config: { command: string; args: string[]; env: Record<string, string> } };
  tools: { name: string }[];
  user_config: Record<string, { type: string; required?: boolean }>;
}

/** The command @anthropic-ai/mcpb declares (its `bin`, linked by npm), not a path inside the package. */
const MCPB_CLI = path.join(REPO_ROOT, 'node_modules', '.bin', 'mcpb');
const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const serverJson = JSON.parse(await readFile(path.join(REPO_ROOT, 'server.json'), 'utf8')) as { packages: { identifier: string; version: string }[] };

/** `${__dirname}` and `${user_config.*}` as a desktop assistant fills them in; an option left empty is an empty string. */
function substitute(value: string, dirname: string, userConfig: Record<string, string>): string {
  return value.replaceAll('${__dirname}', dirname).replace(/\$\{user_config\.([a-z_]+)\}/g, (_, key: string) => userConfig[key] ?? '');
}

/**
 * The desktop extension: built by scripts/mcpb.mjs (which validates it with the format's own
 * CLI), unpacked with that CLI, and started the way its manifest says, as a desktop assistant would.
 */
describe('the MCPB bundle', () => {
  let dir: string;
  let unpacked: string;
  let manifest: McpbManifest;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scm-mcpb-'));
    // Not execFileSync: a child that hangs would block this thread, and the hook's timeout with it.
    await run(process.execPath, ['scripts/mcpb.mjs', dir], { cwd: REPO_ROOT, timeout: 150_000 });
    unpacked = path.join(dir, 'unpacked');
    await run(process.execPath, [MCPB_CLI, 'unpack', path.join(dir, `${pkg.name}-${pkg.version}.mcpb`), unpacked], { timeout: 60_000 });
    manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as McpbManifest;
  }, 240_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function startDeclaredServer(userConfig: Record<string, string>): Promise<Client> {
    const { command, args, env } = manifest.server.mcp_config;
    const transport = new StdioClientTransport({
      command,
      args: args.map((arg) => substitute(arg, unpacked, userConfig)),
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...Object.fromEntries(Object.entries(env).map(([key, value]) => [key, substitute(value, unpacked, userConfig)])) },
      cwd: dir,
    });
    const client = new Client({ name: 'mcpb-test', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  it('names the same package and version as package.json and server.json', () => {
    expect(manifest).toMatchObject({ name: pkg.name, version: pkg.version });
    expect(serverJson.packages[0]).toMatchObject({ identifier: manifest.name, version: manifest.version });
  });

  it('lets the user choose the content directory, the public address and the remote server, none required', () => {
    expect(Object.keys(manifest.user_config).sort()).toEqual(['content_dir', 'public_base_url', 'remote_mcp_url']);
    expect(manifest.user_config.content_dir!.type).toBe('directory');
    for (const option of Object.values(manifest.user_config)) expect(option.required).toBe(false);
  });

  it('starts with nothing filled in and serves the bundled sample site, with the tools its manifest lists', async () => {
    const client = await startDeclaredServer({});
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(manifest.tools.map((tool) => tool.name).sort());
      const result = await client.callTool({ name: 'search_site', arguments: { query: 'cennik' } });
      expect((result.structuredContent as { data: { url: string }[] }).data[0]).toMatchObject({ url: 'https://miarka.example/pl/cennik/' });
    } finally {
      await client.close();
    }
  });

  it("serves the user's own content directory at the user's public address", async () => {
    const client = await startDeclaredServer({ content_dir: MINI_SITE, public_base_url: 'https://www.mini.example' });
    try {
      const result = await client.callTool({ name: 'get_contact', arguments: {} });
      expect(JSON.stringify(result.structuredContent)).toContain('https://www.mini.example/');
    } finally {
      await client.close();
    }
  });
});
