import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

/** Every module under src/ that imports `specifier`, as paths relative to src/. */
async function importersOf(specifier: string): Promise<string[]> {
  const srcDir = path.join(REPO_ROOT, 'src');
  const files = (await readdir(srcDir, { recursive: true })).filter((file) => file.endsWith('.ts'));
  const pattern = new RegExp(`(from|import\\()\\s*['"]${specifier}['"/]`);
  const importers: string[] = [];
  for (const file of files) {
    if (pattern.test(await readFile(path.join(srcDir, file), 'utf8'))) importers.push(file.split(path.sep).join('/'));
  }
  return importers.sort();
}

describe('one network layer', () => {
  it('is the only code that imports the HTTP client', async () => {
    const importers = await importersOf('undici');
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !file.startsWith('net/'))).toEqual([]);
  });
});
