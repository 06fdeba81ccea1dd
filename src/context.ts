import path from 'node:path';
import { AgentAuth } from './auth/agent-auth.js';
import { renderSiteDocuments, type SiteDocument } from '../resources/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import { packageInfo } from './config/package-root.js';
import { loadSite, type ContentWarning } from './content/load-site.js';
import type { SiteContent } from './content/site-content.js';
import { SiteUrls } from './content/site-urls.js';
import { createLogger, type Logger } from './log/logger.js';
import { MailOutbox } from './mail/mail-outbox.js';
import type { OutboxOwner } from './mail/outbox-store.js';
import { RemoteTools } from './mcp/remote-tools.js';
import { systemResolver, type HostResolver } from './scan/net/resolver.js';
import { PRODUCTION_PORTS, type TargetRules } from './scan/net/target.js';
import type { ReportMailer } from './scan/report-mail.js';
import { siteReportSender } from './scan/report-sender.js';
import { ScanService } from './scan/scan-service.js';
import { defaultScanSettings, type ScanSettings } from './scan/scan-settings.js';
import { LazySearchIndex, type PageSearch } from './search/lazy-search-index.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/store.js';

/** Everything the application is made of, built once by `createContext` and passed down. */
export interface AppContext {
  readonly config: Config;
  /** The package version (also the MCP server version). */
  readonly version: string;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly store: Store;
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly search: PageSearch;
  /** llms.txt and pricing.md, rendered once. */
  readonly documents: readonly SiteDocument[];
  /** The authorization server: keys, token signing and verification, its addresses. */
  readonly auth: AgentAuth;
  readonly contentWarnings: readonly ContentWarning[];
  /** The durable mail outbox: every mail the server sends goes through it. */
  readonly outbox: MailOutbox;
  /** Over stdio, the site's own server, which runs the tools that send mail. */
  readonly remoteTools: RemoteTools;
  /** Website scans (scan_analytics, scan_ai_visibility, get_scan_result). */
  readonly scans: ScanService;
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
}

/**
 * The composition root: loads and validates the content, prepares the search index and the
 * generated documents, and wires the shared parts. Throws ContentError when the site cannot be
 * served at all.
 */
export async function createContext(config: Config, parts: ContextParts = {}): Promise<AppContext> {
  const logger = parts.logger ?? createLogger(config.logLevel);
  const clock = parts.clock ?? systemClock;
  const { site, warnings } = await loadSite(config.contentDir);
  for (const warning of warnings) logger.warn({ file: warning.file, field: warning.field }, `content: ${warning.file}: ${warning.field}: ${warning.message}`);

  const urls = new SiteUrls(config.publicBaseUrl ?? defaultPublicBaseUrl(config, site.info.siteUrl), site.info.siteUrl);
  const search = new LazySearchIndex(site.pages);
  // The HTTP server builds the index before it takes requests; stdio on the first search.
  if (config.command === 'serve') search.warm();
  const store = parts.store ?? (await createStore(config.redisUrl, clock, logger));
  const auth = new AgentAuth(
    { publicBaseUrl: urls.publicBaseUrl, signingKey: config.signingKey, previousSigningKey: config.previousSigningKey, dataDir: config.dataDir },
    store,
    clock,
    logger,
  );
  // Over HTTP, load (or generate) the signing key now, so that a problem shows in the log at
  // start; it is not fatal: without a key only the token endpoints answer 503.
  if (config.command === 'serve') await auth.keys.keySet().catch(() => undefined);
  logger.info({ contentDir: config.contentDir, pages: site.pages.length, publicBaseUrl: urls.publicBaseUrl }, 'site loaded');
  const version = packageInfo().version;

  const outbox = new MailOutbox({
    dir: path.join(config.dataDir, 'outbox'),
    // nodemailer is loaded only when there is an SMTP server to talk to (never for stdio's start).
    transport: config.smtpUrl === undefined ? undefined : (await import('./mail/smtp-transport.js')).createSmtpTransport(config.smtpUrl),
    from: config.mailFrom ?? { name: site.info.company, address: site.info.salesEmail },
    clock,
    logger,
    ...(parts.random === undefined ? {} : { random: parts.random }),
    ...(parts.outboxOwner === undefined ? {} : { owner: parts.outboxOwner }),
  });
  const remoteTools = new RemoteTools(config.remoteMcpUrl ?? new URL('/mcp', site.info.siteUrl).href, { version: packageInfo().version, logger });
  // Over stdio the tools that send mail run on the site's own server (FORWARDED_OVER_STDIO), so
  // a desktop machine needs no SMTP account and keeps no outbox.
  if (config.command === 'serve') await outbox.start();
  else logger.info({ remoteMcpUrl: remoteTools.url }, `tools that send mail are passed to ${remoteTools.url}`);
  const scans = createScanService(config, parts, { store, clock, logger, version, publicBaseUrl: urls.publicBaseUrl, site, outbox });

  return {
    config,
    version,
    logger,
    clock,
    store,
    site,
    urls,
    search,
    documents: renderSiteDocuments(site, urls),
    auth,
    contentWarnings: warnings,
    outbox,
    remoteTools,
    scans,
    async close() {
      // Scans first: a scan that finishes during shutdown still hands its report to the outbox.
      await scans.close();
      await outbox.close();
      await store.close();
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
  shared: { store: Store; clock: Clock; logger: Logger; version: string; publicBaseUrl: string; site: SiteContent; outbox: MailOutbox },
): ScanService {
  const defaults = defaultScanSettings(shared.version, shared.publicBaseUrl, config.scanWaitSeconds, config.scanBrowser);
  const settings = parts.scanSettings?.(defaults) ?? defaults;
  const rules: TargetRules = config.scanAllowPrivateTargets ? { allowPrivate: true, allowedPorts: 'any' } : { allowPrivate: false, allowedPorts: PRODUCTION_PORTS };
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
    rules,
    resolver: parts.resolver ?? systemResolver,
    mailer: parts.reportMailer ?? outboxReportMailer(shared.outbox),
    sender: siteReportSender(shared.site),
  });
}

/** Scan reports go through the durable outbox: accepted once on disk, delivered with retries. */
function outboxReportMailer(outbox: MailOutbox): ReportMailer {
  return {
    async send(mail) {
      await outbox.enqueue({ kind: 'scan-report', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
