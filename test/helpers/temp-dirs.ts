import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** A fresh directory under the system's temporary folder, removed when the test file that made it is done (test/helpers/per-file.ts). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made since the last call. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
