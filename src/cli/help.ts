import { OPTIONS } from '../config/options.js';
import { hasMessage, message, type MessageLanguage } from '../messages/catalog.js';

const COMMANDS: readonly [usage: string, command: string][] = [
  ['site-content-mcp [options]        ', 'stdio'],
  ['site-content-mcp serve [options]  ', 'serve'],
  ['site-content-mcp import <url> --out <dir>  ', 'import'],
  ['site-content-mcp import --explain <url>    ', 'explain'],
  ['site-content-mcp check <dir>      ', 'check'],
  ['site-content-mcp insights         ', 'insights'],
];

/** `--help`, in the terminal's language: generated from the options table, so it never misses an option. */
export function helpText(version: string, lang: MessageLanguage): string {
  const rows = Object.values(OPTIONS).map((spec) => {
    const left = spec.hint === '' ? `  --${spec.flag}` : `  --${spec.flag} ${spec.hint}`;
    return `${left}\n      ${optionDescription(spec.flag, spec.description, lang)} ${message(lang, 'cli.help.env', { env: spec.env })}`;
  });
  return [
    message(lang, 'cli.help.title', { version }),
    '',
    message(lang, 'cli.help.usage'),
    ...COMMANDS.map(([usage, command]) => `  ${usage} ${message(lang, 'cli.help.command', { command })}`),
    '',
    message(lang, 'cli.help.options'),
    ...rows,
    `  -h, --help       ${message(lang, 'cli.help.flag', { flag: 'help' })}`,
    `  -v, --version    ${message(lang, 'cli.help.flag', { flag: 'version' })}`,
    '',
  ].join('\n');
}

/**
 * An option's description in the terminal's language: the catalogs' `option.<flag>` (the English
 * one is the options table's, which docs/options.md documents); the table's English for an option
 * not in the catalogs yet (test/cli/help-language.test.ts fails until it is).
 */
export function optionDescription(flag: string, english: string, lang: MessageLanguage): string {
  const key = `option.${flag}`;
  return hasMessage(key) ? message(lang, key) : english;
}
