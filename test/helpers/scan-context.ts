import type { AppContext, ContextParts } from '../../src/context.js';
import type { ReportMail, ReportMailer } from '../../src/scan/report-mail.js';
import type { ScanSettings } from '../../src/scan/scan-settings.js';
import { testContext } from './context.js';
import { FIXTURE_CA } from './fixture-site.js';
import { MINI_SITE } from './paths.js';

/**
 * A ReportMailer for scan tests that are not about mail: it keeps what it was given, or refuses
 * when told to (an outbox that cannot take the report). The report's real path, the durable
 * outbox and an SMTP server, is tested in scan-tools.test.ts.
 */
export class RecordingMailer implements ReportMailer {
  readonly sent: ReportMail[] = [];
  refuse = false;

  async send(mail: ReportMail): Promise<void> {
    if (this.refuse) throw new Error('outbox not writable');
    this.sent.push(mail);
  }
}

/** Short timeouts so that tarpits and slow fixtures cost tests well under a second. */
export function fastScanSettings(defaults: ScanSettings, overrides: Partial<ScanSettings> = {}): ScanSettings {
  return {
    ...defaults,
    fetch: { ...defaults.fetch, connectTimeoutMs: 500, requestTimeoutMs: 800, trustedCa: FIXTURE_CA },
    scanDeadlineMs: 5_000,
    // Generous: a loaded test machine must not make a fixture look slow (the slow-site test sets its own).
    slowResponseMs: 5_000,
    ...overrides,
  };
}

/**
 * A time limit that only a stuck process reaches. Tests whose subject is not a time limit give
 * the one they cannot avoid (the browser part of a scan, the whole scan, a request of the
 * browser's pages) this much, so that a loaded machine slows them down but cannot change what
 * they see. The limits themselves are tested with ones that run out whatever the load.
 */
export const UNHURRIED_MS = 120_000;

/** Scan settings with no time limit a loaded machine could reach (see UNHURRIED_MS), the browser's budget included. */
export function unhurriedScanSettings(defaults: ScanSettings, overrides: Partial<ScanSettings> = {}): ScanSettings {
  return fastScanSettings(defaults, {
    fetch: { ...defaults.fetch, connectTimeoutMs: UNHURRIED_MS, requestTimeoutMs: UNHURRIED_MS, trustedCa: FIXTURE_CA },
    scanDeadlineMs: UNHURRIED_MS,
    ...(defaults.browser === undefined ? {} : { browser: { ...defaults.browser, budgetMs: UNHURRIED_MS } }),
    ...overrides,
  });
}

/** An application context whose scans may reach loopback fixture sites (the test-only option). */
export function scanTestContext(parts: ContextParts & { settings?: Partial<ScanSettings> } = {}, argv: string[] = []): Promise<AppContext> {
  const { settings, ...rest } = parts;
  return testContext(MINI_SITE, { reportMailer: new RecordingMailer(), scanSettings: (defaults) => fastScanSettings(defaults, settings), ...rest }, ['--scan-allow-private-targets', '1', ...argv]);
}
