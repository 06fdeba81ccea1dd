import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../src/config/options.js';
import { REPO_ROOT } from '../helpers/paths.js';

interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: { registryType: string; identifier: string; version: string; transport: { type: string }; environmentVariables: { name: string }[] }[];
  remotes: { type: string; url: string }[];
  repository: { url: string; source: string };
}

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server.json'), 'utf8')) as ServerJson;
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string; mcpName: string; repository: { url: string } };

/** The MCP registry's rules for server.json (schema 2025-12-11). */
describe('server.json', () => {
  it('uses the 2025-12-11 schema', () => {
    expect(manifest.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  });

  it('has a reverse-DNS name with exactly one slash, equal to package.json mcpName', () => {
    expect(manifest.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(manifest.name.split('/')).toHaveLength(2);
    expect(manifest.name.length).toBeGreaterThanOrEqual(3);
    expect(manifest.name.length).toBeLessThanOrEqual(200);
    expect(pkg.mcpName).toBe(manifest.name);
  });

  it('has a description of at most 100 characters', () => {
    expect(manifest.description.length).toBeGreaterThan(0);
    expect(manifest.description.length).toBeLessThanOrEqual(100);
  });

  it('states the exact package version, in step with package.json', () => {
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.packages[0]!.version).toBe(pkg.version);
  });

  it('describes the npm package with the stdio transport', () => {
    expect(manifest.packages).toHaveLength(1);
    expect(manifest.packages[0]).toMatchObject({ registryType: 'npm', identifier: pkg.name, transport: { type: 'stdio' } });
  });

  it('names only environment variables the server reads', () => {
    const known = new Set(Object.values(OPTIONS).map((spec) => spec.env));
    for (const variable of manifest.packages[0]!.environmentVariables) expect(known, variable.name).toContain(variable.name);
  });

  it('offers a streamable-http remote at /mcp', () => {
    expect(manifest.remotes).toEqual([{ type: 'streamable-http', url: expect.stringMatching(/^https:\/\/.+\/mcp$/) }]);
  });

  it('points at the same source repository as package.json, whose owner the registry name is under', () => {
    expect(manifest.repository.source).toBe('github');
    expect(pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')).toBe(manifest.repository.url);
    const [, owner] = /^https:\/\/github\.com\/([^/]+)\//.exec(manifest.repository.url)!;
    expect(manifest.name.startsWith(`io.github.${owner}/`)).toBe(true);
  });
});
