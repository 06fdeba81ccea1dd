import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import { Deadline } from '../deadline.js';
import type { Logger } from '../log/logger.js';
import { AI_VISIBILITY_CHECKS } from './checks/ai/index.js';
import { ANALYTICS_CHECKS } from './checks/analytics/index.js';
import { m, notVerified, type CheckResult, type CheckSpec } from './checks/check.js';
import type { BrowserGate } from '../net/browser/browser-gate.js';
import type { BrowserObservation } from './browser/observation.js';
import { observeInBrowser } from './browser/observe.js';
import { collect } from './collect.js';
import type { Fetcher } from '../net/fetcher.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import { openSession } from '../net/session.js';
import { reportLanguage, type ReportLanguage } from './report-language.js';
import { buildResult, unverifiableResult, type ScanResult } from './scan-result.js';
import type { ScanSettings } from './scan-settings.js';
import type { ScanKind, ScanSnapshot } from './snapshot.js';

export interface ScanProgress {
  readonly stage: string;
  readonly requests_done: number;
  readonly requests_planned: number;
}

export interface RunScanOptions {
  readonly kind: ScanKind;
  readonly url: URL;
  readonly settings: ScanSettings;
  readonly network: NetworkPolicy;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly onProgress: (progress: ScanProgress) => void;
  /** Aborts the scan early (server shutdown); what was collected by then is still checked. */
  readonly signal?: AbortSignal;
  /** Called once the home page could be read (see collect). */
  readonly onHomeRead?: () => Promise<void>;
  /** The language asked for; without it, the site's own when we write it, else English. */
  readonly lang?: ReportLanguage;
  /** One browser per process at a time (when settings.browser is set). */
  readonly browserGate?: BrowserGate;
}

export function checksFor(kind: ScanKind): readonly CheckSpec[] {
  return kind === 'analytics' ? ANALYTICS_CHECKS : AI_VISIBILITY_CHECKS;
}

/**
 * One scan from start to result: collect the site through a fresh guarded fetcher, run every
 * check of the kind on the snapshot, score. Bounded by the scan deadline: requests still open
 * then are aborted and their checks come out as not verified. Never throws for anything the
 * site does; a check that fails on unexpected input is reported as not verified and logged.
 */
export async function runScan(options: RunScanOptions): Promise<ScanResult> {
  const { settings, kind } = options;
  const started = performance.now();
  const deadline = new Deadline(settings.scanDeadlineMs, [options.signal]);
  let stage = 'starting';
  let planned = 1;
  const fetcher: Fetcher = openSession(options.network, {
    settings: settings.fetch,
    signal: deadline.signal,
    onRequest: () => options.onProgress({ stage, requests_done: fetcher.requestCount, requests_planned: Math.max(planned, fetcher.requestCount) }),
  });
  let collected: Awaited<ReturnType<typeof collect>>;
  try {
    collected = await collect({
      kind,
      url: options.url,
      fetcher,
      slowResponseMs: settings.slowResponseMs,
      now: options.clock.now(),
      ...(options.onHomeRead === undefined ? {} : { onHomeRead: options.onHomeRead }),
      onStage: (next, more) => {
        stage = next;
        planned = fetcher.requestCount + more;
        options.onProgress({ stage, requests_done: fetcher.requestCount, requests_planned: planned });
      },
    });
    if (collected.ok && settings.browser !== undefined && options.browserGate !== undefined) {
      stage = 'loading the pages in a browser';
      options.onProgress({ stage, requests_done: fetcher.requestCount, requests_planned: Math.max(planned, fetcher.requestCount) });
      const browser = await observe(collected.snapshot, kind, settings, options, deadline.signal);
      collected = { ok: true, snapshot: { ...collected.snapshot, browser } };
    }
  } finally {
    deadline.dispose();
    await fetcher.close();
  }
  options.onProgress({ stage: 'running the checks', requests_done: fetcher.requestCount, requests_planned: fetcher.requestCount });
  const checks = checksFor(kind);
  const facts = {
    kind,
    url: options.url.href,
    finalUrl: collected.ok ? collected.snapshot.home.url : options.url.href,
    requests: fetcher.requestCount,
    durationMs: performance.now() - started,
    finishedAt: options.clock.now(),
  };
  if (!collected.ok) return unverifiableResult(facts, collected.reason, collected.evidence, checks, options.lang ?? 'en');
  const snapshot = collected.snapshot;
  const results = checks.map((spec) => ({ spec, result: runCheck(spec, () => spec.run(snapshot), options.logger) }));
  return buildResult(facts, results, reportLanguage(options.lang, snapshot.home.lang));
}

/**
 * The home page and the inner page in the headless browser, after the static collection (the
 * browser's requests go through their own guarded fetcher and budget). Waits for the process's
 * one browser; the wait counts against the browser budget.
 */
async function observe(snapshot: ScanSnapshot, kind: ScanKind, settings: ScanSettings, options: RunScanOptions, scanSignal: AbortSignal): Promise<BrowserObservation> {
  const browserSettings = settings.browser!;
  const budgetDeadline = new Deadline(browserSettings.budgetMs, [scanSignal]);
  const budget = budgetDeadline.signal;
  const fetcher = openSession(options.network, { settings: { ...settings.fetch, requestBudget: settings.browserRequestBudget }, signal: budget });
  const started = performance.now();
  try {
    return await options.browserGate!.run(async () => {
      if (budget.aborted) return { pages: [], incomplete: m('browser.busy') };
      const remaining = Math.max(1_000, Math.round(browserSettings.budgetMs - (performance.now() - started)));
      return observeInBrowser({
        settings: { ...browserSettings, budgetMs: remaining },
        fetcher,
        userAgent: settings.fetch.userAgent,
        urls: snapshot.pages.filter((page) => !snapshot.alternates.has(page.url)).slice(0, 2).map((page) => page.url),
        withConsent: kind === 'analytics',
        signal: budget,
      });
    });
  } catch (error) {
    // The browser part never fails the scan: its checks come out as not verified.
    options.logger.error({ err: error }, 'the browser part of a scan failed');
    return { pages: [], incomplete: m('browser.failedOurSide') };
  } finally {
    budgetDeadline.dispose();
    await fetcher.close();
  }
}

function runCheck(spec: CheckSpec, run: () => CheckResult, logger: Logger): CheckResult {
  try {
    return run();
  } catch (error) {
    logger.error({ err: error, check: spec.id }, 'scan check failed on unexpected input');
    return notVerified(m('scan.checkCrashed'));
  }
}
