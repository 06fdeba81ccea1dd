import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../helpers/mcp-client.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { startServeProcess } from '../helpers/served-process.js';

/**
 * A fresh clone: the files git knows (tracked or new, not ignored), so no dist/ and no
 * node_modules of its own; the dev dependencies are linked in, as `npm ci` would install them.
 */
async function freshClone(into: string): Promise<void> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    await mkdir(path.join(into, path.dirname(file)), { recursive: true });
    await cp(path.join(REPO_ROOT, file), path.join(into, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted in the working tree but not yet in the index
    });
  }
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(into, 'node_modules'), 'dir');
}

/**
 * What `npx site-content-mcp` does: the package packed from a fresh clone (so `prepack` must
 * build it), installed into an empty folder with production dependencies only, started from
 * its bin over stdio and over HTTP.
 */
describe('the packed tarball', () => {
  let dir: string;
  let installed: string;
  let bin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scm-pack-'));
    const clone = path.join(dir, 'clone');
    const project = path.join(dir, 'project');
    await mkdir(project);
    await freshClone(clone);
    execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: clone, stdio: 'ignore' });
    const tarball = (await readdir(dir)).find((name) => name.endsWith('.tgz'))!;
    execFileSync('npm', ['init', '-y'], { cwd: project, stdio: 'ignore' });
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', path.join(dir, tarball)], { cwd: project, stdio: 'ignore' });
    installed = path.join(project, 'node_modules', 'site-content-mcp');
    bin = path.join(project, 'node_modules', '.bin', 'site-content-mcp');
    // A whole build (prepack) and two npm runs: over 3 minutes on a loaded 2-core machine. A hang detector, not a speed bound.
  }, 600_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('ships only the built bin, the sample content, server.json, the licence, the README and package.json', async () => {
    expect((await readdir(installed)).sort()).toEqual(['LICENSE', 'README.md', 'content', 'dist', 'package.json', 'server.json']);
    expect(await readdir(path.join(installed, 'dist'))).toEqual(['bin']);
  });

  it('installs nothing else: the bundle holds every library it runs', async () => {
    const modules = (await readdir(path.join(installed, '..'))).filter((name) => !name.startsWith('.'));
    expect(modules).toEqual(['site-content-mcp']);
  });

  it('starts from its bin over stdio and answers a search', async () => {
    const transport = new StdioClientTransport({ command: bin, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' }, cwd: dir });
    const client = new Client({ name: 'pack-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search_site');
      const result = await client.callTool({ name: 'search_site', arguments: { query: 'cennik' } });
      expect((result.structuredContent as { data: { url: string }[] }).data[0]).toMatchObject({ url: 'https://miarka.example/pl/cennik/' });
    } finally {
      await client.close();
    }
  });

  it('serves HTTP from its bin: MCP at /mcp and the agent-facing llms.txt', async () => {
    const served = await startServeProcess(bin, ['serve', '--port', '0', '--host', '127.0.0.1'], { DATA_DIR: path.join(dir, 'data') });
    try {
      const llms = await fetch(`${served.url}/llms.txt`);
      expect(llms.status).toBe(200);
      const client = await connectHttp(served.url);
      const result = await client.callTool({ name: 'search_site', arguments: { query: 'cennik' } });
      await client.close();
      expect((result.structuredContent as { data: { url: string }[] }).data[0]).toMatchObject({ url: expect.stringContaining('/pl/cennik/') });
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});
