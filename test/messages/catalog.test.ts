import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES, MESSAGE_LANGUAGES, message, type MessageKey, type MessageLanguage } from '../../src/messages/catalog.js';

/**
 * The message catalogs (src/messages/pl.ts, en.ts): the same keys in both languages, every message
 * valid ICU MessageFormat, every plural with the forms its language needs (CLDR, through
 * Intl.PluralRules), and every message renders with the counts a report meets.
 */
const COUNTS = [0, 1, 2, 5, 12, 22, 25];

/** CLDR's plural categories for whole numbers and fractions: what a message must be able to say. */
const REQUIRED_CATEGORIES: Readonly<Record<MessageLanguage, readonly string[]>> = {
  pl: new Intl.PluralRules(LOCALES.pl).resolvedOptions().pluralCategories,
  en: new Intl.PluralRules(LOCALES.en).resolvedOptions().pluralCategories,
};

/** The element types of intl-messageformat's AST that these tests look into. */
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;

interface Element {
  readonly type: number;
  readonly value?: string;
  readonly options?: Readonly<Record<string, { readonly value: readonly Element[] }>>;
  readonly pluralType?: 'cardinal' | 'ordinal';
}

interface Argument {
  readonly name: string;
  readonly kind: 'plural' | 'number' | 'select' | 'text';
  readonly options: readonly string[];
}

function ast(lang: MessageLanguage, key: MessageKey): Element[] {
  return new IntlMessageFormat(CATALOGS[lang][key], LOCALES[lang], undefined, { ignoreTag: true }).getAst() as unknown as Element[];
}

function walk(elements: readonly Element[], visit: (element: Element) => void): void {
  for (const element of elements) {
    visit(element);
    for (const option of Object.values(element.options ?? {})) walk(option.value, visit);
  }
}

function argumentsOf(elements: readonly Element[]): Argument[] {
  const found = new Map<string, Argument>();
  walk(elements, (element) => {
    if (element.value === undefined) return;
    const kind = element.type === PLURAL ? 'plural' : element.type === NUMBER ? 'number' : element.type === SELECT ? 'select' : element.type === ARGUMENT ? 'text' : undefined;
    if (kind === undefined) return;
    const known = found.get(element.value);
    if (known === undefined || known.kind === 'text') found.set(element.value, { name: element.value, kind, options: Object.keys(element.options ?? {}) });
  });
  return [...found.values()];
}

/** Every combination a message is rendered with: each count, and each option of each select in turn. */
function samples(args: readonly Argument[]): Record<string, string | number>[] {
  const selects = args.filter((arg) => arg.kind === 'select');
  const choices: Record<string, string>[] = selects.length === 0 ? [{}] : selects.flatMap((select) => select.options.map((option) => Object.fromEntries(selects.map((other) => [other.name, other === select ? option : other.options[0]!]))));
  return COUNTS.flatMap((count) =>
    choices.map((choice) => Object.fromEntries(args.map((arg) => [arg.name, arg.kind === 'plural' || arg.kind === 'number' ? count : arg.kind === 'select' ? choice[arg.name]! : `«${arg.name}»`]))),
  );
}

const KEYS = Object.keys(CATALOGS.en) as MessageKey[];

describe('the message catalogs', () => {
  it('have the same keys, in the same order, in Polish and English', () => {
    expect(Object.keys(CATALOGS.pl)).toEqual(KEYS);
  });

  it.each(MESSAGE_LANGUAGES)('has in %s no empty message and none that fails to parse', (lang) => {
    for (const key of KEYS) {
      expect(CATALOGS[lang][key].trim(), key).not.toBe('');
      expect(() => ast(lang, key), key).not.toThrow();
    }
  });

  it.each(MESSAGE_LANGUAGES)('gives every plural in %s each CLDR category of the language', (lang) => {
    for (const key of KEYS) {
      walk(ast(lang, key), (element) => {
        if (element.type !== PLURAL) return;
        expect(Object.keys(element.options ?? {}).sort(), `${lang} ${key}: ${element.value}`).toEqual(expect.arrayContaining([...REQUIRED_CATEGORIES[lang]]));
      });
    }
  });

  it('uses the same arguments in both languages', () => {
    for (const key of KEYS) {
      const names = (lang: MessageLanguage) => argumentsOf(ast(lang, key)).map((arg) => arg.name).sort();
      expect(names('pl'), key).toEqual(names('en'));
    }
  });

  it.each(MESSAGE_LANGUAGES)('renders every message in %s with the counts 0, 1, 2, 5, 12, 22 and 25, choosing the form Intl.PluralRules names', (lang) => {
    const rules = new Intl.PluralRules(LOCALES[lang]);
    for (const key of KEYS) {
      const elements = ast(lang, key);
      for (const values of samples(argumentsOf(elements))) {
        const text = message(lang, key, values);
        expect(text, `${lang} ${key}`).not.toMatch(/[{}]|«\w+»\s*«/);
        walk(elements, (element) => {
          if (element.type !== PLURAL || typeof values[element.value!] !== 'number') return;
          const count = values[element.value!] as number;
          const branch = element.options![`=${count}`] ?? element.options![rules.select(count)];
          expect(branch, `${lang} ${key}: no form for ${count} (${rules.select(count)})`).toBeDefined();
        });
      }
    }
  });

  it('says "1 wysoki, 2 wysokie, 5 wysokich" and "22 wysokie" in Polish: the forms CLDR gives', () => {
    expect(new Intl.PluralRules('pl-PL').select(22)).toBe('few');
    const high = (count: number) => message('pl', 'summary.severityCount', { severity: 'high', count });
    expect([1, 2, 5, 12, 22, 25].map(high)).toEqual(['1 wysoki', '2 wysokie', '5 wysokich', '12 wysokich', '22 wysokie', '25 wysokich']);
  });

  it('writes numbers as the language does: a decimal comma in Polish', () => {
    const closing = (lang: MessageLanguage) => message(lang, 'report.scannedWith', { url: 'https://example.com/', requests: 22, seconds: 0.3, browser: 'no' });
    expect(closing('pl')).toContain('22 żądania w 0,3 s');
    expect(closing('en')).toContain('22 requests in 0.3 s');
  });

  it('joins lists as the language does', () => {
    expect(message('pl', 'T1.passed', { tags: ['GTM', 'GA4', 'Meta Pixel'] })).toBe('Znalezione tagi: GTM, GA4 i Meta Pixel.');
    expect(message('en', 'T1.passed', { tags: ['GTM', 'GA4', 'Meta Pixel'] })).toBe('Tags found: GTM, GA4 and Meta Pixel.');
  });

  it('counts in the command line\'s check and in the scan\'s texts with the forms CLDR gives', () => {
    const check = (lang: MessageLanguage, problems: number) => message(lang, 'cli.check', { dir: 'site', pages: 1, problems });
    expect([0, 1, 2, 5, 22].map((problems) => check('en', problems))).toEqual(['site: 1 page can be served, no problems.', 'site: 1 page can be served; 1 problem:', 'site: 1 page can be served; 2 problems:', 'site: 1 page can be served; 5 problems:', 'site: 1 page can be served; 22 problems:']);
    expect([1, 2, 5, 22].map((problems) => check('pl', problems))).toEqual(['site: 1 strona do serwowania; 1 problem:', 'site: 1 strona do serwowania; 2 problemy:', 'site: 1 strona do serwowania; 5 problemów:', 'site: 1 strona do serwowania; 22 problemy:']);
    expect([1, 2, 5].map((count) => message('pl', 'check.V10.warnings', { count }))).toEqual([
      'W danych strukturalnych brakuje 1 zalecanej właściwości.',
      'W danych strukturalnych brakuje 2 zalecanych właściwości.',
      'W danych strukturalnych brakuje 5 zalecanych właściwości.',
    ]);
  });

  it('names a file in the case the Polish sentence needs', () => {
    const notFetched = (name: string) => message('pl', 'scan.notFetched', { what: message('pl', 'scan.resource', { name }) });
    expect(notFetched('robots')).toBe('Nie pobrano pliku robots.txt (skończył się czas lub limit żądań skanu)');
    expect(notFetched('sitemap')).toBe('Nie pobrano mapy witryny (skończył się czas lub limit żądań skanu)');
  });
});
