import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/load-config.js';
import { loadSite, type LoadedSite } from '../content/load-site.js';
import type { ContentReloader, ReloadOutcome, ReloadTrigger, SyncReport } from '../live/content-reloader.js';
import type { Logger } from '../log/logger.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import type { BrowserGate } from '../net/browser/browser-gate.js';
import { DirectoryLock } from './directory-lock.js';
import { renderSettingsOf } from './import-settings.js';
import { runImport, type ImportReport } from './run-import.js';

/** The import deadline of a sync unless --import-deadline says otherwise: within the store's 15 min sync lock, with time to write. */
const SYNC_DEADLINE_MS = 10 * 60_000;

/** How long to wait before trying the first import again, when it fails. */
const FIRST_IMPORT_RETRY_MS = 30_000;

/**
 * `serve --source <url>`: the live website as a content source. Each sync imports into a work
 * directory (incremental: only changed pages are fetched) and, when the result loads, copies it
 * to the live directory that a restart serves at once. A sync that fails, or whose result does
 * not load, changes nothing that serves. Both directories live in DATA_DIR; instances that
 * share a store should share DATA_DIR too, so that the one that syncs (under the store's lock)
 * leaves the content the others pick up.
 */
export class SourceSync {
  readonly workDir: string;
  readonly liveDir: string;
  readonly #abort = new AbortController();
  /** Instances sharing DATA_DIR without a shared store sync one at a time (the store's lock covers those that share one). */
  readonly #lock: DirectoryLock;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: Config,
    private readonly network: NetworkPolicy,
    private readonly version: string,
    private readonly logger: Logger,
    /** The process's one-browser gate, shared with the scans. */
    private readonly browserGate?: BrowserGate,
  ) {
    this.workDir = path.join(config.dataDir, 'source', 'import');
    this.liveDir = path.join(config.dataDir, 'source', 'live');
    this.#lock = new DirectoryLock(path.join(config.dataDir, 'source', 'sync.lock'));
  }

  /**
   * True when an earlier import left content to serve at once. A process killed between the two
   * renames that swap in new content leaves no live folder but a complete next one (or the old
   * one): that is put back first, under the lock, so a kill -9 never loses the last good content.
   */
  async hasLiveContent(): Promise<boolean> {
    if (await this.#isContent(this.liveDir)) return true;
    const release = await this.#acquire();
    try {
      for (const candidate of [`${this.liveDir}.next`, `${this.liveDir}.old`]) {
        if (!(await this.#isContent(this.liveDir)) && (await this.#isContent(candidate))) {
          await rm(this.liveDir, { recursive: true, force: true });
          await rename(candidate, this.liveDir);
          this.logger.warn({ dir: this.liveDir }, `content: the last sync was interrupted; serving ${path.basename(candidate)} again`);
        }
      }
      return await this.#isContent(this.liveDir);
    } finally {
      await release();
    }
  }

  async #isContent(dir: string): Promise<boolean> {
    try {
      return (await stat(path.join(dir, 'site.yaml'))).isFile();
    } catch {
      return false;
    }
  }

  async #acquire(): Promise<() => Promise<void>> {
    await mkdir(path.dirname(this.#lock.file), { recursive: true });
    return this.#lock.acquire(this.#abort.signal, (holder) =>
      this.logger.info({ pid: holder?.pid }, `content: another process${holder === undefined ? '' : ` (pid ${holder.pid} on ${holder.host})`} is syncing this data directory; waiting for it`),
    );
  }

  /** One sync: import, load, keep as the live content. Throws (with the reason) when the result cannot be served. */
  readonly build = async (): Promise<LoadedSite & { sync: SyncReport }> => {
    const source = this.config.source!;
    const release = await this.#acquire();
    try {
      return await this.#importAndKeep(source);
    } finally {
      await release();
    }
  };

  async #importAndKeep(source: string): Promise<LoadedSite & { sync: SyncReport }> {
    const report = await runImport({
      startUrl: source,
      outDir: this.workDir,
      version: this.version,
      network: this.network,
      maxPages: this.config.maxPages,
      include: this.config.include,
      exclude: this.config.exclude,
      discover: this.config.discover,
      concurrency: this.config.importConcurrency,
      delayMs: this.config.importDelayMs,
      deadlineMs: this.config.importDeadline ?? SYNC_DEADLINE_MS,
      signal: this.#abort.signal,
      render: renderSettingsOf(this.config, this.browserGate),
      // A sync's reasons go to the log and its discovery to the API: English, whatever LANG the server runs under.
      lang: 'en',
    });
    if (report.fatal !== undefined) throw new Error(`the import of ${source} failed: ${report.fatal}`);
    this.logger.info(
      { source, added: report.added.length, updated: report.updated.length, removed: report.removed.length, unchanged: report.unchanged, skipped: report.skipped.length, failed: report.failed.length, ms: report.durationMs },
      `content: source imported: ${report.howFound}`,
    );
    if (report.weaker !== undefined) this.logger.warn({ source, kept: report.kept.length }, `content: this sync found pages in a weaker way than the last: ${report.weaker}`);
    for (const failure of report.failed) this.logger.warn({ url: failure.url }, `content: source page failed: ${failure.reason}`);
    if (report.rendering?.browserMissing !== undefined) this.logger.warn({ source, pages: report.rendering.needBrowser.length }, `content: ${report.rendering.needBrowser.length} source page(s) need a browser and were not imported: ${report.rendering.browserMissing}`);
    const loaded = await loadSite(this.workDir);
    await this.#keepAsLive();
    return { ...loaded, sync: syncReport(report) };
  }

  /** Before the server has content: imports until one import can be served, retrying after failures. */
  async firstImport(): Promise<void> {
    for (;;) {
      try {
        await this.build();
        return;
      } catch (error) {
        if (this.#abort.signal.aborted) throw error;
        this.logger.error({ err: error, source: this.config.source }, `content: the first import failed; the API answers 503 until one succeeds; retrying in ${FIRST_IMPORT_RETRY_MS / 1000} s: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, FIRST_IMPORT_RETRY_MS).unref());
      }
    }
  }

  /** A sync through the reloader: at most one instance at a time, the new content swapped in whole. */
  sync(reloader: ContentReloader, trigger: ReloadTrigger): Promise<ReloadOutcome> {
    return reloader.reload(this.build, { trigger, exclusive: true });
  }

  /** Re-syncs every `intervalMs`. */
  schedule(reloader: ContentReloader, intervalMs: number): void {
    this.#timer = setInterval(() => void this.sync(reloader, 'sync'), intervalMs);
    this.#timer.unref();
  }

  /** Stops the schedule and ends an import in progress (its requests are aborted). */
  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#abort.abort();
  }

  /** Copies the work directory's content (not its import state) beside the live one, then swaps the two by renaming. */
  async #keepAsLive(): Promise<void> {
    const next = `${this.liveDir}.next`;
    const old = `${this.liveDir}.old`;
    await rm(next, { recursive: true, force: true });
    await mkdir(next, { recursive: true });
    await cp(path.join(this.workDir, 'site.yaml'), path.join(next, 'site.yaml'));
    await cp(path.join(this.workDir, 'pages'), path.join(next, 'pages'), { recursive: true });
    await rm(old, { recursive: true, force: true });
    if (await this.#isContent(this.liveDir)) await rename(this.liveDir, old);
    else await rm(this.liveDir, { recursive: true, force: true });
    await rename(next, this.liveDir);
    await rm(old, { recursive: true, force: true });
  }
}

/** The import's report as /api/v1/health shows it: counts, how pages were found, and the first kept pages. */
export function syncReport(report: ImportReport): SyncReport {
  return {
    discovery: report.howFound,
    ...(report.weaker === undefined ? {} : { weaker: report.weaker }),
    added: report.added.length,
    updated: report.updated.length,
    unchanged: report.unchanged,
    removed: report.removed.length,
    failed: report.failed.length,
    kept: report.kept.length,
    keptPages: report.kept.slice(0, 10),
  };
}
