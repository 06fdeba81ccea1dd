import path from 'node:path';
import { AgentAuth } from './auth/agent-auth.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import type { Mailbox } from './config/options.js';
import { packageInfo } from './config/package-root.js';
import { loadSite } from './content/load-site.js';
import type { SiteContent } from './content/site-content.js';
import { ContentHolder } from './live/content-holder.js';
import { ContentReloader } from './live/content-reloader.js';
import { buildContentSnapshot, logContentWarnings } from './live/content-snapshot.js';
import { createStderrLogger, type Logger } from './log/logger.js';
import { MailOutbox } from './mail/mail-outbox.js';
import type { OutboxOwner } from './mail/outbox-store.js';
import { RemoteTools } from './mcp/remote-tools.js';
import { NetworkPolicy } from './net/network-policy.js';
import { systemResolver, type HostResolver } from './net/resolver.js';
import type { ReportMailer } from './scan/report-mail.js';
import { siteReportSender } from './scan/report-sender.js';
import { ScanService } from './scan/scan-service.js';
import { defaultScanSettings, type ScanSettings } from './scan/scan-settings.js';
import type { BrowserGate } from './net/browser/browser-gate.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/store.js';
import { startTelemetry } from './telemetry/start-telemetry.js';
import type { Telemetry } from './telemetry/telemetry.js';
import type { Insights } from './insights/insights.js';

/** Everything the application is made of, built once by `createContext` and passed down. */
export interface AppContext {
  readonly config: Config;
  /** The package version (also the MCP server version). */
  readonly version: string;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Store;
  /** Where our own pages are served (PUBLIC_BASE_URL, or this server): fixed for the process. */
  readonly publicBaseUrl: string;
  /**
   * The content: site, addresses, search index, generated documents. It may be replaced while
   * the server runs, so take `content.current()` once per request and use only that snapshot.
   */
  readonly content: ContentHolder;
  /** Replaces the content while serving (watch, SIGHUP, sync) and reports the last outcome. */
  readonly reloader: ContentReloader;
  /** The authorization server: keys, token signing and verification, its addresses. */
  readonly auth: AgentAuth;
  /** The durable mail outbox: every mail the server sends goes through it. */
  readonly outbox: MailOutbox;
  /** Over stdio, the site's own server, which runs the tools that send mail. */
  readonly remoteTools: RemoteTools;
  /** Website scans (scan_analytics, scan_ai_visibility, get_scan_result). */
  readonly scans: ScanService;
  /** OpenTelemetry export and the Prometheus endpoint, when asked for (docs/telemetry.md); else hooks that do nothing. */
  readonly telemetry: Telemetry;
  /** Agent-traffic insights (daily aggregates); absent when INSIGHTS=0. */
  readonly insights: Insights | undefined;
  /** Releases what the context holds (store connections, timers). */
  close(): Promise<void>;
}

/** Parts a caller may supply instead of the defaults (tests pass a fixed clock or a quiet logger). */
export interface ContextParts {
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly store?: Store;
  /** Jitter of mail retry delays, [0, 1). */
  readonly random?: () => number;
  /** Who claims outbox files (tests simulate another process). */
  readonly outboxOwner?: OutboxOwner;
  /** DNS for website scans (tests answer from a table to play public names and rebinding). */
  readonly resolver?: HostResolver;
  /** Where scan reports are e-mailed; default: the durable outbox. */
  readonly reportMailer?: ReportMailer;
  /** Adjusts the scan limits (tests shorten timeouts and budgets). */
  readonly scanSettings?: (defaults: ScanSettings) => ScanSettings;
  /** How often insights add their counts to the store (tests). */
  readonly insightsFlushMs?: number;
  /** The process's one-browser gate: `serve --source` renders pages under the same gate the scans use. */
  readonly browserGate?: BrowserGate;
}

/**
 * The composition root: loads and validates the content, prepares the search index and the
 * generated documents, and wires the shared parts. Throws ContentError when the site cannot be
 * served at all.
 */
export async function createContext(config: Config, parts: ContextParts = {}): Promise<AppContext> {
  const logger = parts.logger ?? (await createStderrLogger(config.logLevel, config.logFormat));
  const clock = parts.clock ?? systemClock;
  // Nothing is served before the content is loaded, so its files are read without yielding.
  const loaded = await loadSite(config.contentDir, { blocking: true });
  logContentWarnings(logger, loaded.warnings);
  const publicBaseUrl = config.publicBaseUrl ?? defaultPublicBaseUrl(config, loaded.site.info.siteUrl);
  // The HTTP server builds the index before it takes requests; stdio on the first search.
  const warmSearch = config.command === 'serve';
  const content = new ContentHolder(buildContentSnapshot(loaded, { publicBaseUrl, loadedAt: clock.now(), warmSearch }));
  const site = () => content.current().site;
  const store = parts.store ?? (await createStore(config.redisUrl, clock, logger));
  const reloader = new ContentReloader({ holder: content, load: () => loadSite(config.contentDir), publicBaseUrl, warmSearch, store, clock, logger });
  const auth = new AgentAuth(
    { publicBaseUrl, signingKey: config.signingKey, previousSigningKey: config.previousSigningKey, dataDir: config.dataDir },
    store,
    clock,
    logger,
  );
  // Over HTTP, load (or generate) the signing key now, so that a problem shows in the log at
  // start; it is not fatal: without a key only the token endpoints answer 503.
  if (config.command === 'serve') await auth.keys.keySet().catch(() => undefined);
  logger.info({ contentDir: config.contentDir, pages: loaded.site.pages.length, version: content.current().version, publicBaseUrl }, 'site loaded');
  if (config.dataDirIsTemporary) {
    logger.info(
      { dataDir: config.dataDir },
      `DATA_DIR is not set: state (signing key, inquiry outbox) goes to ${config.dataDir}, which a reboot may clear; set --data-dir / DATA_DIR to keep it`,
    );
  }
  const version = packageInfo().version;

  const outbox = new MailOutbox({
    dir: path.join(config.dataDir, 'outbox'),
    // nodemailer is loaded only when there is an SMTP server to talk to (never for stdio's start).
    transport: config.smtpUrl === undefined ? undefined : (await import('./mail/smtp-transport.js')).createSmtpTransport(config.smtpUrl),
    from: config.mailFrom ?? currentSender(site),
    clock,
    logger,
    ...(parts.random === undefined ? {} : { random: parts.random }),
    ...(parts.outboxOwner === undefined ? {} : { owner: parts.outboxOwner }),
  });
  const remoteTools = new RemoteTools(() => config.remoteMcpUrl ?? new URL('/mcp', site().info.siteUrl).href, { version: packageInfo().version, logger });
  // Over stdio the tools that send mail run on the site's own server (FORWARDED_OVER_STDIO), so
  // a desktop machine needs no SMTP account and keeps no outbox.
  if (config.command === 'serve') await outbox.start();
  else logger.info({ remoteMcpUrl: remoteTools.url }, `tools that send mail are passed to ${remoteTools.url}`);
  const metricsEndpoint = config.metricsPort === undefined ? undefined : { host: config.host, port: config.metricsPort };
  const telemetry = await startTelemetry({ ...(config.otel && { otel: config.otel }), ...(metricsEndpoint && { metrics: metricsEndpoint }), stdio: config.command === 'stdio', version, logger });
  // Loaded only when on: the module brings the language identifier for content gaps.
  const insights = config.insights && config.command !== 'import' && config.command !== 'check'
    ? await (await import('./insights/start-insights.js')).startInsights(
        { retentionDays: config.insightsRetentionDays, dataDir: config.dataDir, sharedStore: config.redisUrl !== undefined, http: config.command === 'serve', flushMs: parts.insightsFlushMs },
        store,
        clock,
        logger,
      )
    : undefined;
  const scans = createScanService(config, parts, { store, clock, logger, version, publicBaseUrl, site, outbox, insights });

  return {
    config,
    version,
    logger,
    clock,
    store,
    publicBaseUrl,
    content,
    reloader,
    auth,
    outbox,
    remoteTools,
    scans,
    telemetry,
    insights,
    async close() {
      reloader.stopFollowing();
      await reloader.idle();
      // Scans first: a scan that finishes during shutdown still hands its report to the outbox.
      await scans.close();
      await outbox.close();
      await insights?.close();
      await store.close();
      await telemetry.close();
    },
  };
}

/** Over HTTP we serve the pages ourselves; over stdio, links point at the real website. */
function defaultPublicBaseUrl(config: Config, siteUrl: string): string {
  return config.command === 'serve' ? `http://localhost:${config.port}` : new URL(siteUrl).origin;
}

function createScanService(
  config: Config,
  parts: ContextParts,
  shared: { store: Store; clock: Clock; logger: Logger; version: string; publicBaseUrl: string; site: () => SiteContent; outbox: MailOutbox; insights: Insights | undefined },
): ScanService {
  const defaults = defaultScanSettings(shared.version, shared.publicBaseUrl, config.scanWaitSeconds, config.scanBrowser);
  const settings = parts.scanSettings?.(defaults) ?? defaults;
  if (config.scanAllowPrivateTargets) {
    shared.logger.warn(
      { option: 'SCAN_ALLOW_PRIVATE_TARGETS' },
      'SCAN_ALLOW_PRIVATE_TARGETS is ON: website scans may reach loopback and private addresses on any port. This is for tests with local fixture sites; never enable it on a server others can reach.',
    );
  }
  return new ScanService({
    store: shared.store,
    clock: shared.clock,
    logger: shared.logger,
    settings,
    network: NetworkPolicy.create(config.scanAllowPrivateTargets, parts.resolver ?? systemResolver),
    mailer: parts.reportMailer ?? outboxReportMailer(shared.outbox),
    sender: siteReportSender(shared.site),
    insights: shared.insights,
    ...(parts.browserGate === undefined ? {} : { browserGate: parts.browserGate }),
  });
}

/** The outbox's sender, read from the current content each time a mail goes out (a reload may rename the company). */
function currentSender(site: () => SiteContent): Mailbox {
  return {
    get name() {
      return site().info.company;
    },
    get address() {
      // A site that publishes no sales address still sends scan reports: from noreply@ its own host (MAIL_FROM overrides).
      const info = site().info;
      return info.salesEmail ?? `noreply@${new URL(info.siteUrl).hostname}`;
    },
  };
}

/** Scan reports go through the durable outbox: accepted once on disk, delivered with retries. */
function outboxReportMailer(outbox: MailOutbox): ReportMailer {
  return {
    async send(mail) {
      await outbox.enqueue({ kind: 'scan-report', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
