import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

let dataDir: string | undefined;
const created: string[] = [];

/**
 * One throwaway data directory per test file (the generated signing key lives there), so tests
 * never touch the user's own state directory and no file sees another's state: test files share
 * their worker process (vitest.config.ts, `isolate: false`), and test/helpers/per-file.ts starts
 * each file with a new one. Removed when the process exits.
 */
export function testDataDir(): string {
  if (dataDir === undefined) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'site-content-mcp-test-'));
    if (created.length === 0) process.once('exit', () => created.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    created.push(dataDir);
  }
  return dataDir;
}

/** The next testDataDir() is a new directory (called before each test file). */
export function forgetTestDataDir(): void {
  dataDir = undefined;
}
