import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

interface LockEntry {
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/**
 * `npm ci` is a newcomer's first command; on the oldest Node we support it must not warn that a
 * package needs a newer one (tools that do, like the MCP conformance CLI, are fetched by the
 * script that runs them).
 */
describe('the Node engines', () => {
  it('every installed package accepts the oldest Node we support', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .map(([location, entry]) => ({ location, range: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ range }) => range !== undefined && !semver.satisfies(oldest, range, { includePrerelease: true }))
      .map(({ location, range }) => `${location} needs node ${range}`);
    expect(refusing, `oldest supported Node ${oldest}`).toEqual([]);
  });
});
