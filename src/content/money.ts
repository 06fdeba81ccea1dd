import type { Lang } from './schema.js';

/** U+00A0: the space that keeps what it joins on one line. */
export const NBSP = '\u00a0';

/** The locale each language's amounts are written in. */
const LOCALE: Record<Lang, string> = { pl: 'pl-PL', en: 'en-GB' };

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the site's language writes it: "3 900 zł", "12 000 zł", "€3,900", "PLN 1,200".
 * Polish groups four-digit amounts too ("3 900 zł", as Polish price lists and the sample site
 * write them), which CLDR's `minimumGroupingDigits` of 2 would leave as "3900 zł", so grouping
 * is `always`. Whole amounts have no decimals; others have two ("3 900,50 zł"). Every space
 * inside is a no-break space (U+00A0; Intl's U+202F is replaced too), so an amount never breaks
 * across lines in an HTML page, Markdown or an e-mail.
 */
export function formatMoney(amount: number, currency: string, lang: Lang): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  const key = `${lang}\u0000${currency}\u0000${fraction}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(LOCALE[lang], {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      useGrouping: 'always',
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    });
    formatters.set(key, formatter);
  }
  return noBreak(formatter.format(amount));
}

/** What a price is for, as one language writes it: "/ mies.", "za dzień dla grupy", "per hour". */
export interface PriceUnitText {
  readonly label: string;
}

export interface PriceTextOptions {
  /** A starting price: "od 3 900 zł" / "from €950". */
  readonly from?: boolean;
  /** Say that the amount is net: "3 900 zł netto" / "€950 net". */
  readonly net?: boolean;
  /** What the price is for; written after the amount as the site writes it. */
  readonly unit?: PriceUnitText | undefined;
}

const WORDS: Record<Lang, { from: string; net: string; individually: string }> = {
  pl: { from: 'od', net: 'netto', individually: 'wycena indywidualna' },
  en: { from: 'from', net: 'net', individually: 'quoted individually' },
};

/**
 * A price as one phrase that never breaks across lines: "od 3 900 zł netto / mies.",
 * "from €820 net per day for a group". "od"/"from", the amount, the currency, "netto"/"net"
 * and the unit's first word are joined by no-break spaces (a short first word such as "/", "za"
 * or "per" to the next one too), so a phone never shows "od 3" on one line and "900 zł" on the
 * next; a longer unit may wrap after that.
 * `null` is "quoted individually".
 */
export function formatPrice(amount: number | null, currency: string, lang: Lang, options: PriceTextOptions = {}): string {
  const words = WORDS[lang];
  if (amount === null) return words.individually;
  const parts = [formatMoney(amount, currency, lang)];
  if (options.from === true) parts.unshift(words.from);
  if (options.net === true) parts.push(words.net);
  return priceWithUnit(parts.join(' '), options.unit);
}

/**
 * A price phrase worded elsewhere (a message catalog's "od {amount} netto" around
 * `formatMoney`), made one that never breaks across lines, with its unit after it.
 */
export function priceWithUnit(phrase: string, unit: PriceUnitText | undefined): string {
  const text = noBreak(phrase.trim());
  return unit === undefined ? text : text + NBSP + unitText(unit.label);
}

/** A unit label whose short first word ("/", "za", "per") is held to the next ("/\u00a0mies.", "za\u00a0dzień"). */
function unitText(label: string): string {
  return label.trim().replace(/\s+/g, ' ').replace(/^(\S{1,3}) /, `$1${NBSP}`);
}

/** Every space inside an amount, a no-break space. */
function noBreak(text: string): string {
  return text.replace(/[\s\u202f]/g, NBSP);
}
