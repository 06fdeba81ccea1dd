import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRECTORY_MODE, syncDirectory, writeFileDurably } from './durable-file.js';
import { MAIL_ID_PATTERN } from './mail-id.js';
import { outboxRecordSchema, type OutboxRecord } from './outgoing-mail.js';
import { isProcessAlive } from '../process-alive.js';

/**
 * The outbox on disk: one JSON file per mail, moved between folders by atomic renames.
 *
 *   tmp/         files being written (never read; leftovers of a crash are removed)
 *   pending/     <id>.json: waiting for delivery
 *   processing/  <id>.<owner>.json: claimed by one sender, which is delivering it
 *   dead/        <id>.json: given up on (permanent rejection or 5 days of failures)
 *
 * A sender claims a mail by renaming it from pending/ into processing/ under its own name; of two
 * senders, only one rename can succeed, so a mail is never delivered by both. The owner in the
 * name (process id and a random tag of this process's run) lets a restarted server take back the
 * mails a dead process had claimed. Several processes on one machine may share the folder;
 * machines must not (each has its own data directory).
 */

/** Who holds a claim: the process id, and a tag that tells this run from an earlier one with the same id. */
export interface OutboxOwner {
  readonly pid: number;
  readonly run: string;
}

/**
 * This process's identity as an outbox owner. The run tag matters in containers, where a
 * restarted server often gets the same process id (1) as the one that died.
 */
export const THIS_PROCESS: OutboxOwner = { pid: process.pid, run: randomBytes(6).toString('hex') };

/** Hook points for tests that kill the process at the worst moments; never set in production. */
export interface OutboxTestHooks {
  /** After a record's bytes are on disk in tmp/, before it is renamed into pending/. */
  beforeRename?(tmpPath: string): Promise<void> | void;
  /** After a mail was claimed, before it is sent. */
  afterClaim?(id: string): Promise<void> | void;
}

export interface Claim {
  readonly id: string;
  readonly record: OutboxRecord;
  /** The claimed file in processing/. */
  readonly file: string;
}

export interface OutboxCounts {
  readonly pending: number;
  readonly processing: number;
  readonly dead: number;
}

/** A claim whose owner is a live process is left alone unless it is older than this (a hung process, or a reused pid). */
const ABANDONED_CLAIM_MS = 60 * 60_000;

const PENDING_NAME = /^(.+)\.json$/;
const OWNED_NAME = /^(.+)\.(\d+)-([0-9a-f]+)\.json$/;

export class OutboxStore {
  readonly tmpDir: string;
  readonly pendingDir: string;
  readonly processingDir: string;
  readonly deadDir: string;
  readonly #ownerTag: string;
  #prepared: Promise<void> | undefined;

  constructor(
    readonly root: string,
    private readonly owner: OutboxOwner = THIS_PROCESS,
    private readonly hooks: OutboxTestHooks = {},
  ) {
    this.tmpDir = path.join(root, 'tmp');
    this.pendingDir = path.join(root, 'pending');
    this.processingDir = path.join(root, 'processing');
    this.deadDir = path.join(root, 'dead');
    this.#ownerTag = `${owner.pid}-${owner.run}`;
  }

  /** Creates the folders (readable by this user only). Retried on the next call if it failed. */
  prepare(): Promise<void> {
    this.#prepared ??= Promise.all(
      [this.tmpDir, this.pendingDir, this.processingDir, this.deadDir].map((dir) => mkdir(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE })),
    ).then(
      () => undefined,
      (error: unknown) => {
        this.#prepared = undefined;
        throw error;
      },
    );
    return this.#prepared;
  }

  /** Writes a new mail into pending/; when this resolves, the mail survives a crash. */
  async add(record: OutboxRecord): Promise<void> {
    await this.prepare();
    await this.#writeInto(this.pendingDir, record);
  }

  /** Ids waiting in pending/, oldest first. */
  async pendingIds(): Promise<string[]> {
    return (await this.#names(this.pendingDir))
      .map((name) => PENDING_NAME.exec(name)?.[1])
      .filter((id): id is string => id !== undefined && MAIL_ID_PATTERN.test(id))
      .sort();
  }

  /**
   * Reads a pending mail without claiming it (to see whether it is due). A file that is not a
   * valid record is moved to dead/ with the suffix `.unreadable`, and undefined is returned.
   */
  async peek(id: string): Promise<OutboxRecord | undefined | 'unreadable'> {
    const file = path.join(this.pendingDir, `${id}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const record = parseRecord(text);
    if (record && record.id === id) return record;
    await this.#quarantine(file);
    return 'unreadable';
  }

  /** Takes a pending mail for delivery; undefined when another sender took it first or it is gone. */
  async claim(id: string): Promise<Claim | undefined> {
    const file = path.join(this.processingDir, `${id}.${this.#ownerTag}.json`);
    try {
      await rename(path.join(this.pendingDir, `${id}.json`), file);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // The claim's age is what tells an abandoned claim from a live one; a rename keeps the old time.
    const now = new Date();
    await utimes(file, now, now);
    const record = parseRecord(await readFile(file, 'utf8'));
    if (!record || record.id !== id) {
      await this.#quarantine(file);
      return undefined;
    }
    await this.hooks.afterClaim?.(id);
    return { id, record, file };
  }

  /** The server accepted the mail: it leaves the outbox. */
  async complete(claim: Claim): Promise<void> {
    await unlink(claim.file);
    await syncDirectory(this.processingDir);
  }

  /** Puts a claimed mail back for a later attempt, with its updated record. */
  async release(claim: Claim, record: OutboxRecord): Promise<void> {
    await this.#writeInto(this.pendingDir, record);
    await unlink(claim.file);
    await syncDirectory(this.processingDir);
  }

  /** Moves a claimed mail to the dead-letter folder, with the reason in its record. */
  async bury(claim: Claim, record: OutboxRecord): Promise<string> {
    await this.#writeInto(this.deadDir, record);
    await unlink(claim.file);
    await syncDirectory(this.processingDir);
    return path.join(this.deadDir, `${record.id}.json`);
  }

  /**
   * Cleans up after processes that died: removes their half-written files from tmp/ and returns
   * the mails they had claimed to pending/ (or drops the claim when a newer copy is already in
   * pending/ or dead/). Claims and files of live processes are left alone.
   */
  async recover(): Promise<{ removedTemporary: number; returned: number }> {
    await this.prepare();
    let removedTemporary = 0;
    let returned = 0;
    for (const name of await this.#names(this.tmpDir)) {
      const owned = OWNED_NAME.exec(name);
      if (owned && (await this.#isAbandoned(path.join(this.tmpDir, name), Number(owned[2]), owned[3]!))) {
        await unlink(path.join(this.tmpDir, name)).catch(ignoreMissing);
        removedTemporary++;
      }
    }
    for (const name of await this.#names(this.processingDir)) {
      const owned = OWNED_NAME.exec(name);
      if (!owned || !MAIL_ID_PATTERN.test(owned[1]!)) continue;
      const file = path.join(this.processingDir, name);
      if (!(await this.#isAbandoned(file, Number(owned[2]), owned[3]!))) continue;
      const id = owned[1]!;
      if ((await exists(path.join(this.pendingDir, `${id}.json`))) || (await exists(path.join(this.deadDir, `${id}.json`)))) {
        await unlink(file).catch(ignoreMissing);
      } else {
        await rename(file, path.join(this.pendingDir, `${id}.json`)).catch(ignoreMissing);
        returned++;
      }
    }
    if (removedTemporary > 0) await syncDirectory(this.tmpDir);
    if (returned > 0) await Promise.all([syncDirectory(this.processingDir), syncDirectory(this.pendingDir)]);
    return { removedTemporary, returned };
  }

  async counts(): Promise<OutboxCounts> {
    const [pending, processing, dead] = await Promise.all([this.pendingIds(), this.#names(this.processingDir), this.#names(this.deadDir)]);
    return { pending: pending.length, processing: processing.length, dead: dead.filter((name) => name.endsWith('.json') || name.endsWith('.unreadable')).length };
  }

  async #writeInto(directory: string, record: OutboxRecord): Promise<void> {
    const tmpPath = path.join(this.tmpDir, `${record.id}.${this.#ownerTag}.json`);
    await writeFileDurably(path.join(directory, `${record.id}.json`), `${JSON.stringify(record, null, 2)}\n`, tmpPath, this.hooks.beforeRename);
  }

  async #quarantine(file: string): Promise<void> {
    await this.prepare();
    await rename(file, path.join(this.deadDir, `${path.basename(file)}.unreadable`)).catch(ignoreMissing);
  }

  async #names(directory: string): Promise<string[]> {
    try {
      return await readdir(directory);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async #isAbandoned(file: string, pid: number, run: string): Promise<boolean> {
    if (pid === this.owner.pid) return run !== this.owner.run;
    if (!isProcessAlive(pid)) return true;
    // File times are real times: compare them with the real clock, not the injected one.
    try {
      return Date.now() - (await stat(file)).mtimeMs > ABANDONED_CLAIM_MS;
    } catch {
      return false;
    }
  }
}

function parseRecord(text: string): OutboxRecord | undefined {
  try {
    const result = outboxRecordSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
