import { renderSiteDocuments, type SiteDocument } from '../resources/index.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/load-config.js';
import { packageInfo } from './config/package-root.js';
import { loadSite, type ContentWarning } from './content/load-site.js';
import type { SiteContent } from './content/site-content.js';
import { SiteUrls } from './content/site-urls.js';
import { createLogger, type Logger } from './log/logger.js';
import { systemResolver, type HostResolver } from './scan/net/resolver.js';
import { PRODUCTION_PORTS, type TargetRules } from './scan/net/target.js';
import type { ReportMailer } from './scan/report-mail.js';
import { ScanService } from './scan/scan-service.js';
import { defaultScanSettings, type ScanSettings } from './scan/scan-settings.js';
import { SearchIndex } from './search/search-index.js';
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
  readonly search: SearchIndex;
  /** llms.txt and pricing.md, rendered once. */
  readonly documents: readonly SiteDocument[];
  readonly contentWarnings: readonly ContentWarning[];
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
  /** DNS for website scans (tests answer from a table to play public names and rebinding). */
  readonly resolver?: HostResolver;
  /** Where scan reports are e-mailed; without one, results say the report was not sent. */
  readonly reportMailer?: ReportMailer;
  /** Adjusts the scan limits (tests shorten timeouts and budgets). */
  readonly scanSettings?: (defaults: ScanSettings) => ScanSettings;
}

/**
 * The composition root: loads and validates the content, builds the search index and the
 * generated documents, and wires the shared parts. Throws ContentError when the site cannot be
 * served at all.
 */
export async function createContext(config: Config, parts: ContextParts = {}): Promise<AppContext> {
  const logger = parts.logger ?? createLogger(config.logLevel);
  const clock = parts.clock ?? systemClock;
  const { site, warnings } = await loadSite(config.contentDir);
  for (const warning of warnings) logger.warn({ file: warning.file, field: warning.field }, `content: ${warning.file}: ${warning.field}: ${warning.message}`);

  const urls = new SiteUrls(config.publicBaseUrl ?? defaultPublicBaseUrl(config, site.info.siteUrl), site.info.siteUrl);
  const search = SearchIndex.build(site.pages);
  const store = parts.store ?? (await createStore(config.redisUrl, clock, logger));
  logger.info({ contentDir: config.contentDir, pages: site.pages.length, publicBaseUrl: urls.publicBaseUrl }, 'site loaded');
  const version = packageInfo().version;
  const scans = createScanService(config, parts, { store, clock, logger, version, publicBaseUrl: urls.publicBaseUrl, site });

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
    contentWarnings: warnings,
    scans,
    async close() {
      await scans.close();
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
  shared: { store: Store; clock: Clock; logger: Logger; version: string; publicBaseUrl: string; site: SiteContent },
): ScanService {
  const defaults = defaultScanSettings(shared.version, shared.publicBaseUrl, config.scanWaitSeconds);
  const settings = parts.scanSettings?.(defaults) ?? defaults;
  const rules: TargetRules = config.scanAllowPrivateTargets ? { allowPrivate: true, allowedPorts: 'any' } : { allowPrivate: false, allowedPorts: PRODUCTION_PORTS };
  if (config.scanAllowPrivateTargets) {
    shared.logger.warn(
      { option: 'SCAN_ALLOW_PRIVATE_TARGETS' },
      'SCAN_ALLOW_PRIVATE_TARGETS is ON: website scans may reach loopback and private addresses on any port. This is for tests with local fixture sites; never enable it on a server others can reach.',
    );
  }
  const info = shared.site.info;
  const contact = info.contact[info.defaultLanguage];
  return new ScanService({
    store: shared.store,
    clock: shared.clock,
    logger: shared.logger,
    settings,
    rules,
    resolver: parts.resolver ?? systemResolver,
    mailer: parts.reportMailer,
    sender: { company: info.company, contact: [contact?.email, info.siteUrl].filter(Boolean).join(' · ') },
  });
}
