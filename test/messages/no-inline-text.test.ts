import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence a person reads lives in the message catalogs (src/messages/pl.ts, en.ts), where a
 * Polish reader reviews the whole language in one place and ICU plural and select choose the
 * forms. So no file that writes text for a person builds a sentence itself: none of its string or
 * template literals holds Polish letters (a Polish sentence in code) or an English sentence of
 * ours. That covers the scans and their reports, the importer and the command line, the insights
 * page and tables, the e-mails, the agent site's pages, the OAuth pages and the pricing text.
 *
 * English is by design where the reader is an agent, a developer or an operator, never the person
 * the product speaks to: text over the API (tool and problem details, OAuth error descriptions,
 * /ask's answers to malformed requests, robots.txt comments), log lines and internal errors. It is
 * recognised by what comes just before a literal (ENGLISH_BY_DESIGN), or named file by file with
 * its reason (BY_DESIGN). Regular expressions and word lists that recognise the site's own words
 * ("włącz javascript", "spis treści") are not text we write.
 */
const ROOT = join(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
/** Where text for a person is written. */
const FOLDERS = ['scan', 'import', 'cli', 'config', 'insights', 'mail', 'agent-site', 'auth', 'content/pricing.ts', 'content/load-site.ts', 'http/listen-error.ts', 'telemetry/telemetry.ts', 'messages/worded-error.ts'];
const POLISH = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

/** Three words of running English ("could not be", "the home page"): a sentence, not a name or code. */
const ENGLISH = /\b[A-Za-z][a-z]+\s+[a-z]{2,}\s+[a-z]{2,}\b/;

/**
 * Where English in a literal is by design, recognised by what comes just before the literal: the
 * English check titles of the API (the report takes its titles from the catalogs), log lines
 * and internal errors (for us, not for the person), the API's progress stages and quota
 * descriptions, and the names of crawler operators and consent platforms.
 */
const ENGLISH_BY_DESIGN = /(?:\btitle:|\boperator:|\bdescription:|\bname:|\bstage:|\bstage =|onStage\(|browserCheck\('\w+',|new Error\([^\n]*|logger\??\.(?:trace|debug|info|warn|error|fatal)\([^\n]*)\s*$/;

/** Files (or folders, ending in /) under src/ whose literals matching `literal` are by design, and why. */
const BY_DESIGN: readonly { readonly file: string; readonly literal: RegExp; readonly why: string }[] = [
  { file: 'agent-site/ask/', literal: /./, why: '/ask (NLWeb) is an API: its problem details are for agents, in English like the REST API\'s' },
  { file: 'agent-site/robots-txt.ts', literal: /./, why: 'robots.txt\'s comments are for crawlers and their developers' },
  { file: 'agent-site/agent-site.ts', literal: /^'Method not allowed/, why: 'the HTTP answer to a method no page takes, for clients' },
  ...['agent-registration', 'authorize', 'bearer', 'client-registration', 'endpoint-limits', 'oauth-error', 'redirect-uri', 'token-endpoint', 'tokens'].map((name) => ({
    file: `auth/${name}.ts`,
    literal: /./,
    why: 'OAuth error descriptions (RFC 6749, RFC 7591) are for client developers; the consent and error pages a person sees are in the catalogs',
  })),
  { file: 'auth/auth-router.ts', literal: /: (website, tool server and REST API|MCP tool server|REST API)/, why: 'resource names in the OAuth discovery documents, for clients' },
  { file: 'auth/signing-keys.ts', literal: /./, why: 'errors and warnings about the signing key, for the operator' },
  { file: 'cli/main.ts', literal: /error while shutting down/, why: 'an internal error while stopping, for the operator' },
  { file: 'cli/serve-worker.ts', literal: /error while shutting down/, why: 'an internal error while stopping, for the operator' },
  { file: 'content/pricing.ts', literal: /./, why: 'the currency sentences of pricing.md and the server\'s instructions are for agents, in English like the API' },
  { file: 'import/page-cleanup.ts', literal: /./, why: 'words that recognise the site\'s own navigation ("spis treści"): the site\'s text, not ours' },
  { file: 'import/run-import.ts', literal: /^'# Written by/, why: 'site.yaml\'s header: the same bytes whatever the terminal\'s language (docs/decisions/0147-cli-language.md)' },
  { file: 'import/sitemaps.ts', literal: /^'Max buffer length exceeded'$/, why: 'the XML parser\'s own error message, matched' },
  { file: 'insights/admin-routes.ts', literal: /admin (session|compare)|Authorization: Bearer/, why: 'HMAC labels, and the 401 of the JSON and CSV endpoints, for scripts' },
  { file: 'mail/email-address.ts', literal: /./, why: 'why an address is refused: a tool error for agents, or an option error for the operator' },
  { file: 'mail/mail-outbox.ts', literal: /./, why: 'why a mail is not delivered yet: the outbox\'s record and log, for the operator' },
  { file: 'mail/mail-sender.ts', literal: /./, why: 'why a mail is not delivered yet: the outbox\'s record and log, for the operator' },
  { file: 'mail/outgoing-mail.ts', literal: /./, why: 'an internal error: the subject is built by our code' },
];

function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
}

/** Comments are no text we write: blanked, keeping the lines so findings name them. */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g;
/** String and template literals (a regular expression literal holds no quote, so it is not one). */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
/** Code a literal may hold (the fingerprinting probe a page runs): not a sentence. */
const CODE = /=>|;\s*\n/;

/** The sentences a file builds outside the catalogs: literals with Polish letters or an English sentence, with their line. */
function inlineTexts(path: string, name: string): string[] {
  const code = readFileSync(path, 'utf8').replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));
  const line = (index: number) => code.slice(0, index).split('\n').length;
  const allowed = BY_DESIGN.filter((entry) => (entry.file.endsWith('/') ? name.startsWith(entry.file) : name === entry.file));
  const found: string[] = [];
  for (const match of code.matchAll(LITERAL)) {
    const literal = match[0];
    if (allowed.some((entry) => entry.literal.test(literal))) continue;
    const english = ENGLISH.test(literal) && !CODE.test(literal) && !ENGLISH_BY_DESIGN.test(code.slice(Math.max(0, match.index - 200), match.index));
    if (POLISH.test(literal) || english) found.push(`line ${line(match.index)}: ${literal.slice(0, 60)}`);
  }
  return found;
}

const FILES = FOLDERS.flatMap((folder) => sourceFiles(join(SRC, folder))).map((path) => ({ path, name: relative(SRC, path).split('\\').join('/') }));

describe('the sentences a person reads', () => {
  it.each(FILES.map((file) => [file.name, file.path]))('are all in the catalogs, none built in src/%s', (name, path) => {
    expect(inlineTexts(path, name)).toEqual([]);
  });

  it('names only files that exist among the English by design', () => {
    for (const entry of BY_DESIGN) expect(existsSync(join(SRC, entry.file)), entry.file).toBe(true);
  });

  it('has no helper left that pairs a Polish and an English text in code', () => {
    expect(readFileSync(join(SRC, 'scan', 'report-language.ts'), 'utf8')).not.toMatch(/export const t\b/);
  });
});
