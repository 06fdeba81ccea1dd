import { randomBytes } from 'node:crypto';
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../process-alive.js';

/** Who holds a lock: written into the lock file. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly token: string;
  readonly since: string;
}

/** A lock not refreshed for this long is stale (its holder is gone, perhaps on another host). */
export const LOCK_STALE_MS = 5 * 60_000;
/** How often the holder refreshes the lock file's time. */
const LOCK_REFRESH_MS = 60_000;
/** How often a waiting process looks again. */
const LOCK_POLL_MS = 250;
/** A lock file that cannot be read is taken over once it is this old (its writer died between creating and writing it). */
const UNREADABLE_GRACE_MS = 5_000;

/**
 * A lock file in a directory that several processes share (`serve --source` instances on one
 * DATA_DIR without a shared store). Taking it creates the file exclusively; a process that finds
 * it held waits until it is released. A lock whose holder is gone is taken over: one whose
 * process no longer runs on this host (kill -9), or one not refreshed for `LOCK_STALE_MS`
 * (its holder refreshes it every minute), so a killed process never leaves the directory locked.
 */
export class DirectoryLock {
  readonly #token = randomBytes(8).toString('hex');

  constructor(readonly file: string) {}

  /** Waits for the lock (calling `onWait` once with the holder when it has to), then holds it until the returned release is called. */
  async acquire(signal: AbortSignal, onWait?: (holder: LockHolder | undefined) => void): Promise<() => Promise<void>> {
    let told = false;
    for (;;) {
      signal.throwIfAborted();
      const holder: LockHolder = { pid: process.pid, host: hostname(), token: this.#token, since: new Date().toISOString() };
      try {
        await writeFile(this.file, JSON.stringify(holder), { flag: 'wx' });
        return this.#held();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = await this.#holder();
      if (found === 'gone') continue;
      if (found.stale) {
        await this.#removeIf(found.text);
        continue;
      }
      if (!told) {
        onWait?.(found.holder);
        told = true;
      }
      await sleep(LOCK_POLL_MS, undefined, { signal });
    }
  }

  #held(): () => Promise<void> {
    const refresh = setInterval(() => {
      const now = new Date();
      void utimes(this.file, now, now).catch(() => undefined);
    }, LOCK_REFRESH_MS);
    refresh.unref();
    return async () => {
      clearInterval(refresh);
      const text = await readFile(this.file, 'utf8').catch(() => undefined);
      if (text !== undefined && parseHolder(text)?.token === this.#token) await rm(this.file, { force: true });
    };
  }

  async #holder(): Promise<'gone' | { text: string; holder: LockHolder | undefined; stale: boolean }> {
    let text: string;
    let age: number;
    try {
      [text, age] = await Promise.all([readFile(this.file, 'utf8'), stat(this.file).then((info) => Date.now() - info.mtimeMs)]);
    } catch {
      return 'gone';
    }
    const holder = parseHolder(text);
    if (holder === undefined) return { text, holder, stale: age > UNREADABLE_GRACE_MS };
    const dead = holder.host === hostname() && !isProcessAlive(holder.pid);
    return { text, holder, stale: dead || age > LOCK_STALE_MS };
  }

  /** Removes a stale lock only if it is still the one that was judged stale (another process may have taken it over meanwhile). */
  async #removeIf(text: string): Promise<void> {
    const now = await readFile(this.file, 'utf8').catch(() => undefined);
    if (now === text) await rm(this.file, { force: true });
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string' ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}
