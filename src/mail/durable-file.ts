import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Personal data lives in these files: only the server's own user may read them. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

/**
 * Writes `data` so that `target` either does not exist or holds all of it, whatever happens to
 * the process or the machine: the bytes go to `tmpPath` (same file system), are flushed to disk,
 * the file is renamed over `target` (atomic on POSIX), and the directory entry is flushed too.
 * `beforeRename` exists for tests that kill the process at the worst moment.
 */
export async function writeFileDurably(target: string, data: string, tmpPath: string, beforeRename?: (tmpPath: string) => Promise<void> | void): Promise<void> {
  const handle = await open(tmpPath, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(tmpPath).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await beforeRename?.(tmpPath);
    await rename(tmpPath, target);
  } catch (error) {
    await unlink(tmpPath).catch(() => undefined);
    throw error;
  }
  await syncDirectory(path.dirname(target));
}

/**
 * Flushes a directory's entries (a rename or an unlink) to disk. Windows cannot open a directory
 * for this and persists renames on its own; there the refusal is ignored.
 */
export async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
  } catch (error) {
    if (process.platform === 'win32') return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!(process.platform === 'win32' || code === 'EINVAL' || code === 'EISDIR' || code === 'EPERM')) throw error;
  } finally {
    await handle.close();
  }
}
