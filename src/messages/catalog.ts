import { IntlMessageFormat } from 'intl-messageformat';
import { en } from './en.js';
import { pl } from './pl.js';

/**
 * Every sentence a person reads (the scans, their reports, the e-mails, the pages, the command line
 * and the importer's reasons), in one catalog per language
 * (`pl.ts`, `en.ts`: a reader reviews and corrects a whole language in one file). Messages are
 * ICU MessageFormat, formatted by FormatJS's intl-messageformat: plural forms come from CLDR
 * through `Intl.PluralRules` ("1 wysoki, 2 wysokie, 5 wysokich"), numbers from
 * `Intl.NumberFormat` ("{seconds, number}" is "0,3" in Polish), and `select` picks a form by a
 * word (a scan kind, a severity). Lists passed as arrays are joined with `Intl.ListFormat`
 * ("a, b i c"). `test/messages/catalog.test.ts` fails on a missing key or plural category.
 */

export const MESSAGE_LANGUAGES = ['pl', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export type MessageKey = keyof typeof en;

/** A value of one language; or the same value in every language (`{ pl, en }`), such as a word already translated. */
export type MessageValue = string | number | readonly string[] | { readonly [lang in MessageLanguage]: string | readonly string[] };
export type MessageValues = Readonly<Record<string, MessageValue>>;

export const CATALOGS: Readonly<Record<MessageLanguage, Readonly<Record<MessageKey, string>>>> = { pl, en };

/** The locale each language formats numbers, plurals and lists in. */
export const LOCALES: Readonly<Record<MessageLanguage, string>> = { pl: 'pl-PL', en: 'en-GB' };

const compiled = new Map<string, IntlMessageFormat>();

function compile(lang: MessageLanguage, key: MessageKey): IntlMessageFormat {
  const id = `${lang}\u0000${key}`;
  let format = compiled.get(id);
  if (format === undefined) {
    const source = CATALOGS[lang][key];
    if (source === undefined) throw new Error(`message ${key} is missing from the ${lang} catalog`);
    format = new IntlMessageFormat(source, LOCALES[lang], undefined, { ignoreTag: true });
    compiled.set(id, format);
  }
  return format;
}

/** "a, b and c" / "a, b i c". */
export function formatList(lang: MessageLanguage, items: readonly string[]): string {
  return new Intl.ListFormat(LOCALES[lang], { style: 'long', type: 'conjunction' }).format(items);
}

/** A number as the language writes it ("3 900", "0,3"; "3,900", "0.3"). */
export function formatNumber(lang: MessageLanguage, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALES[lang], options).format(value);
}

function valueIn(lang: MessageLanguage, value: MessageValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (isList(value)) return formatList(lang, value);
  const own = value[lang];
  return isList(own) ? formatList(lang, own) : own;
}

const isList = (value: unknown): value is readonly string[] => Array.isArray(value);

/** The message `key` in `lang`, with its arguments filled in. */
export function message(lang: MessageLanguage, key: MessageKey, values: MessageValues = {}): string {
  const own: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) own[name] = valueIn(lang, value);
  return String(compile(lang, key).format(own));
}

/** Whether the catalogs have `key` (for keys made from data, such as a check's id). */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
