import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { OPTIONS, quotable, ruleOf, type OptionKey, type OptionSpec, type OptionValues, type Said } from './options.js';
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

/** A value an option does not take: the option as given, the rules it breaks and what was given. */
export interface OptionProblem {
  readonly source: string;
  readonly reasons: readonly Said[];
  readonly got: Said;
}

/** One reason a start is refused: worded from the catalogs, or (an error from elsewhere) English as it came. */
export type ConfigProblem = Said | OptionProblem | string;

/**
 * A start-up refusal: every line names the option (flag and variable) and what is wrong. The
 * message and `problems` are English (logs, tests); `inLanguage` words it for the person at the
 * terminal, whose language the CLI entry knows (docs/decisions/0147-cli-language.md).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** Stable, whatever the language: what a script or test matches. */
  readonly code = 'invalid_configuration';
  readonly problems: readonly string[];
  constructor(readonly said: readonly ConfigProblem[]) {
    const english = said.map((problem) => problemText(problem, 'en'));
    super(configErrorText(english, 'en'));
    this.problems = english;
  }

  /** The refusal in `lang`, as the terminal prints it. */
  inLanguage(lang: MessageLanguage): string {
    return configErrorText(this.said.map((problem) => problemText(problem, lang)), lang);
  }
}

function problemText(problem: ConfigProblem, lang: MessageLanguage): string {
  if (typeof problem === 'string') return problem;
  const say = ({ key, values }: Said) => message(lang, key, values);
  // "--port must be a whole number from 0 to 65535; got "abc"": the option's name, then its rules' sentences.
  return 'source' in problem ? `${problem.source} ${problem.reasons.map(say).join('; ')}; ${say(problem.got)}` : say(problem);
}

function configErrorText(problems: readonly string[], lang: MessageLanguage): string {
  return [message(lang, 'config.invalid'), ...problems.map((problem) => `  - ${problem}`)].join('\n');
}

const COMMANDS: readonly string[] = ['serve', 'stdio', 'import', 'check', 'insights'];
/** Commands that take one argument after their name (the address of the site, the content directory). */
const TAKES_ARGUMENT: readonly string[] = ['import', 'check'];

/**
 * Reads the command line and environment once, validates every option and returns a frozen
 * config. Nothing else in the code reads `process.argv` or `process.env`.
 */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): CliRequest {
  const parsed = parseCommandLine(argv);
  if (parsed.help) return { kind: 'help' };
  if (parsed.version) return { kind: 'version' };

  const problems: ConfigProblem[] = [];
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
      // Each rule names its wording (options.ts, `rule`); anything else is said in our words too, never zod's.
      const reasons = result.error.issues.map((issue): Said => ruleOf(issue.message) ?? { key: 'config.rule.invalid' });
      const got: Said = 'secret' in spec && spec.secret ? { key: 'config.secretNotShown' } : { key: 'config.got', values: { value: quotable(raw) } };
      problems.push({ source, reasons, got });
    }
  }
  problems.push(...crossOptionProblems(values as Partial<OptionValues>));
  const otelProblems: Said[] = [];
  const otel = otelSettings(env, otelProblems);
  problems.push(...otelProblems);
  if (parsed.command === 'import' && values.out === undefined && values.explain === undefined) problems.push({ key: 'config.importNeedsOut' });
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
  const takesArgument = first !== undefined && TAKES_ARGUMENT.includes(first);
  if (positionals.length > (takesArgument ? 2 : 1) || (first !== undefined && !COMMANDS.includes(first))) {
    throw new ConfigError([{ key: 'config.unknownCommand', values: { given: quotable(positionals.join(' ')) } }]);
  }
  // `import --explain <url>` reads one page: the page's address is the site's.
  const explaining = first === 'import' && typeof result.values.explain === 'string';
  if (takesArgument && positionals[1] === undefined && !explaining) throw new ConfigError([{ key: 'config.needsArgument', values: { command: first } }]);
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
function describeParseError(error: NodeJS.ErrnoException, flags: readonly string[]): Said {
  const given = /'(-{1,2}[^' ]*)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = given.replace(/^-+/, '').split('=')[0]!;
    return { key: 'config.unknownOption', values: { given, closest: closestFlag(name, flags) ?? 'none' } };
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && given !== '') {
    // node's two wordings: "Option '--port <value>' argument missing", "Option '--watch' does not take an argument".
    if (/argument missing/.test(error.message)) return { key: 'config.valueMissing', values: { flag: given } };
    if (/does not take an argument/.test(error.message)) return { key: 'config.takesNoValue', values: { flag: given } };
  }
  return { key: 'config.parseError', values: { error: error.message } };
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
function crossOptionProblems(values: Partial<OptionValues>): Said[] {
  const problems: Said[] = [];
  if (values.source !== undefined && values.contentDir !== undefined) problems.push({ key: 'config.sourceAndContentDir' });
  if (values.source !== undefined && values.watch === true) problems.push({ key: 'config.watchWithSource' });
  const { apiDeprecationDate: deprecation, apiSunsetDate: sunset } = values;
  if (sunset !== undefined && deprecation === undefined) {
    problems.push({ key: 'config.sunsetNeedsDeprecation' });
  }
  if (sunset !== undefined && deprecation !== undefined && sunset < deprecation) {
    problems.push({ key: 'config.sunsetBeforeDeprecation' });
  }
  return problems;
}
