import { message, type MessageKey, type MessageLanguage, type MessageValues } from './catalog.js';

/** Words from the catalogs: a key and its values. */
export interface Worded {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

/** A line under the headline: our words, or text kept as given (a validator's own message, a path). */
export type WordedDetail = string | Worded;

/**
 * A refusal a person reads at the terminal (a port in use, content that cannot be loaded): a
 * stable `code`, the English in `message` (logs, tests, scripts), and `inLanguage(lang)` for the
 * person, as `ConfigError` does for options (docs/decisions/0149-config-errors-language.md).
 */
export class WordedError extends Error {
  constructor(
    readonly code: string,
    readonly said: Worded,
    readonly details: readonly WordedDetail[] = [],
    options?: ErrorOptions,
  ) {
    super(wordedText('en', said, details), options);
  }

  /** The refusal in `lang`, as the terminal prints it. */
  inLanguage(lang: MessageLanguage): string {
    return wordedText(lang, this.said, this.details);
  }
}

function wordedText(lang: MessageLanguage, said: Worded, details: readonly WordedDetail[]): string {
  const say = (worded: Worded) => message(lang, worded.key, worded.values ?? {});
  return [say(said), ...details.map((detail) => `  - ${typeof detail === 'string' ? detail : say(detail)}`)].join('\n');
}
