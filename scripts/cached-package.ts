import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The directory of `name@version`, installed on first use, pinned, into node_modules/.cache
 * rather than being a dev dependency: tools that declare Node 22 (the MCP conformance CLI, the
 * current MCP Inspector) would make `npm ci` on Node 20 print an engine warning for a tool only
 * one script or test runs. Run such tools with scripts/node22.sh.
 */
export function cachedPackage(name: string, version: string): string {
  const prefix = path.join(REPO_ROOT, 'node_modules', '.cache', `${name.replace(/^@/, '').replace('/', '-')}-${version}`);
  const directory = path.join(prefix, 'node_modules', name);
  if (!existsSync(path.join(directory, 'package.json'))) {
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${name}@${version}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return directory;
}
