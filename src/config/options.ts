import { z } from 'zod';

/**
 * Every option the server takes, each both a command-line flag and an environment variable.
 * This table is the single source for parsing, `--help` and the README's options table (a test
 * keeps the README in step). A flag wins over its environment variable.
 */
export interface OptionSpec {
  /** Flag name without the leading dashes. */
  readonly flag: string;
  readonly env: string;
  /** Shown in `--help` and the README. */
  readonly description: string;
  /** How the value looks, for `--help`. */
  readonly hint: string;
  /** Parses the raw string (undefined when not given) into the config value. */
  readonly schema: z.ZodType;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
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

const flagBoolean = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
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
  }, 'must be an http or https origin such as https://www.example.com (no path, query or credentials)')
  .transform((value) => new URL(value).origin);

const PORT_RULE = 'must be a whole number from 0 to 65535';
const port = z
  .string()
  .regex(/^\d{1,5}$/, PORT_RULE)
  .transform(Number)
  .pipe(z.number().int().max(65535, PORT_RULE));

/** The three uses contentsignals.org names; a site says yes or no to each. */
export const CONTENT_SIGNAL_KEYS = ['ai-train', 'search', 'ai-input'] as const;
const CONTENT_SIGNAL_RULE = `must be "off" or comma-separated KEY=yes|no pairs with keys ${CONTENT_SIGNAL_KEYS.join(', ')}, each at most once (e.g. "ai-train=no, search=yes, ai-input=yes")`;
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
    schema: z.string().min(1).optional(),
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
    schema: z.string().trim().min(1).default('127.0.0.1'),
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
      'Where the server keeps what must survive a restart (signing key, inquiry outbox). Default: $XDG_STATE_HOME/site-content-mcp or ~/.local/state/site-content-mcp.',
    schema: z.string().min(1).optional(),
  },
  logLevel: {
    flag: 'log-level',
    env: 'LOG_LEVEL',
    hint: LOG_LEVELS.join('|'),
    description: 'How much to log (JSON lines on stderr). Default: info.',
    schema: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
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
      'must be a comma-separated list of origins such as https://app.example.com, or *',
    ),
  },
  redisUrl: {
    flag: 'redis-url',
    env: 'REDIS_URL',
    hint: 'redis://[:PASSWORD@]HOST:PORT[/DB]',
    description:
      'Keep shared state (rate limits, quotas, scan jobs, single-use codes) in Redis so it holds across instances. Default: in memory, per instance.',
    schema: z
      .string()
      .refine((value) => /^rediss?:\/\/[^\s]+$/.test(value) && URL.canParse(value), 'must be a redis:// or rediss:// URL')
      .optional(),
  },
  contentSignal: {
    flag: 'content-signal',
    env: 'CONTENT_SIGNAL',
    hint: 'ai-train=yes|no,search=yes|no,ai-input=yes|no|off',
    description: `The Content-Signal header (contentsignals.org) sent with site pages, llms.txt and pricing.md: whether AI systems may train on, index and quote the content. "off" sends none. Default: ${DEFAULT_CONTENT_SIGNAL}.`,
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
      .pipe(z.string().regex(/^\d{1,3}$/, 'must be a whole number of seconds from 0 to 120').transform(Number))
      .pipe(z.number().int().max(120, 'must be a whole number of seconds from 0 to 120')),
  },
  scanAllowPrivateTargets: {
    flag: 'scan-allow-private-targets',
    env: 'SCAN_ALLOW_PRIVATE_TARGETS',
    hint: '1|0',
    description:
      'TEST ONLY: let website scans reach loopback and private addresses on any port (for fixture sites). Off by default; logged as a warning when on; never enable in production.',
    schema: flagBoolean,
  },
} as const satisfies Record<string, OptionSpec>;

export type OptionKey = keyof typeof OPTIONS;
export type OptionValues = { [K in OptionKey]: z.output<(typeof OPTIONS)[K]['schema']> };

/** Parses a boolean option ("1", "true", "yes", "on", or a bare flag). */
export const booleanOption = flagBoolean;
