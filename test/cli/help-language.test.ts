import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { helpText } from '../../src/cli/help.js';
import { terminalLanguage } from '../../src/cli/terminal-language.js';
import { OPTIONS } from '../../src/config/options.js';
import { CATALOGS, message, type MessageKey } from '../../src/messages/catalog.js';
import { BUILT_CLI } from '../helpers/paths.js';

const run = promisify(execFile);

/** The language a person's terminal asks for, as POSIX locales say it: LC_ALL, then LC_MESSAGES, then LANG. */
describe('the terminal language', () => {
  it.each([
    [{ LANG: 'pl_PL.UTF-8' }, 'pl'],
    [{ LANG: 'pl' }, 'pl'],
    [{ LANG: 'en_GB.UTF-8' }, 'en'],
    [{ LANG: 'de_DE.UTF-8' }, 'en'],
    [{}, 'en'],
    [{ LANG: 'pl_PL.UTF-8', LC_MESSAGES: 'C' }, 'en'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'pl_PL.UTF-8' }, 'pl'],
    [{ LC_MESSAGES: 'pl_PL.UTF-8', LC_ALL: 'C.UTF-8' }, 'en'],
  ] as const)('is %o → %s', (env, lang) => {
    expect(terminalLanguage(env)).toBe(lang);
  });
});

describe('--help', () => {
  const options = Object.values(OPTIONS);

  it('has every option described in both catalogs, the English one being the options table\'s (docs/options.md documents it)', () => {
    for (const spec of options) {
      const key = `option.${spec.flag}` as MessageKey;
      expect(CATALOGS.pl[key], key).toBeDefined();
      expect(message('en', key), key).toBe(spec.description);
    }
  });

  it('is Polish on a Polish terminal: the frame and every option', () => {
    const text = helpText('1.2.3', 'pl');
    expect(text).toContain('site-content-mcp 1.2.3: opublikowana treść jednej witryny dla agentów AI.\n\nUżycie:\n');
    expect(text).toContain('Opcje (każda jest też zmienną środowiskową; flaga ma pierwszeństwo):');
    for (const spec of options) expect(text).toContain(`  --${spec.flag}${spec.hint === '' ? '' : ` ${spec.hint}`}\n      ${message('pl', `option.${spec.flag}` as MessageKey)} [zmienna ${spec.env}]\n`);
  });

  it('is English elsewhere, with the options table\'s descriptions', () => {
    const text = helpText('1.2.3', 'en');
    expect(text).toContain('site-content-mcp 1.2.3: one website\'s published content for AI agents.\n\nUsage:\n');
    for (const spec of options) expect(text).toContain(`      ${spec.description} [env ${spec.env}]\n`);
  });

  it('follows LANG in the built bin', async () => {
    const polish = await run(process.execPath, [BUILT_CLI, '--help'], { env: { PATH: process.env.PATH ?? '', LANG: 'pl_PL.UTF-8' }, encoding: 'utf8' });
    const english = await run(process.execPath, [BUILT_CLI, '--help'], { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    expect(polish.stdout).toContain('\nUżycie:\n');
    expect(polish.stdout).toContain('  -h, --help       pokazuje tę pomoc\n');
    expect(english.stdout).toContain('\nUsage:\n');
    expect(english.stdout).toContain('  -h, --help       show this help\n');
  });
});
