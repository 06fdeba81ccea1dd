import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import type { AgentClassifier } from './agent-family.js';
import type { AgentFamily, FunnelStep, InsightsSink, RequestEvent } from './events.js';
import { isGap, normaliseQueryTelling } from './gaps.js';
import { HttpRequests } from './requests-in-flight.js';

export const DAY_MS = 86_400_000;
/** How often counts gathered in memory are added to the store. */
export const DEFAULT_FLUSH_MS = 10_000;
/** Distinct counts gathered before a flush is started early, so memory stays bounded under any traffic. */
const MAX_PENDING_FIELDS = 20_000;
/** Distinct content gaps kept per day; more distinct questions than this are counted under one row. */
export const MAX_GAPS_PER_DAY = 1_000;
export const MORE_GAPS = '…';
/** Questions with nothing to redact remembered with their field, so a question asked again is not normalised again (per language, cleared daily). */
const MAX_REMEMBERED_QUESTIONS = 2_000;

/** The field of a day's counts; `\t` separates the parts (none of them can hold a tab). */
export const FIELD = {
  requests: 'r',
  duration: 't',
  gap: 'g',
  funnel: 'f',
} as const;
/** The row of a day's questions past the MAX_GAPS_PER_DAY distinct ones. */
const MORE_GAPS_FIELD = `${FIELD.gap}\t\t${MORE_GAPS}`;

export interface InsightsOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly retentionDays: number;
  /** Without a shared store (Redis), the daily counts are also kept in this file, so they survive a restart. */
  readonly file?: string | undefined;
  readonly flushMs?: number;
  /** The User-Agent classifier (loaded by the HTTP server only). */
  readonly classifier?: AgentClassifier | undefined;
}

/** One day's counts as the store keeps them. */
export interface DayCounts {
  readonly day: string;
  readonly counts: ReadonlyMap<string, number>;
}

/** `2026-11-26`: days are UTC days. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function dayKey(day: string): string {
  return `insights:day:${day}`;
}

/** One kind of request of one day, as gathered in memory between two writes. */
interface Tally {
  count: number;
  ms: number;
  reads: number;
  readonly family: AgentFamily;
  /** Moved into the counts to be written: a request counted later goes to a new tally. */
  moved: boolean;
}

/** Where `Insights.record` counted a request: a request of the same kind is counted again there with `recordAgain`. */
export type Counted = Tally;

/** One content gap of the day: its field in the day's counts, and how often it was asked since the last write. */
interface GapTally {
  readonly field: string;
  count: number;
}

/**
 * Counts agent traffic as daily aggregates. Every event only adds to counters in memory; every
 * few seconds (and at close) the counts gathered are added to the store in one batch per day
 * (a Redis hash: two instances' counts add up), never one store write per request. Nothing
 * about the requester is kept beyond its family and a crawler's or MCP client's name.
 */
export class Insights implements InsightsSink {
  /** The HTTP edge's requests being answered (http-edge.ts). */
  readonly requests = new HttpRequests();
  readonly #pending = new Map<string, Map<string, number>>();
  /** Requests of the day being counted, by their words (the hot path: one map lookup per request). */
  #tallies = new Map<string, Tally>();
  #talliesDay = '';
  #dayEndsAt = 0;
  /** Today's content gaps by field, each with its count not yet added to the store (at most MAX_GAPS_PER_DAY and the row for more). */
  readonly #gaps = new Map<string, GapTally>();
  /** Today's content-gap questions that hold nothing to redact, as asked, with their gap; one map per language label. */
  readonly #gapOfQuestion = { pl: new Map<string, GapTally>(), en: new Map<string, GapTally>(), '': new Map<string, GapTally>() };
  #pendingFields = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly classifier: AgentClassifier | undefined;

  constructor(private readonly options: InsightsOptions) {
    this.classifier = options.classifier;
  }

  get retentionDays(): number {
    return this.options.retentionDays;
  }

  /** Reads the kept file into a memory store (at start), and starts the periodic flush. */
  async start(): Promise<void> {
    await this.#loadFile();
    this.#timer = setInterval(() => void this.flush(), this.options.flushMs ?? DEFAULT_FLUSH_MS);
    this.#timer.unref();
  }

  /** The clock days are counted by (the HTTP edge times requests with it too). */
  get clock(): Clock {
    return this.options.clock;
  }

  /** Counts one request; `now`: the time it ended, when the caller has just read the clock. */
  record(event: RequestEvent, now = this.options.clock.now()): Counted {
    if (now >= this.#dayEndsAt) this.#startDay(now);
    // A run of requests of one kind is counted again where it was, without this (the HTTP edge's
    // recordAgain): here each request's words are spelt out to find its tally.
    const parts = `${event.surface}\t${event.family}\t${event.agent}\t${event.subject}\t${event.outcome}\t${event.via}`;
    let tally = this.#tallies.get(parts);
    if (tally === undefined) {
      tally = { count: 0, ms: 0, reads: 0, family: event.family, moved: false };
      this.#tallies.set(parts, tally);
      if (this.#tallies.size >= MAX_PENDING_FIELDS) void this.flush();
    }
    tally.count++;
    tally.ms += event.durationMs;
    if (event.read && event.outcome === 'ok') tally.reads++;
    return tally;
  }

  /**
   * Counts one more request of the kind `counted` was counted as (it took `durationMs`; `read`:
   * it delivered a page), if that count is still today's and not yet moved to be written; false
   * when it is not, and nothing was counted (count the request with `record`). `now`: as for `record`.
   */
  recordAgain(counted: Counted, durationMs: number, read: boolean, now = this.options.clock.now()): boolean {
    if (counted.moved || now >= this.#dayEndsAt) return false;
    counted.count++;
    counted.ms += durationMs;
    if (read) counted.reads++;
    return true;
  }

  /** A new day: what was gathered for the last one becomes its counts, to be written. */
  #startDay(now: number): void {
    this.#moveTallies();
    this.#gaps.clear();
    for (const remembered of Object.values(this.#gapOfQuestion)) remembered.clear();
    this.#talliesDay = dayOf(now);
    this.#dayEndsAt = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }

  #moveTallies(): void {
    const day = this.#talliesDay;
    for (const gap of this.#gaps.values()) {
      if (gap.count === 0) continue;
      this.#add(day, gap.field, gap.count);
      gap.count = 0;
    }
    const tallies = this.#tallies;
    if (tallies.size === 0) return;
    this.#tallies = new Map();
    for (const [parts, tally] of tallies) {
      tally.moved = true;
      this.#add(day, `${FIELD.requests}\t${parts}`, tally.count);
      this.#add(day, `${FIELD.duration}\t${parts}`, Math.round(tally.ms));
      if (tally.reads > 0) this.#add(day, `${FIELD.funnel}\treads\t${tally.family}`, tally.reads);
    }
  }

  searched(query: string, lang: string | undefined, results: number, bestScore: number | undefined): void {
    if (!isGap(results, bestScore)) return;
    // The day's name is worked out once a day, not for every question (as record does).
    const now = this.options.clock.now();
    if (now >= this.#dayEndsAt) this.#startDay(now);
    const language = lang === 'pl' || lang === 'en' ? lang : '';
    // A question asked again (the same text, the same label) is not normalised again. Only a
    // question redaction leaves as it is, is remembered as asked: the raw text of one that held
    // an e-mail address or a phone number is not kept, not even in memory.
    const remembered = this.#gapOfQuestion[language];
    let gap = remembered.get(query);
    if (gap === undefined) {
      const { normalised, redacted } = normaliseQueryTelling(query);
      if (normalised === '') return;
      gap = this.#gapOf(`${FIELD.gap}\t${language}\t${normalised}`);
      if (!redacted) {
        if (remembered.size >= MAX_REMEMBERED_QUESTIONS) remembered.clear();
        remembered.set(query, gap);
      }
    }
    gap.count++;
  }

  /** Today's tally of a content gap; past MAX_GAPS_PER_DAY distinct ones, the row for more. */
  #gapOf(field: string): GapTally {
    let gap = this.#gaps.get(field);
    if (gap === undefined) {
      if (this.#gaps.size >= MAX_GAPS_PER_DAY && field !== MORE_GAPS_FIELD) return this.#gapOf(MORE_GAPS_FIELD);
      gap = { field, count: 0 };
      this.#gaps.set(field, gap);
    }
    return gap;
  }

  funnel(step: Exclude<FunnelStep, 'reads'>): void {
    this.#add(dayOf(this.options.clock.now()), `${FIELD.funnel}\t${step}`, 1);
  }

  /** Adds what was gathered to the store: one write per day with counts, then the file when there is one. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushNow());
    return this.#flushing;
  }

  /** The last `days` days (today included), oldest first, after adding what this instance gathered. */
  async days(days: number): Promise<DayCounts[]> {
    await this.flush();
    return readDays(this.options.store, this.options.clock.now(), Math.min(days, this.options.retentionDays));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  #add(day: string, field: string, by: number): void {
    let counts = this.#pending.get(day);
    if (counts === undefined) {
      counts = new Map();
      this.#pending.set(day, counts);
    }
    const before = counts.get(field);
    counts.set(field, (before ?? 0) + by);
    if (before === undefined && ++this.#pendingFields >= MAX_PENDING_FIELDS) void this.flush();
  }

  async #flushNow(): Promise<void> {
    this.#moveTallies();
    if (this.#pending.size === 0) return;
    const batches = [...this.#pending];
    this.#pending.clear();
    this.#pendingFields = 0;
    const { store, clock, retentionDays } = this.options;
    for (const [index, [day, counts]] of batches.entries()) {
      // A day is kept `retentionDays` after it ended.
      const ttlMs = Date.parse(`${day}T00:00:00Z`) + DAY_MS * (retentionDays + 1) - clock.now();
      try {
        await store.addCounts(dayKey(day), counts, Math.max(ttlMs, 1_000));
      } catch (error) {
        // Kept for the next flush rather than lost: counts wait in memory while the store is away.
        for (const [laterDay, laterCounts] of batches.slice(index)) for (const [field, by] of laterCounts) this.#add(laterDay, field, by);
        this.options.logger.warn({ error: (error as Error).message }, 'insights: counts not saved yet; will retry');
        return;
      }
    }
    await this.#saveFile();
  }

  async #loadFile(): Promise<void> {
    const { file, store, clock, retentionDays } = this.options;
    if (file === undefined) return;
    const kept = await readDaysFile(file, this.options.logger);
    const oldest = dayOf(clock.now() - DAY_MS * retentionDays);
    for (const [day, counts] of Object.entries(kept)) {
      if (day < oldest) continue;
      const ttlMs = Date.parse(`${day}T00:00:00Z`) + DAY_MS * (retentionDays + 1) - clock.now();
      await store.addCounts(dayKey(day), new Map(Object.entries(counts)), Math.max(ttlMs, 1_000));
    }
  }

  async #saveFile(): Promise<void> {
    const { file, store, clock, retentionDays } = this.options;
    if (file === undefined) return;
    const days = await readDays(store, clock.now(), retentionDays);
    const data: Record<string, Record<string, number>> = {};
    for (const { day, counts } of days) if (counts.size > 0) data[day] = Object.fromEntries(counts);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Unique per write: two servers of one process (tests) may share a data directory.
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, JSON.stringify(data), { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      this.options.logger.warn({ error: (error as Error).message, file }, 'insights: could not write the daily counts file');
    }
  }
}

/** The last `days` days of counts from the store, oldest first. */
export async function readDays(store: Store, now: number, days: number): Promise<DayCounts[]> {
  const list = Array.from({ length: Math.max(1, days) }, (_, index) => dayOf(now - DAY_MS * (days - 1 - index)));
  const counts = await Promise.all(list.map((day) => store.readCounts(dayKey(day))));
  return list.map((day, index) => ({ day, counts: counts[index]! }));
}

/** The kept file's days (nothing when it does not exist or cannot be read, which is logged). */
export async function readDaysFile(file: string, logger?: Logger): Promise<Record<string, Record<string, number>>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Record<string, number>>) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger?.warn({ error: (error as Error).message, file }, 'insights: the daily counts file could not be read; starting from zero');
    return {};
  }
}

/** Where the daily counts are kept without Redis. */
export function insightsFile(dataDir: string): string {
  return path.join(dataDir, 'insights', 'days.json');
}
