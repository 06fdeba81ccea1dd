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

/**
 * A time limit that only a stuck process reaches. Tests whose subject is not a time limit get
 * this much for every limit they cannot avoid (a connection, a request, the whole scan, the
 * browser part), so that a loaded machine slows them down but cannot change what they see: with
 * 800 ms request timeouts and a 5 s deadline, a clean fixture site graded B on a loaded host. A
 * test about a limit (a stalled file, a slow first byte, the call budget) sets that one itself.
 */
export const UNHURRIED_MS = 120_000;

/** Scan settings for tests: the fixture sites' CA trusted, and no time limit a loaded machine could reach (UNHURRIED_MS). */
export function unhurriedScanSettings(defaults: ScanSettings, overrides: Partial<ScanSettings> = {}): ScanSettings {
  return {
    ...defaults,
    fetch: { ...defaults.fetch, connectTimeoutMs: UNHURRIED_MS, requestTimeoutMs: UNHURRIED_MS, trustedCa: FIXTURE_CA },
    scanDeadlineMs: UNHURRIED_MS,
    slowResponseMs: UNHURRIED_MS,
    ...(defaults.browser === undefined ? {} : { browser: { ...defaults.browser, budgetMs: UNHURRIED_MS } }),
    ...overrides,
  };
}

/** The older name of unhurriedScanSettings (it once set 800 ms request timeouts), for branches written against it. */
export const fastScanSettings = unhurriedScanSettings;

/** An application context whose scans may reach loopback fixture sites (the test-only option). */
export function scanTestContext(parts: ContextParts & { settings?: Partial<ScanSettings> } = {}, argv: string[] = []): Promise<AppContext> {
  const { settings, ...rest } = parts;
  return testContext(MINI_SITE, { reportMailer: new RecordingMailer(), scanSettings: (defaults) => unhurriedScanSettings(defaults, settings), ...rest }, ['--scan-allow-private-targets', '1', ...argv]);
}
