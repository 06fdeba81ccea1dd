import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { LoadedSite } from '../content/load-site.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import type { ContentHolder } from './content-holder.js';
import { logContentWarnings, prepareContentSnapshot, type ContentSnapshot } from './content-snapshot.js';

/**
 * Produces the next content: reads a directory (the default), or imports a site and then reads
 * what it wrote. It throws when there is nothing servable (a ContentError says why); pages it
 * cannot read are left out with warnings, as at start.
 */
export type ContentBuild = () => Promise<LoadedSite & { readonly sync?: SyncReport }>;

/**
 * What a content source's sync did, beside the content it built: shown in /api/v1/health as
 * `content.lastReload.sync`, so that a sync that kept pages it could not confirm says so.
 */
export interface SyncReport {
  /** How pages were found, and why (`sitemap read: 6 pages listed`, `the sitemap could not be read (…): links were followed …`). */
  readonly discovery: string;
  /** Set when the discovery was weaker than the last sync's: why, and what was done about it. */
  readonly weaker?: string;
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly failed: number;
  /** Pages kept as they were because this sync could not confirm them. */
  readonly kept: number;
  /** The first ten kept pages, with why. */
  readonly keptPages: readonly { readonly url: string; readonly reason: string }[];
}

/** What started a reload: shown in the log and in /api/v1/health. */
export type ReloadTrigger = 'watch' | 'signal' | 'sync' | 'peer' | 'manual';

export interface ReloadOptions {
  readonly trigger?: ReloadTrigger;
  /**
   * At most one instance sharing the store runs this reload at a time (a lock in the Store); the
   * others skip it and pick up the result (`followPeers`). For work that should happen once,
   * such as importing from the live site; a local directory reload needs no lock.
   */
  readonly exclusive?: boolean;
}

export interface ReloadOutcome {
  /** `reloaded`: new content is serving; `unchanged`: it loaded and equals what serves; `failed`: the current content keeps serving; `skipped`: another instance holds the lock. */
  readonly outcome: 'reloaded' | 'unchanged' | 'failed' | 'skipped';
  readonly trigger: ReloadTrigger;
  /** When it finished (epoch milliseconds). */
  readonly at: number;
  /** The content version serving afterwards. */
  readonly version: string;
  /** Why it failed or was skipped. */
  readonly reason?: string;
  /** What a content source's sync did (with `--source`), when its content loaded. */
  readonly sync?: SyncReport;
}

export interface ReloaderParts {
  readonly holder: ContentHolder;
  /** Reads the configured content directory (the default build). */
  readonly load: ContentBuild;
  readonly publicBaseUrl: string;
  readonly warmSearch: boolean;
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** Store keys: the lock of an exclusive reload, and the version the last one published. */
export const SYNC_LOCK_KEY = 'content:sync-lock';
export const PUBLISHED_VERSION_KEY = 'content:version';
/** A crashed instance's lock expires after this; a sync must finish (or renew) within it. */
const LOCK_TTL_MS = 15 * 60_000;
/** How long the published version is kept (it is refreshed by every exclusive reload). */
const VERSION_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * Replaces the content while the server runs. Every reload builds the whole next snapshot
 * (content, addresses, documents, search index) beside the current one and publishes it in one
 * step; requests already running finish on the snapshot they took. A build that throws leaves
 * the current content serving and is logged. Reloads run one at a time, in the order asked.
 *
 * This is the seam for content sources: `reload(build)` with a build that imports the live site
 * and reads the result (`{ exclusive: true }` when several instances share a store).
 */
export class ContentReloader {
  readonly #parts: ReloaderParts;
  readonly #instance = randomBytes(8).toString('hex');
  #queue: Promise<unknown> = Promise.resolve();
  #last: ReloadOutcome | undefined;
  #peerTimer: NodeJS.Timeout | undefined;
  #peerVersionSeen: string | undefined;

  constructor(parts: ReloaderParts) {
    this.#parts = parts;
  }

  /** The last reload's outcome (undefined before the first). */
  get last(): ReloadOutcome | undefined {
    return this.#last;
  }

  /** Builds the next content with `build` (default: the content directory) and publishes it if it loads. Never throws. */
  reload(build: ContentBuild = this.#parts.load, options: ReloadOptions = {}): Promise<ReloadOutcome> {
    const run = this.#queue.then(() => this.#run(build, options.trigger ?? 'manual', options.exclusive ?? false));
    this.#queue = run;
    return run;
  }

  /**
   * With a shared store: checks every `intervalMs` whether another instance published a version
   * this one does not serve, and if so reloads (from this instance's own build) to pick it up.
   */
  followPeers(intervalMs: number): void {
    this.stopFollowing();
    this.#peerTimer = setInterval(() => void this.pickUpPeers(), intervalMs);
    this.#peerTimer.unref();
  }

  stopFollowing(): void {
    if (this.#peerTimer !== undefined) clearInterval(this.#peerTimer);
    this.#peerTimer = undefined;
  }

  /** Waits for reloads in progress (shutdown). */
  async idle(): Promise<void> {
    await this.#queue;
  }

  /** Reloads once when the store names a version (published by an exclusive reload elsewhere) that this instance does not serve. */
  async pickUpPeers(): Promise<void> {
    const { store, holder, logger } = this.#parts;
    let published: string | undefined;
    try {
      published = await store.get(PUBLISHED_VERSION_KEY);
    } catch (error) {
      logger.debug({ err: error }, 'content: could not read the published version');
      return;
    }
    // Once per published version: if our own build gives other content, asking again will not help.
    if (published === undefined || published === holder.current().version || published === this.#peerVersionSeen) return;
    this.#peerVersionSeen = published;
    await this.reload(this.#parts.load, { trigger: 'peer' });
  }

  async #run(build: ContentBuild, trigger: ReloadTrigger, exclusive: boolean): Promise<ReloadOutcome> {
    const { holder, logger, clock, store } = this.#parts;
    const current = holder.current();
    if (exclusive && !(await this.#lock())) {
      return this.#finish({ outcome: 'skipped', trigger, at: clock.now(), version: current.version, reason: 'another instance is syncing' });
    }
    try {
      const started = clock.now();
      let next: ContentSnapshot;
      let sync: SyncReport | undefined;
      try {
        const loaded = await build();
        sync = loaded.sync;
        // A directory caught half-written (a checkout, a copy, an import clearing its output) must
        // not replace a site with nothing.
        if (loaded.site.pages.length === 0 && current.site.pages.length > 0) {
          throw new Error(`the new content has no pages (${current.site.pages.length} serve now); keeping the current content`);
        }
        next = await prepareContentSnapshot(loaded, { publicBaseUrl: this.#parts.publicBaseUrl, loadedAt: clock.now(), warmSearch: this.#parts.warmSearch });
      } catch (error) {
        const reason = (error as Error)?.message ?? String(error);
        logger.error({ trigger, err: error }, `content: reload failed, still serving version ${current.version}: ${reason}`);
        return this.#finish({ outcome: 'failed', trigger, at: clock.now(), version: current.version, reason });
      }
      if (exclusive) await store.set(PUBLISHED_VERSION_KEY, next.version, VERSION_TTL_MS).catch((error: unknown) => logger.warn({ err: error }, 'content: could not publish the version to other instances'));
      if (next.version === current.version) {
        return this.#finish({ outcome: 'unchanged', trigger, at: clock.now(), version: current.version, ...(sync === undefined ? {} : { sync }) });
      }
      logContentWarnings(logger, next.warnings);
      holder.publish(next);
      logger.info({ trigger, version: next.version, previous: current.version, pages: next.site.pages.length, ms: clock.now() - started }, 'content reloaded');
      return this.#finish({ outcome: 'reloaded', trigger, at: clock.now(), version: next.version, ...(sync === undefined ? {} : { sync }) });
    } finally {
      if (exclusive) await this.#unlock();
    }
  }

  #finish(outcome: ReloadOutcome): ReloadOutcome {
    this.#last = outcome;
    return outcome;
  }

  async #lock(): Promise<boolean> {
    try {
      return await this.#parts.store.setIfAbsent(SYNC_LOCK_KEY, this.#instance, LOCK_TTL_MS);
    } catch (error) {
      // Without the store nobody can coordinate: syncing anyway is better than never syncing.
      this.#parts.logger.warn({ err: error }, 'content: the sync lock could not be taken (store unreachable); syncing without it');
      return true;
    }
  }

  async #unlock(): Promise<void> {
    const { store, logger } = this.#parts;
    try {
      // Only our own lock: one that expired and was taken by another instance stays theirs.
      if ((await store.get(SYNC_LOCK_KEY)) === this.#instance) await store.delete(SYNC_LOCK_KEY);
    } catch (error) {
      logger.warn({ err: error }, 'content: the sync lock could not be released; it expires by itself');
    }
  }
}
