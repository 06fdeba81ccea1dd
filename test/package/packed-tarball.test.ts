import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

/**
 * What `npx site-content-mcp` does: the packed package, installed into an empty folder with
 * its production dependencies only, started over stdio from its bin.
 */
describe('the packed tarball', () => {
  let dir: string;
  let tarball: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scm-pack-'));
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO_ROOT, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(dir, packed[0]!.filename);
    execFileSync('npm', ['init', '-y'], { cwd: dir, stdio: 'ignore' });
    execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', tarball], { cwd: dir, stdio: 'ignore' });
  }, 180_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('ships only dist, content, server.json, the README and package.json', async () => {
    const top = await readdir(path.join(dir, 'node_modules', 'site-content-mcp'));
    // npm always adds the README and package.json; a nested node_modules is npm's, not ours.
    expect(top.filter((name) => name !== 'node_modules').sort()).toEqual(['README.md', 'content', 'dist', 'package.json', 'server.json']);
    const dist = await readdir(path.join(dir, 'node_modules', 'site-content-mcp', 'dist'));
    expect(dist).toEqual(['bin']);
  });

  it('starts from its bin over stdio and answers tools/list', async () => {
    const transport = new StdioClientTransport({
      command: path.join(dir, 'node_modules', '.bin', 'site-content-mcp'),
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
      cwd: dir,
    });
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
});
