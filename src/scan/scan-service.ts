import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import { AppError, type ErrorCode } from '../errors.js';
import { DAY_MS, type LimitRule } from '../limits/limit-rule.js';
import { checkQuotas, consumeQuotas } from '../limits/quota.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import { quotaIdentity } from '../mail/email-address.js';
import { BrowserGate } from '../net/browser/browser-gate.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import { TargetRefusal } from '../net/target.js';
import { preloadReportLayout } from './report-layout-worker.js';
import type { ReportSender } from './report-content.js';
import { maskEmail, reportMail, type ReportMailer } from './report-mail.js';
import type { ScanProgress } from './run-scan.js';
import { message } from '../messages/catalog.js';
import type { ReportLanguage } from './report-language.js';
import type { ReportEmail, ScanResult } from './scan-result.js';
import type { ScanSettings } from './scan-settings.js';
import type { ScanKind } from './snapshot.js';
import type { InsightsSink } from '../insights/events.js';

/** The contract's scan limits, shared by both scan tools, with or without a token. */
export const SCANS_PER_ADDRESS_PER_DAY = 2;
export const SCANS_PER_DAY = 30;
/** Scans one requester (agent, or client address) may have running at once (security.md H79). */
export const RUNNING_SCANS_PER_REQUESTER = 2;

/** What get_scan_result (and a scan tool that ran out of time) answers. */
export interface ScanStatus {
  readonly scan_id: string;
  readonly status: 'running' | 'done' | 'failed';
  readonly kind: ScanKind;
  readonly url: string;
  readonly started_at: string;
  readonly progress?: ScanProgress;
  readonly poll_after_seconds?: number;
  readonly result?: ScanResult;
  readonly error?: string;
}

/** The job as kept in the store (shared by instances: any of them can answer get_scan_result). */
interface ScanJob {
  readonly id: string;
  readonly kind: ScanKind;
  readonly url: string;
  readonly startedAt: number;
  readonly status: 'running' | 'done' | 'failed';
  readonly progress: ScanProgress;
  readonly result?: ScanResult;
  readonly error?: string;
  /** Why it failed, when the caller should hear it as that error (the site could not be read, a quota filled meanwhile). */
  readonly errorCode?: ErrorCode;
  /** The report language asked for, if any: the language of the job's own messages before a result has one. */
  readonly lang?: ReportLanguage;
}

export interface ScanServiceDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly settings: ScanSettings;
  readonly network: NetworkPolicy;
  /** Absent while no e-mail delivery is wired: results then say the report was not sent. */
  readonly mailer: ReportMailer | undefined;
  readonly sender: ReportSender;
  /** Counts scans started and completed for the insights funnel. */
  readonly insights?: Pick<InsightsSink, 'funnel'> | undefined;
  /** The process's one-browser gate, shared with `serve --source`'s rendering; a gate of its own when absent. */
  readonly browserGate?: BrowserGate;
}

const ID_PATTERN = /^scan_[A-Za-z0-9_-]{22}$/;
const POLL_AFTER_SECONDS = 5;
/** A job still "running" this long after its deadline was abandoned (its process stopped). */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Starts scans, keeps their state in the store, and answers for them. A scan runs in the
 * process that accepted it; its progress and result go to the store under an unguessable id
 * (128 random bits), kept 24 hours, so any instance can answer get_scan_result.
 */
export class ScanService {
  readonly #running = new Set<Promise<unknown>>();
  readonly #runningBy = new Map<string, number>();
  readonly #stopping = new AbortController();
  readonly #browserGate: BrowserGate;

  constructor(private readonly deps: ScanServiceDeps) {
    this.#browserGate = deps.browserGate ?? new BrowserGate();
  }

  /** How long a scan's status and result stay readable after it started. */
  get resultTtlMs(): number {
    return this.deps.settings.resultTtlMs;
  }

  /**
   * Checks the target and the limits, starts the scan, and waits for it up to the call budget.
   * Answers the finished result, or the running status with its id to poll.
   */
  async scan(kind: ScanKind, url: string, email: string, requester = 'local', lang?: ReportLanguage): Promise<ScanStatus> {
    const { done: finished, scanId } = await this.#begin(kind, url, email, requester, lang);
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.deps.settings.callBudgetMs);
      timer.unref();
    });
    const job = await Promise.race([finished, budget]);
    clearTimeout(timer);
    if (job?.status === 'failed' && job.errorCode !== undefined) throw new AppError(job.errorCode, job.error ?? message(lang ?? 'en', 'scan.failed'), { field: 'url' });
    return job === undefined ? await this.get(scanId) : view(job);
  }

  /**
   * Starts a scan and returns at once; `finished` settles with the final status. `requester`
   * names who asks (the agent, or the client's address) for the limit on scans running at once.
   */
  async start(kind: ScanKind, rawUrl: string, email: string, requester = 'local', lang?: ReportLanguage): Promise<{ scanId: string; finished: Promise<ScanStatus> }> {
    const { scanId, done } = await this.#begin(kind, rawUrl, email, requester, lang);
    return { scanId, finished: done.then(view) };
  }

  async #begin(kind: ScanKind, rawUrl: string, email: string, requester: string, lang: ReportLanguage | undefined): Promise<{ scanId: string; done: Promise<ScanJob> }> {
    const { deps } = this;
    const url = await this.#checkTarget(rawUrl, lang ?? 'en');
    const say = lang ?? 'en';
    if (this.#stopping.signal.aborted) {
      throw new AppError('unavailable', message(say, 'scan.shuttingDown'), { retryAfterSeconds: 60 });
    }
    if (this.#running.size >= deps.settings.maxConcurrentScans) {
      throw new AppError('unavailable', message(say, 'scan.tooManyRunning'), { retryAfterSeconds: 30 });
    }
    if ((this.#runningBy.get(requester) ?? 0) >= RUNNING_SCANS_PER_REQUESTER) {
      throw new AppError('rate-limited', message(say, 'scan.alreadyRunning', { count: RUNNING_SCANS_PER_REQUESTER }), { retryAfterSeconds: 30 });
    }
    // Only checked here: the scan is charged once the home page could be read (#execute), so a
    // site that is unreachable or refuses us costs the person nothing.
    await checkQuotas(deps.store, deps.clock, quotaRules(email));

    const job: ScanJob = {
      id: `scan_${randomBytes(16).toString('base64url')}`,
      kind,
      url: url.href,
      startedAt: deps.clock.now(),
      status: 'running',
      progress: { stage: 'queued', requests_done: 0, requests_planned: 1 },
      ...(lang === undefined ? {} : { lang }),
    };
    await this.#save(job);
    deps.logger.info({ scanId: job.id, kind, host: url.host }, 'scan started');
    deps.insights?.funnel('scans-started');
    this.#runningBy.set(requester, (this.#runningBy.get(requester) ?? 0) + 1);
    const finished = this.#execute(job, url, email, lang);
    this.#running.add(finished);
    void finished.finally(() => {
      this.#running.delete(finished);
      const left = (this.#runningBy.get(requester) ?? 1) - 1;
      if (left <= 0) this.#runningBy.delete(requester);
      else this.#runningBy.set(requester, left);
    });
    return { scanId: job.id, done: finished };
  }

  /** The scan's status, progress and (when done) result. */
  async get(scanId: string): Promise<ScanStatus> {
    const missing = new AppError('not-found', message('en', 'scan.unknownId'), { field: 'scan_id' });
    if (!ID_PATTERN.test(scanId)) throw missing;
    const raw = await this.deps.store.get(jobKey(scanId));
    if (raw === undefined) throw missing;
    const job = JSON.parse(raw) as ScanJob;
    if (job.status === 'running' && this.deps.clock.now() > job.startedAt + this.deps.settings.scanDeadlineMs + ABANDONED_AFTER_MS) {
      return { ...view(job), status: 'failed', error: message(job.lang ?? 'en', 'scan.interrupted') };
    }
    return view(job);
  }

  /** Waits for every scan this process is running (tests; see also close). */
  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /**
   * Graceful shutdown: no new scans; running ones get `graceMs` to finish, then their open
   * requests are aborted and they finish with what they collected (saved as usual).
   */
  async close(graceMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([this.drain(), grace]);
    clearTimeout(timer);
    this.#stopping.abort();
    await this.drain();
  }

  async #checkTarget(rawUrl: string, lang: ReportLanguage): Promise<URL> {
    try {
      return await this.deps.network.checkTarget(withScheme(rawUrl));
    } catch (error) {
      if (!(error instanceof TargetRefusal)) throw error;
      if (error.reason === 'invalid-url') throw new AppError('invalid-argument', `url: ${error.message}`, { field: 'url' });
      if (error.reason === 'unresolvable') throw new AppError('remote-unreachable', `url: ${error.message}`, { field: 'url' });
      throw new AppError('target-not-allowed', `url: ${error.message}. ${message(lang, 'scan.onlyPublic')}`, { field: 'url', extra: { reason: error.reason } });
    }
  }

  async #execute(job: ScanJob, url: URL, email: string, lang: ReportLanguage | undefined): Promise<ScanJob> {
    const { deps } = this;
    // Progress writes are chained so that a slow store never lets an older state overwrite a newer one.
    let writes: Promise<void> = Promise.resolve();
    const write = (next: ScanJob) => {
      writes = writes.then(() => this.#save(next)).catch((error: unknown) => deps.logger.warn({ err: error, scanId: job.id }, 'scan progress not saved'));
      return writes;
    };
    let final: ScanJob;
    let charged = false;
    try {
      // The scanner (its checks, the HTML parser, undici) is loaded with the first scan: a
      // desktop stdio server forwards scans and never needs it, and it is a megabyte of code.
      if (deps.mailer !== undefined) preloadReportLayout();
      const { runScan } = await import('./run-scan.js');
      const result = await runScan({
        kind: job.kind,
        url,
        settings: deps.settings,
        network: deps.network,
        clock: deps.clock,
        logger: deps.logger,
        onProgress: (progress) => void write({ ...job, progress }),
        signal: this.#stopping.signal,
        browserGate: this.#browserGate,
        ...(lang === undefined ? {} : { lang }),
        onHomeRead: async () => {
          await consumeQuotas(deps.store, deps.clock, quotaRules(email));
          charged = true;
        },
      });
      if (charged) {
        const reportEmail = await this.#mail(job.id, result, email);
        final = { ...job, status: 'done', progress: { stage: 'done', requests_done: result.requests, requests_planned: result.requests }, result: { ...result, report_email: reportEmail } };
      } else if (this.#stopping.signal.aborted) {
        // Stopped by our shutdown before the site could be read: our doing, so no charge and no report.
        const reportEmail = { to: maskEmail(email), status: 'not_sent' as const, note: message(result.lang, 'scan.stoppedBeforeRead') };
        final = { ...job, status: 'done', progress: { stage: 'done', requests_done: result.requests, requests_planned: result.requests }, result: { ...result, report_email: reportEmail } };
      } else {
        // The site could not be read (unreachable, a refusal, a challenge, an error page): nothing to grade, so no charge and no report.
        final = { ...job, status: 'failed', error: `${result.not_verified[0]?.reason ?? result.summary} ${message(result.lang, 'scan.notCharged')}`, errorCode: 'remote-unreachable' };
      }
      deps.logger.info({ scanId: job.id, outcome: result.outcome, grade: result.grade, charged, requests: result.requests, ms: result.duration_ms }, 'scan finished');
    } catch (error) {
      if (error instanceof AppError && error.code === 'quota-exceeded') {
        // Another scan by the same person filled the quota while this one read the home page.
        final = { ...job, status: 'failed', error: error.message, errorCode: error.code };
      } else {
        deps.logger.error({ err: error, scanId: job.id }, 'scan failed unexpectedly');
        final = { ...job, status: 'failed', error: message(job.lang ?? 'en', 'scan.crashed') };
      }
    }
    await write(final);
    if (final.status === 'done') deps.insights?.funnel('scans-completed');
    return final;
  }

  async #mail(scanId: string, result: ScanResult, email: string): Promise<ReportEmail> {
    const to = maskEmail(email);
    if (this.deps.mailer === undefined) {
      return { to, status: 'not_sent', note: message(result.lang, 'scan.noMailer') };
    }
    try {
      await this.deps.mailer.send(await reportMail(email, result, this.deps.sender, scanId, this.deps.settings.browser !== undefined));
      return { to, status: 'queued', note: message(result.lang, 'scan.reportQueued') };
    } catch (error) {
      this.deps.logger.error({ err: error, scanId }, 'scan report could not be queued for e-mail');
      return { to, status: 'not_sent', note: message(result.lang, 'scan.reportNotQueued') };
    }
  }

  async #save(job: ScanJob): Promise<void> {
    await this.deps.store.set(jobKey(job.id), JSON.stringify(job), this.deps.settings.resultTtlMs);
  }
}

/** "www.example.com" is what people type: an address without a scheme is tried as https://. */
export function withScheme(rawUrl: string): string {
  const trimmed = rawUrl.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`;
}

function jobKey(id: string): string {
  return `scan:job:${id}`;
}

function quotaRules(email: string): LimitRule[] {
  return [
    { key: `quota:scan:email:${quotaIdentity(email)}`, limit: SCANS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS, description: `${SCANS_PER_ADDRESS_PER_DAY} scans per e-mail address per day` },
    { key: 'quota:scan:total', limit: SCANS_PER_DAY, windowMs: DAY_MS, description: `${SCANS_PER_DAY} scans per day in total, across both scan tools` },
  ];
}

function view(job: ScanJob): ScanStatus {
  return {
    scan_id: job.id,
    status: job.status,
    kind: job.kind,
    url: job.url,
    started_at: new Date(job.startedAt).toISOString(),
    ...(job.status === 'running' ? { progress: job.progress, poll_after_seconds: POLL_AFTER_SECONDS } : {}),
    ...(job.result === undefined ? {} : { result: job.result }),
    ...(job.error === undefined ? {} : { error: job.error }),
  };
}
