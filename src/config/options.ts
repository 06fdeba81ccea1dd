import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import * as z from 'zod';
import { LOG_FORMATS } from '../log/logger.js';
import { hasMessage, type MessageKey, type MessageValues } from '../messages/catalog.js';
import { isLoopbackHostname } from '../web/loopback.js';

/** A sentence for the person, as the catalogs' key and its values (worded in the terminal's language when printed). */
export interface Said {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

type RuleKey = Extract<MessageKey, `config.rule.${string}`>;

/**
 * A rule's wording, carried through zod as its issue message: the catalog key and values, which
 * loadConfig turns back into a `Said` (ruleOf) and words in the person's language. Every rule
 * below names one, so zod's own English never reaches the person.
 */
export function rule(key: RuleKey, values: Readonly<Record<string, string | number>> = {}): string {
  return JSON.stringify({ key, values });
}

/** A value as the person gave it, for the catalogs to put in quotes: escaped as in JSON (a control character shows as \\n), without JSON's quotes. */
export function quotable(value: unknown): string {
  return (JSON.stringify(value ?? '') ?? '').replace(/^"|"$/g, '');
}

/** The rule a zod issue message carries, if it is one of ours. */
export function ruleOf(text: string): Said | undefined {
  try {
    const parsed = JSON.parse(text) as { key?: unknown; values?: MessageValues };
    return typeof parsed.key === 'string' && hasMessage(parsed.key) ? { key: parsed.key, values: parsed.values ?? {} } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every option the server takes, each both a command-line flag and an environment variable.
 * This table is the single source for parsing, `--help` and the options table of docs/options.md
 * (test/docs/options-page.test.ts keeps that page in step). A flag wins over its environment variable.
 */
export interface OptionSpec {
  /** Flag name without the leading dashes. */
  readonly flag: string;
  readonly env: string;
  /** Shown in `--help` and docs/options.md. */
  readonly description: string;
  /** How the value looks, for `--help`. */
  readonly hint: string;
  /** Parses the raw string (undefined when not given) into the config value. */
  readonly schema: z.ZodType;
  /** The value may hold a password: error messages never repeat it (pino redacts it by key). */
  readonly secret?: boolean;
  /** A switch: the flag is given bare (`--watch`); the variable takes 1/0, true/false, yes/no, on/off. */
  readonly bare?: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const RENDER_MODES = ['auto', 'always', 'never'] as const;
export type { LogFormat } from '../log/logger.js';
export type LogLevel = (typeof LOG_LEVELS)[number];

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

/** A duration as 90s, 30m or 6h, in milliseconds. */
const duration = z
  .string()
  .regex(/^\d{1,6}(s|m|h)$/, rule('config.rule.duration'))
  .transform((value) => Number(value.slice(0, -1)) * { s: 1_000, m: 60_000, h: 3_600_000 }[value.slice(-1) as 's' | 'm' | 'h']);

/** A whole number within bounds, with a default. */
function wholeNumber(fallback: string, min: number, max: number) {
  const range = rule('config.rule.wholeNumber', { min, max });
  return z
    .string()
    .optional()
    .transform((value) => value ?? fallback)
    .pipe(z.string().regex(/^\d{1,6}$/, range).transform(Number))
    .pipe(z.number().int().min(min, range).max(max, range));
}

const SWITCH_RULE = rule('config.rule.switch');
const flagBoolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''], { error: SWITCH_RULE })
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes' || value === 'on' || value === '');

/** An http(s) origin, optionally written with a trailing slash; nothing after it. */
export const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.pathname === '/' &&
        url.search === '' &&
        url.hash === '' &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, rule('config.rule.origin'))
  .transform((value) => new URL(value).origin);

const PORT_RULE = rule('config.rule.wholeNumber', { min: 0, max: 65535 });
const port = z
  .string()
  .regex(/^\d{1,5}$/, PORT_RULE)
  .transform(Number)
  .pipe(z.number().int().max(65535, PORT_RULE));

/** An ISO 8601 date or date-time (`2027-01-31` or `2027-01-31T00:00:00Z`), as epoch milliseconds. */
const isoInstant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/, rule('config.rule.isoDate'))
  .transform((value) => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value))
  .refine((ms) => Number.isFinite(ms), rule('config.rule.realDate'));
/** One mailbox set by the operator: `address` or `Display Name <address>`. */
export interface Mailbox {
  readonly name: string;
  readonly address: string;
}

const plainAddress = z.email();

const mailbox = z.string().transform((value, ctx): Mailbox => {
  const parsed = /[\r\n]/.test(value) ? [] : addressparser(value);
  const only = parsed[0];
  if (parsed.length !== 1 || only === undefined || only.group !== undefined || !plainAddress.safeParse(only.address).success) {
    ctx.addIssue({ code: 'custom', message: rule('config.rule.mailbox') });
    return z.NEVER;
  }
  return { name: only.name, address: only.address };
});
/** The three uses contentsignals.org names; a site says yes or no to each. */
export const CONTENT_SIGNAL_KEYS = ['ai-train', 'search', 'ai-input'] as const;
const CONTENT_SIGNAL_RULE = rule('config.rule.contentSignal', { keys: CONTENT_SIGNAL_KEYS.join(', ') });
export const DEFAULT_CONTENT_SIGNAL = 'ai-train=yes, search=yes, ai-input=yes';

/** A Content-Signal header value, normalized to "key=value, key=value"; "off" means none is sent. */
const contentSignal = z
  .string()
  .optional()
  .transform((value, context) => {
    const raw = (value ?? DEFAULT_CONTENT_SIGNAL).trim();
    if (raw.toLowerCase() === 'off') return undefined;
    const seen = new Set<string>();
    const pairs: string[] = [];
    for (const item of raw.split(',')) {
      const match = /^\s*([a-z-]+)\s*=\s*(yes|no)\s*$/i.exec(item);
      const key = match?.[1]?.toLowerCase();
      if (!match || key === undefined || !(CONTENT_SIGNAL_KEYS as readonly string[]).includes(key) || seen.has(key)) {
        context.addIssue({ code: 'custom', message: CONTENT_SIGNAL_RULE });
        return z.NEVER;
      }
      seen.add(key);
      pairs.push(`${key}=${match[2]!.toLowerCase()}`);
    }
    return pairs.join(', ');
  });

export const OPTIONS = {
  contentDir: {
    flag: 'content-dir',
    env: 'CONTENT_DIR',
    hint: 'DIR',
    description: 'The site to serve: a content directory (site.yaml and pages/). Default: the bundled sample site.',
    schema: z.string().min(1, rule('config.rule.notEmpty')).optional(),
  },
  watch: {
    flag: 'watch',
    env: 'WATCH',
    hint: '',
    description:
      'With serve: reload the content directory when its files change (debounced), without a restart; SIGHUP reloads too. A change that does not load keeps the current content serving. Default: off.',
    schema: flagBoolean,
    bare: true,
  },
  source: {
    flag: 'source',
    env: 'SOURCE_URL',
    hint: 'URL',
    description:
      'With serve: serve a live website. It is imported into DATA_DIR on start (the API answers 503 until the first import finishes), re-synced every --sync-interval and on SIGHUP; a restart serves the last good import at once. The import options (--max-pages, --include...) apply. Default: none (serve --content-dir).',
    schema: z
      .string()
      .trim()
      .optional()
      .refine((value) => value === undefined || /^https?:\/\/[^/]/i.test(value), rule('config.rule.sourceUrl')),
  },
  syncInterval: {
    flag: 'sync-interval',
    env: 'SYNC_INTERVAL',
    hint: 'DURATION',
    description: 'With serve --source: how often the live site is re-synced, as 90s, 30m or 6h (at least 10s). Default: 6h.',
    schema: z
      .string()
      .optional()
      .transform((value) => (value ?? '6h').trim())
      .pipe(duration)
      .pipe(z.number().min(10_000, rule('config.rule.atLeast10s'))),
  },
  publicBaseUrl: {
    flag: 'public-base-url',
    env: 'PUBLIC_BASE_URL',
    hint: 'URL',
    description:
      'The origin used in every URL we return. Default: http://localhost:PORT for serve, the site file\'s siteUrl for stdio.',
    schema: originSchema.optional(),
  },
  host: {
    flag: 'host',
    env: 'HOST',
    hint: 'ADDRESS',
    description: 'Address the HTTP server listens on. Default: 127.0.0.1.',
    schema: z.string().trim().min(1, rule('config.rule.notEmpty')).default('127.0.0.1'),
  },
  port: {
    flag: 'port',
    env: 'PORT',
    hint: 'NUMBER',
    description: 'Port the HTTP server listens on (0 picks a free one). Default: 3000.',
    schema: z
      .string()
      .optional()
      .transform((value) => value ?? '3000')
      .pipe(port),
  },
  dataDir: {
    flag: 'data-dir',
    env: 'DATA_DIR',
    hint: 'DIR',
    description:
      'Where the server keeps what must survive a restart (signing key, inquiry outbox). Default: a per-user folder in the system\'s temporary directory, which a reboot may clear; set it for anything but a trial.',
    schema: z.string().min(1, rule('config.rule.notEmpty')).optional(),
  },
  logLevel: {
    flag: 'log-level',
    env: 'LOG_LEVEL',
    hint: LOG_LEVELS.join('|'),
    description: 'How much to log on stderr. Default: info.',
    schema: z.enum(LOG_LEVELS, { error: rule('config.rule.oneOf', { values: LOG_LEVELS.join(', ') }) }).default('info'),
  },
  logFormat: {
    flag: 'log-format',
    env: 'LOG_FORMAT',
    hint: LOG_FORMATS.join('|'),
    description: 'How log lines look: readable lines (pretty) or JSON lines for a log collector (json). Default: auto, readable when stderr is a terminal, else JSON.',
    schema: z.enum(LOG_FORMATS, { error: rule('config.rule.oneOf', { values: LOG_FORMATS.join(', ') }) }).default('auto'),
  },
  allowedHosts: {
    flag: 'allowed-hosts',
    env: 'ALLOWED_HOSTS',
    hint: 'HOST[:PORT],…',
    description:
      'Extra Host header values accepted by /mcp (DNS-rebinding protection). localhost, 127.0.0.1, [::1] and the public base URL\'s host are always accepted.',
    schema: commaList,
  },
  allowedOrigins: {
    flag: 'allowed-origins',
    env: 'ALLOWED_ORIGINS',
    hint: 'ORIGIN,…|*',
    description:
      'Extra browser origins allowed to call /mcp. The public base URL\'s origin and local origins are always allowed; * allows any.',
    schema: commaList.refine(
      (items) => items.every((item) => item === '*' || originSchema.safeParse(item).success),
      rule('config.rule.origins'),
    ),
  },
  redisUrl: {
    flag: 'redis-url',
    env: 'REDIS_URL',
    hint: 'redis://[:PASSWORD@]HOST:PORT[/DB]',
    secret: true,
    description:
      'Keep shared state (rate limits, quotas, scan jobs, single-use codes) in Redis so it holds across instances. Default: in memory, per instance.',
    schema: z
      .string()
      .refine((value) => /^rediss?:\/\/[^\s]+$/.test(value) && URL.canParse(value), rule('config.rule.redisUrl'))
      .optional(),
  },
  signingKey: {
    flag: 'signing-key',
    env: 'SIGNING_KEY',
    hint: 'JWK|PEM|FILE',
    secret: true,
    description:
      'The ES256 (EC P-256) private key that signs tokens: a JWK, a PEM key, or the path of a file holding either. Give every instance the same key. Default: generated once and kept in the data directory.',
    schema: z.string().min(1, rule('config.rule.notEmpty')).optional(),
  },
  previousSigningKey: {
    flag: 'previous-signing-key',
    env: 'PREVIOUS_SIGNING_KEY',
    hint: 'JWK|PEM|FILE',
    secret: true,
    description:
      'During a key rotation, the key used before (private or public): still published and accepted, never used to sign. Same forms as --signing-key.',
    schema: z.string().min(1, rule('config.rule.notEmpty')).optional(),
  },
  trustProxyHops: {
    flag: 'trust-proxy-hops',
    env: 'TRUST_PROXY_HOPS',
    hint: 'NUMBER',
    description:
      'How many reverse proxies in front of the server append to X-Forwarded-For; the client address (rate limits) is taken that many hops from the right. Default: 0 (the socket address; X-Forwarded-For is ignored).',
    schema: z
      .string()
      .optional()
      .transform((value) => value ?? '0')
      .pipe(z.string().regex(/^\d{1,2}$/, rule('config.rule.proxies')).transform(Number)),
  },
  apiDeprecationDate: {
    flag: 'api-deprecation-date',
    env: 'API_DEPRECATION_DATE',
    hint: 'ISO-DATE',
    description:
      'When /api/v1 was or will be deprecated: every /api/v1 answer then carries a Deprecation header (RFC 9745). Default: none (no header).',
    schema: isoInstant.optional(),
  },
  apiSunsetDate: {
    flag: 'api-sunset-date',
    env: 'API_SUNSET_DATE',
    hint: 'ISO-DATE',
    description:
      'When /api/v1 will be removed: every /api/v1 answer then carries a Sunset header (RFC 8594). Needs --api-deprecation-date and must not be earlier. Default: none.',
    schema: isoInstant.optional(),
  },
  rateLimitPerMinute: {
    flag: 'rate-limit-per-minute',
    env: 'RATE_LIMIT_PER_MINUTE',
    hint: 'NUMBER',
    description:
      'Requests per 60 seconds each IP address may make to /api/v1 (RateLimit-Policy "ip"). Default: 120, as the API contract promises; raise it only for load tests or behind a gateway that limits.',
    schema: z
      .string()
      .optional()
      .transform((value) => value ?? '120')
      .pipe(z.string().regex(/^[1-9]\d{0,8}$/, rule('config.rule.wholeNumber', { min: 1, max: 999999999 })).transform(Number)),
  },
  maxConnections: {
    flag: 'max-connections',
    env: 'MAX_CONNECTIONS',
    hint: 'NUMBER',
    description:
      'Open HTTP connections at most (idle keep-alive ones included); a connection beyond it is closed at once, so a flood of slow clients cannot use up the process. Default: 4096.',
    schema: z
      .string()
      .optional()
      .transform((value) => value ?? '4096')
      .pipe(z.string().regex(/^[1-9]\d{0,6}$/, rule('config.rule.wholeNumber', { min: 1, max: 9999999 })).transform(Number)),
  },
  metricsPort: {
    flag: 'metrics-port',
    env: 'METRICS_PORT',
    hint: 'NUMBER',
    description:
      'Serve Prometheus metrics (request and tool-call duration histograms) at /metrics on this port of --host, apart from the public port (0 picks a free one). Default: off.',
    schema: port.optional(),
  },
  cursorSecret: {
    flag: 'cursor-secret',
    env: 'CURSOR_SECRET',
    hint: 'SECRET',
    secret: true,
    description:
      'Key that signs the /api/v1/pages cursors (at least 32 characters). Give every instance behind one address the same value. Default: a random key per process (cursors then stop working after a restart).',
    schema: z.string().min(32, rule('config.rule.secret', { min: 32 })).optional(),
  },
  smtpUrl: {
    flag: 'smtp-url',
    env: 'SMTP_URL',
    hint: 'smtp[s]://USER:PASSWORD@HOST:PORT[?OPTIONS]',
    description:
      'The SMTP server that delivers inquiries and reports, in nodemailer\'s URL form: smtps:// for TLS from the start (port 465), smtp:// for STARTTLS; query parameters set nodemailer options such as requireTLS=true or tls.servername=NAME. A secret: never logged. Default: none; mail waits in the outbox under the data directory.',
    secret: true,
    schema: z
      .string()
      .refine((value) => {
        if (!/^smtps?:\/\/[^\s]+$/i.test(value) || !URL.canParse(value)) return false;
        return new URL(value).hostname !== '';
      }, rule('config.rule.smtpUrl'))
      .optional(),
  },
  mailFrom: {
    flag: 'mail-from',
    env: 'MAIL_FROM',
    hint: '"NAME <ADDRESS>"',
    description: 'Sender of every mail the server sends (the SMTP server must accept it). Default: the company name with the site file\'s salesEmail (noreply@ the site\'s host when it has none).',
    schema: mailbox.optional(),
  },
  inquiryTo: {
    flag: 'inquiry-to',
    env: 'INQUIRY_TO',
    hint: 'ADDRESS,…',
    description: 'Who receives inquiries sent with send_inquiry (comma-separated). Default: the site file\'s salesEmail; without either, send_inquiry says that no address for inquiries is published and sends nothing.',
    schema: commaList.refine((items) => items.every((item) => plainAddress.safeParse(item).success), rule('config.rule.addresses')),
  },
  inquirySubjectPrefix: {
    flag: 'inquiry-subject-prefix',
    env: 'INQUIRY_SUBJECT_PREFIX',
    hint: 'TEXT',
    description: 'Start of the subject of inquiry mails, for the sales team\'s mail filters. Default: the site\'s host name in brackets, e.g. [miarka.example].',
    schema: z
      .string()
      .max(60, rule('config.rule.maxLength', { max: 60 }))
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), rule('config.rule.oneLine'))
      .optional(),
  },
  remoteMcpUrl: {
    flag: 'remote-mcp-url',
    env: 'REMOTE_MCP_URL',
    hint: 'URL',
    description:
      'Over stdio, tools that send mail (send_inquiry) are passed to this MCP endpoint, the site\'s own server, instead of running on the user\'s machine. https, or http on a loopback host. Default: the site file\'s siteUrl + /mcp.',
    schema: z
      .string()
      .trim()
      .refine((value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        if (url.username !== '' || url.password !== '') return false;
        return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHostname(url.hostname));
      }, rule('config.rule.remoteMcpUrl'))
      .optional(),
  },
  contentSignal: {
    flag: 'content-signal',
    env: 'CONTENT_SIGNAL',
    hint: 'ai-train=yes|no,search=yes|no,ai-input=yes|no|off',
    description: `The Content-Signal (contentsignals.org) sent with site pages, llms.txt and pricing.md and written in robots.txt: whether AI systems may train on, index and quote the content; ai-train=no also keeps AI training crawlers out in robots.txt. "off" sends none. Default: ${DEFAULT_CONTENT_SIGNAL}.`,
    schema: contentSignal,
  },
  scanWaitSeconds: {
    flag: 'scan-wait-seconds',
    env: 'SCAN_WAIT_SECONDS',
    hint: 'SECONDS',
    description:
      'How long scan_analytics and scan_ai_visibility wait for a scan before answering with a scan id to poll with get_scan_result (0-120). Default: 20.',
    schema: z
      .string()
      .optional()
      .transform((value) => value ?? '20')
      .pipe(z.string().regex(/^\d{1,3}$/, rule('config.rule.seconds')).transform(Number))
      .pipe(z.number().int().max(120, rule('config.rule.seconds'))),
  },
  scanBrowser: {
    flag: 'scan-browser',
    env: 'SCAN_BROWSER',
    hint: 'PATH',
    description:
      'The headless Chromium the scans use for the checks that need a browser (T3b, T7b, T8, T11b, T15b, V9b), e.g. /usr/bin/chromium (Debian\'s chromium package); never a downloaded browser. Unset: those checks are reported as not verified.',
    schema: z
      .string()
      .trim()
      .refine((value) => path.isAbsolute(value), rule('config.rule.chromiumPath'))
      .refine((value) => isExecutable(value), rule('config.rule.notExecutable'))
      .optional(),
  },
  scanAllowPrivateTargets: {
    flag: 'scan-allow-private-targets',
    env: 'SCAN_ALLOW_PRIVATE_TARGETS',
    hint: '1|0',
    description:
      'TEST ONLY: let website scans reach loopback and private addresses on any port (for fixture sites). Off by default; logged as a warning when on; never enable in production.',
    schema: flagBoolean,
  },
  insights: {
    flag: 'insights',
    env: 'INSIGHTS',
    hint: '1|0',
    description:
      'Count agent traffic as daily aggregates (which assistants read which pages through which door, questions that found nothing, the funnel to scans and inquiries) for /admin/ and `site-content-mcp insights`; no IP address, User-Agent string, token or e-mail address is kept. 0 turns all of it off. Default: on.',
    schema: z
      .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: SWITCH_RULE })
      .optional()
      .transform((value) => value === undefined || value === '1' || value === 'true' || value === 'yes' || value === 'on'),
  },
  insightsRetentionDays: {
    flag: 'insights-retention-days',
    env: 'INSIGHTS_RETENTION_DAYS',
    hint: 'DAYS',
    description: 'How many days of insights are kept (1-3650); older days are deleted. Default: 90.',
    schema: wholeNumber('90', 1, 3_650),
  },
  adminToken: {
    flag: 'admin-token',
    env: 'ADMIN_TOKEN',
    hint: 'SECRET',
    secret: true,
    description:
      'Turns on the insights dashboard at /admin/ (and its JSON and CSV) for requests that send it as a bearer token or sign in with it on the page (at least 24 characters). Default: none; the page is off and says how to turn it on.',
    schema: z.string().min(24, rule('config.rule.secret', { min: 24 })).optional(),
  },
  out: {
    flag: 'out',
    env: 'IMPORT_OUT',
    hint: 'DIR',
    description: '`import`: the content directory to write (site.yaml, pages/); re-runs on the same directory fetch only what changed. Required for import.',
    schema: z.string().trim().min(1, rule('config.rule.notEmpty')).optional(),
  },
  maxPages: {
    flag: 'max-pages',
    env: 'IMPORT_MAX_PAGES',
    hint: 'N',
    description: '`import`: the most pages to import (1-50000). Default: 2000.',
    schema: wholeNumber('2000', 1, 50_000),
  },
  include: {
    flag: 'include',
    env: 'IMPORT_INCLUDE',
    hint: 'PATTERNS',
    description: '`import`: only pages whose path matches one of these comma-separated patterns (`*` one segment, `**` any, e.g. /pl/**,/en/blog/**). Default: all.',
    schema: commaList,
  },
  exclude: {
    flag: 'exclude',
    env: 'IMPORT_EXCLUDE',
    hint: 'PATTERNS',
    description: '`import`: leave out pages whose path matches one of these comma-separated patterns (e.g. /**/tag/**,/koszyk/**). Default: none.',
    schema: commaList,
  },
  discover: {
    flag: 'discover',
    env: 'IMPORT_DISCOVER',
    hint: '1|0',
    description: '`import`: also follow same-site links from the start URL when the site has a sitemap (without one, links are always followed). Default: off.',
    schema: flagBoolean,
    bare: true,
  },
  includeArchives: {
    flag: 'include-archives',
    env: 'IMPORT_INCLUDE_ARCHIVES',
    hint: '1|0',
    description: '`import`: also import tag, category, author and date archives, paginated lists, search results, feeds and attachment pages (they are lists of other pages, not content). Default: off.',
    schema: flagBoolean,
    bare: true,
  },
  render: {
    flag: 'render',
    env: 'IMPORT_RENDER',
    hint: 'auto|always|never',
    description:
      '`import`, `serve --source`: render pages in a headless browser before reading them. auto: only pages whose content scripts write (an empty application root, a <noscript> asking for JavaScript, little text with scripts, or far more words in a rendered sample than in the HTML); always: every page; never: none. Default: auto.',
    schema: z.enum(RENDER_MODES, { error: rule('config.rule.oneOf', { values: RENDER_MODES.join(', ') }) }).default('auto'),
  },
  renderBrowser: {
    flag: 'render-browser',
    env: 'IMPORT_RENDER_BROWSER',
    hint: 'PATH',
    description:
      "`import`, `serve --source`: the headless Chromium that renders pages (the scans' guarded browser), e.g. /usr/bin/chromium (Debian's chromium package); never a downloaded browser. Default: --scan-browser, else /usr/bin/chromium. When there is none, pages that need it are listed with how to get one and the rest are imported.",
    schema: z
      .string()
      .trim()
      .refine((value) => path.isAbsolute(value), rule('config.rule.chromiumPath'))
      .optional(),
  },
  explain: {
    flag: 'explain',
    env: 'IMPORT_EXPLAIN',
    hint: 'URL',
    description: '`import --explain <url>`: read this one page of a site and print what the importer decides about it (content or not, language, type, title, description, date) and the evidence for each; writes nothing, needs no --out.',
    schema: z.string().trim().url(rule('config.rule.pageUrl')).optional(),
  },
  importConcurrency: {
    flag: 'import-concurrency',
    env: 'IMPORT_CONCURRENCY',
    hint: 'N',
    description: '`import`: pages fetched at once (1-32). Default: 4.',
    schema: wholeNumber('4', 1, 32),
  },
  importDelayMs: {
    flag: 'import-delay-ms',
    env: 'IMPORT_DELAY_MS',
    hint: 'MS',
    description: "`import`: least time between two requests to the site (politeness; 0 turns it off). A longer robots.txt Crawl-delay wins. Default: 250.",
    schema: wholeNumber('250', 0, 60_000),
  },
  importDeadline: {
    flag: 'import-deadline',
    env: 'IMPORT_DEADLINE',
    hint: 'DURATION',
    description:
      '`import` and serve --source: the most time one import may take, as 90s, 30m or 2h (at least 10s), or 0 for no limit; when it is reached the import ends with the pages read so far, keeps the pages it did not reach, and says so. Default: none for import, 10m for serve --source (within the 15 min sync lock).',
    schema: z
      .string()
      .trim()
      .optional()
      .pipe(z.union([z.undefined(), z.literal('0').transform(() => 0), duration.pipe(z.number().min(10_000, rule('config.rule.deadline')))], { error: (issue) => (issue.code === 'invalid_union' && issue.errors.some((errors) => errors.some((inner) => inner.code === 'too_small')) ? rule('config.rule.deadline') : rule('config.rule.deadlineForm')) })),
  },
} as const satisfies Record<string, OptionSpec>;

export type OptionKey = keyof typeof OPTIONS;
export type OptionValues = { [K in OptionKey]: z.output<(typeof OPTIONS)[K]['schema']> };

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Parses a boolean option ("1", "true", "yes", "on", or a bare flag). */
export const booleanOption = flagBoolean;
