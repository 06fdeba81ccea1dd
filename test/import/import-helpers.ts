import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runImport, type ImportOptions, type ImportReport } from '../../src/import/run-import.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import { tempDir } from '../helpers/temp-dirs.js';

/** A fresh output directory, removed when the test file is done. */
export function outputDir(): Promise<string> {
  return tempDir('import-out-');
}

/** An import as the CLI runs it, in the test-only mode that reaches loopback (SCAN_ALLOW_PRIVATE_TARGETS=1), politeness off. */
export function importSite(startUrl: string, outDir: string, overrides: Partial<ImportOptions> = {}): Promise<ImportReport> {
  return runImport({
    startUrl,
    outDir,
    version: '0.0.0-test',
    network: NetworkPolicy.create(true, systemResolver),
    maxPages: 2000,
    include: [],
    exclude: [],
    discover: false,
    concurrency: 4,
    delayMs: 0,
    ...overrides,
  });
}

/** Every file under a folder with a hash of its bytes. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
  }
  return result;
}
