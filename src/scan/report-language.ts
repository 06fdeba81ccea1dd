import { message, type MessageKey, type MessageValues } from '../messages/catalog.js';
/** The languages a scan result and its report can be written in: this site's own (design card). */
export const REPORT_LANGUAGES = ['pl', 'en'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/**
 * The language of a report: the one asked for, else the scanned site's own (`<html lang>`) when
 * it is one we write, else English.
 */
export function reportLanguage(requested: ReportLanguage | undefined, siteLang: string | undefined): ReportLanguage {
  if (requested !== undefined) return requested;
  const primary = siteLang?.trim().toLowerCase().split(/[-_]/)[0];
  return REPORT_LANGUAGES.find((lang) => lang === primary) ?? 'en';
}

/** A text a check writes, in every report language; the scan's `lang` picks one (scan-result.ts). */
export type Text = { readonly [lang in ReportLanguage]: string };

/** The text in `lang`. */
export const say = (text: Text, lang: ReportLanguage): string => text[lang];

/** The catalog's message `key` in every report language (src/messages): every text a scan writes. */
export const m = (key: MessageKey, values?: MessageValues): Text => ({ pl: message('pl', key, values), en: message('en', key, values) });

/** Several texts as a list value for a message, in every language: `{ items: each(texts) }` is joined by the message ("a, b i c"). */
export const each = (texts: readonly Text[]): { readonly [lang in ReportLanguage]: readonly string[] } => ({ pl: texts.map((text) => text.pl), en: texts.map((text) => text.en) });

/** Several texts as one, in every language: "a; b". */
export const joined = (texts: readonly Text[], separator = '; '): Text => ({ pl: texts.map((text) => text.pl).join(separator), en: texts.map((text) => text.en).join(separator) });
