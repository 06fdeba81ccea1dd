import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runImport, type ImportOptions, type ImportReport } from '../../src/import/run-import.js';
import { NetworkPolicy } from '../../src/net/network-policy.js';
import { systemResolver } from '../../src/net/resolver.js';
import { afterEach } from 'vitest';
import { startFixtureSite, type FixtureSite, type Routes } from '../helpers/fixture-site.js';
import { tempDir } from '../helpers/temp-dirs.js';

/** A paragraph long enough for a page to be read as content. */
export const TEXT = 'We plan, build and measure websites for small companies, and we explain every number we report to you.';

/** Starts loopback sites for the calling test file; each is closed after the test that started it. */
export function siteServer(): (routes: Routes | ((origin: string) => Routes)) => Promise<FixtureSite> {
  const sites: FixtureSite[] = [];
  afterEach(async () => {
    await Promise.all(sites.splice(0).map((site) => site.close()));
  });
  return async (routes) => {
    const site = await startFixtureSite(routes);
    sites.push(site);
    return site;
  };
}

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
    lang: 'en',
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
