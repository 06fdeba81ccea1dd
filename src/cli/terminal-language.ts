import type { MessageLanguage } from '../messages/catalog.js';

/**
 * The language of the person at the terminal, as POSIX locales say it: LC_ALL, else LC_MESSAGES,
 * else LANG (`pl_PL.UTF-8` → pl); English for any other language or none. Read once by the CLI
 * entry (main.ts) and passed down as a value to every command's human output.
 */
export function terminalLanguage(env: NodeJS.ProcessEnv): MessageLanguage {
  const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return tag.toLowerCase().startsWith('pl') ? 'pl' : 'en';
}
