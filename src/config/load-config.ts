import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OPTIONS, type OptionKey, type OptionSpec, type OptionValues } from './options.js';
import { bundledContentDir } from './package-root.js';
import { otelSettings } from './otel-env.js';
import type { OtelSettings } from '../telemetry/settings.js';

export type Command = 'stdio' | 'serve' | 'import' | 'check' | 'insights';

export interface Config extends Omit<OptionValues, 'contentDir' | 'dataDir'> {
  readonly command: Command;
  readonly contentDir: string;
  readonly dataDir: string;
  /** True when DATA_DIR was not given and dataDir is the temporary default (said at start). */
  readonly dataDirIsTemporary?: boolean;
  /** `import`: the site's start URL; `check`: the content directory. */
  readonly target?: string;
  /** What the standard OTEL_* variables ask to export (docs/telemetry.md); undefined: nothing. */
  readonly otel?: OtelSettings;
}

export type CliRequest =
  | { kind: 'run'; config: Config }
  | { kind: 'help' }
  | { kind: 'version' };

/** A start-up refusal: every line names the option (flag and variable) and what is wrong. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const COMMANDS: readonly string[] = ['serve', 'stdio', 'import', 'check', 'insights'];
/** Commands that take one argument after their name, and what it is. */
const ARGUMENT_OF: Readonly<Record<string, string>> = { import: 'the address of the website, e.g. import https://www.example.com --out ./content', check: 'the content directory, e.g. check ./content' };

/**
 * Reads the command line and environment once, validates every option and returns a frozen
 * config. Nothing else in the code reads `process.argv` or `process.env`.
 */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): CliRequest {
  const parsed = parseCommandLine(argv);
  if (parsed.help) return { kind: 'help' };
  if (parsed.version) return { kind: 'version' };

  const problems: string[] = [];
  const values: Partial<Record<OptionKey, unknown>> = {};
  for (const key of Object.keys(OPTIONS) as OptionKey[]) {
    const spec = OPTIONS[key];
    const fromFlag = parsed.values[spec.flag];
    const raw = fromFlag ?? emptyToUndefined(env[spec.env]);
    const result = spec.schema.safeParse(raw);
    if (result.success) {
      values[key] = result.data;
    } else {
      // Named as the user gave it; a variable also names its flag, the form --help lists.
      const source = fromFlag !== undefined ? `--${spec.flag}` : `${spec.env} (--${spec.flag})`;
      const reason = result.error.issues.map((issue) => issue.message).join('; ');
      const got = 'secret' in spec && spec.secret ? 'the value is not shown, as it may hold a password' : `got ${JSON.stringify(raw)}`;
      problems.push(`${source} ${reason}; ${got}`);
    }
  }
  problems.push(...crossOptionProblems(values as Partial<OptionValues>));
  const otel = otelSettings(env, problems);
  if (parsed.command === 'import' && values.out === undefined && values.explain === undefined) problems.push('import needs --out (IMPORT_OUT): the content directory to write');
  if (problems.length > 0) throw new ConfigError(problems);

  const typed = values as OptionValues;
  const config: Config = {
    ...typed,
    command: parsed.command,
    contentDir: path.resolve(typed.contentDir ?? bundledContentDir()),
    dataDir: path.resolve(typed.dataDir ?? temporaryDataDir()),
    ...(typed.dataDir === undefined ? { dataDirIsTemporary: true } : {}),
    ...(parsed.target === undefined ? {} : { target: parsed.target }),
    ...(otel === undefined ? {} : { otel }),
  };
  return { kind: 'run', config: Object.freeze(config) };
}

interface ParsedCommandLine {
  command: Command;
  target: string | undefined;
  help: boolean;
  version: boolean;
  values: Record<string, string | undefined>;
}

function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  };
  for (const spec of Object.values(OPTIONS) as readonly OptionSpec[]) options[spec.flag] = { type: spec.bare ? 'boolean' : 'string' };

  let result;
  try {
    result = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError([describeParseError(error as NodeJS.ErrnoException, Object.keys(options))]);
  }
  const positionals = result.positionals;
  const first = positionals[0];
  const takesArgument = first !== undefined && ARGUMENT_OF[first] !== undefined;
  if (positionals.length > (takesArgument ? 2 : 1) || (first !== undefined && !COMMANDS.includes(first))) {
    throw new ConfigError([
      `unknown command ${JSON.stringify(positionals.join(' '))}: use "serve" for HTTP, "import <url> --out <dir>", "check <dir>", "insights", or no command for stdio`,
    ]);
  }
  // `import --explain <url>` reads one page: the page's address is the site's.
  const explaining = first === 'import' && typeof result.values.explain === 'string';
  if (takesArgument && positionals[1] === undefined && !explaining) throw new ConfigError([`${first} needs ${ARGUMENT_OF[first]!}`]);
  const values: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(result.values)) {
    if (typeof value === 'string') values[name] = value;
    else if (value === true && name !== 'help' && name !== 'version') values[name] = '1';
  }
  return {
    command: first === 'serve' || first === 'import' || first === 'check' || first === 'insights' ? first : 'stdio',
    target: takesArgument ? positionals[1] : undefined,
    help: result.values.help === true,
    version: result.values.version === true,
    values,
  };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Without DATA_DIR, state goes to a per-user folder under the system's temporary directory: a
 * first run must not write into the user's home unasked. The start says so in one line.
 */
function temporaryDataDir(): string {
  return path.join(tmpdir(), `site-content-mcp-${process.getuid?.() ?? 'user'}`);
}

/** node:util parseArgs errors, in our words: an unknown flag suggests the closest one. */
function describeParseError(error: NodeJS.ErrnoException, flags: readonly string[]): string {
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'(-{1,2}[^']*)'/.exec(error.message)?.[1] ?? '';
    const name = given.replace(/^-+/, '').split('=')[0]!;
    const closest = closestFlag(name, flags);
    return `unknown option ${given}${closest === undefined ? '.' : `: did you mean --${closest}?`} Run with --help to see the options.`;
  }
  return `${error.message}. Run with --help to see the options.`;
}

/** The flag fewest edits away, if it is near enough to be a likely typo. */
export function closestFlag(name: string, flags: readonly string[]): string | undefined {
  let best: { flag: string; distance: number } | undefined;
  for (const flag of flags) {
    const distance = editDistance(name.toLowerCase(), flag);
    if (best === undefined || distance < best.distance) best = { flag, distance };
  }
  return best !== undefined && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.flag : undefined;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Rules that involve two options; each row checks only its own value. */
function crossOptionProblems(values: Partial<OptionValues>): string[] {
  const problems: string[] = [];
  if (values.source !== undefined && values.contentDir !== undefined) problems.push('--source (SOURCE_URL) and --content-dir (CONTENT_DIR) both say what to serve: give one');
  if (values.source !== undefined && values.watch === true) problems.push('--watch (WATCH) reloads a content directory; with --source (SOURCE_URL) the site is re-synced every --sync-interval and on SIGHUP instead');
  const { apiDeprecationDate: deprecation, apiSunsetDate: sunset } = values;
  if (sunset !== undefined && deprecation === undefined) {
    problems.push('--api-sunset-date (API_SUNSET_DATE) needs --api-deprecation-date (API_DEPRECATION_DATE): an API is deprecated before it is removed');
  }
  if (sunset !== undefined && deprecation !== undefined && sunset < deprecation) {
    problems.push('--api-sunset-date (API_SUNSET_DATE) must not be earlier than --api-deprecation-date (API_DEPRECATION_DATE) (RFC 9745 section 4)');
  }
  return problems;
}
