import { NBSP } from './money.js';
import type { PricePer } from './price-unit.js';

/**
 * Prices as sites write them, in Polish and English: "od 1 200 zł netto / mies.", "3 900,00 PLN",
 * "from €820 net per day", "EUR 1,650", "$99/mo". One pattern serves two readers: the importer,
 * which keeps the amount, currency, net/gross wording and unit a price is stated with, and the
 * HTML pages, which hold each price together with no-break spaces so that it never breaks
 * across lines.
 */

/** The end of a word, Polish letters included (`\b` knows only ASCII letters: "dzień\b" never matches). */
const END = String.raw`(?![\p{L}\d])`;

/** What a unit phrase means; the phrase itself is kept as the site's label. */
const UNIT_PHRASES: readonly (readonly [PricePer, string])[] = [
  ['month', String.raw`\/\s?(?:mies(?:\.|iąc${END})|m-c${END}|mc${END}|mo${END}|month${END})|miesięcznie|za\s(?:jeden\s|1\s)?miesiąc|(?:per|a|each)\s(?:calendar\s)?month|monthly`],
  ['year', String.raw`\/\s?(?:rok${END}|yr${END}|year${END})|rocznie|za\srok|(?:per|a)\syear|yearly|annually`],
  ['week', String.raw`\/\s?(?:tydz(?:\.|ień${END})|wk${END}|week${END})|tygodniowo|za\stydzień|(?:per|a)\sweek|weekly`],
  ['day', String.raw`\/\s?(?:dzień${END}|dz\.|day${END})|dziennie|za\s(?:jeden\s|1\s)?dzień(?:\s(?:szkoleniowy|pracy))?|(?:per|a)\s(?:training\s)?day`],
  ['hour', String.raw`\/\s?(?:godz(?:\.|ina${END}|inę${END})|h${END}|hr${END}|hour${END})|za\s(?:jedną\s|1\s)?godzinę|(?:per|an)\shour|hourly`],
  ['person', String.raw`\/\s?(?:os(?:\.|obę${END})|osoba${END}|person${END}|pp${END})|za\s(?:jedną\s|1\s)?osobę|od\sosoby|(?:per|a)\s(?:person|participant|attendee)`],
  ['page', String.raw`\/\s?(?:stron(?:a|ę)${END}|page${END})|za\sstronę|per\spage`],
];
const UNIT = UNIT_PHRASES.map(([, phrase]) => `(?:${phrase})`).join('|');

const AMOUNT = String.raw`\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AFTER = String.raw`zł${END}|złotych|zl${END}|pln${END}|eur${END}|euro${END}|€|usd${END}|gbp${END}`;
const BEFORE = String.raw`€|\$|£|pln${END}|eur${END}|usd${END}|gbp${END}`;
const LEAD = String.raw`(?:(?<lead>od|from|ok\.|około|do|to)\s+)?`;
const VAT = String.raw`(?:\s+(?<vat>netto|brutto|net|gross|\+\s?VAT|z\sVAT|bez\sVAT|(?:excl?\.|incl?\.|excluding|including)\s+VAT))?`;
const UNIT_AFTER = String.raw`(?:\s*(?<unit>${UNIT}))?`;

/** One price in running text: an optional "od"/"from", the amount with its currency, net/gross, unit. */
const PRICE_SOURCE = String.raw`(?<![\p{L}\d])${LEAD}(?:(?<before>${BEFORE})\s?(?<amountB>${AMOUNT})|(?<amountA>${AMOUNT})\s?(?<after>${AFTER}))${VAT}${UNIT_AFTER}`;
const priceRegex = (flags: string) => new RegExp(PRICE_SOURCE, `iu${flags}`);

const CURRENCY_OF: Readonly<Record<string, string>> = { zł: 'PLN', złotych: 'PLN', zl: 'PLN', pln: 'PLN', eur: 'EUR', euro: 'EUR', '€': 'EUR', usd: 'USD', $: 'USD', gbp: 'GBP', '£': 'GBP' };

export interface PriceRead {
  readonly amount: number;
  /** ISO 4217 code. */
  readonly currency: string;
  /** "od"/"from" before it: a starting price. */
  readonly from: boolean;
  /** The net/gross wording as the site writes it ("netto", "brutto", "+ VAT"), when it says. */
  readonly vat: { readonly net: boolean; readonly words: string } | undefined;
  /** What the price is per, with the site's own words ("/ mies."), when it says. */
  readonly unit: { readonly per: PricePer; readonly label: string } | undefined;
}

/** The first price in a text, with what it is per and whether it is net, or undefined. */
export function readPrice(text: string): PriceRead | undefined {
  const match = priceRegex('').exec(text);
  if (match?.groups === undefined) return undefined;
  const groups = match.groups;
  const symbol = (groups.before ?? groups.after ?? '').toLowerCase();
  const amount = parseAmount(groups.amountA ?? groups.amountB ?? '');
  const currency = CURRENCY_OF[symbol];
  if (currency === undefined || !Number.isFinite(amount)) return undefined;
  const vatWords = groups.vat?.replace(/\s+/g, ' ');
  return {
    amount,
    currency,
    from: groups.lead !== undefined && /^(od|from)$/i.test(groups.lead),
    vat: vatWords === undefined ? undefined : { net: !/brutto|gross|^z vat|incl/i.test(vatWords), words: vatWords },
    unit: unitOf(groups.unit),
  };
}

/** Every price in a text held together with no-break spaces ("od 3 900 zł netto / mies."). */
export function noBreakPrices(text: string): string {
  return text.replace(priceRegex('g'), (price) => price.replace(/[ \t\u202f]+/g, NBSP));
}

/**
 * What a unit phrase means, with the phrase as the site wrote it as its label: the whole text
 * ("miesięcznie", "/ mies."), or with `anywhere` the first phrase inside it ("Cena za dzień dla
 * grupy" → day, "za dzień").
 */
export function readUnit(text: string, options: { anywhere?: boolean } = {}): { per: PricePer; label: string } | undefined {
  const phrase = options.anywhere === true ? new RegExp(`(?<![\\p{L}])(?:${UNIT})`, 'iu').exec(text)?.[0] : text;
  return unitOf(phrase);
}

function unitOf(phrase: string | undefined): { per: PricePer; label: string } | undefined {
  if (phrase === undefined) return undefined;
  const label = phrase.replace(/\s+/g, ' ').trim();
  const found = UNIT_PHRASES.find(([, pattern]) => new RegExp(`^(?:${pattern})$`, 'iu').test(label));
  return found === undefined ? undefined : { per: found[0], label };
}

/** "1 200", "1.200", "1,200", "3 900,50", "99.90" as numbers: a separator before three final digits groups. */
function parseAmount(text: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = decimal === null ? text : text.slice(0, decimal.index);
  const digits = whole.replace(/[ \u00a0\u202f.,]/g, '');
  return Number(decimal === null ? digits : `${digits}.${decimal[1]}`);
}
