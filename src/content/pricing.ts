import { unitIn, type PriceUnit } from './price-unit.js';
import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';

export interface PackageEntry {
  readonly name: string;
  readonly from: number | null;
  /** What the package's price is per: its own unit, else its item's; absent for a one-off price. */
  readonly unit: PriceUnit | undefined;
}

export interface PriceEntry {
  readonly id: string;
  readonly name: string;
  readonly description: string | undefined;
  /** Net starting price; null means quoted individually. */
  readonly from: number | null;
  readonly currency: string;
  /** What the price is per (month, day for a group…), in this language; absent for a one-off price. */
  readonly unit: PriceUnit | undefined;
  /** The page where this price is published. */
  readonly pagePath: string;
  readonly packages: readonly PackageEntry[];
}

/**
 * The published starting prices of one language. An item whose page does not exist in that
 * language is left out: a price may only be quoted together with the page that publishes it.
 */
export function publishedPrices(site: SiteContent, lang: Lang): PriceEntry[] {
  const currency = site.info.pricing.currency[lang];
  if (currency === undefined) return [];
  const entries: PriceEntry[] = [];
  for (const item of site.info.pricing.items) {
    const pagePath = item.page[lang];
    const name = item.name[lang];
    const from = item.from[lang];
    if (pagePath === undefined || name === undefined || from === undefined || site.page(pagePath)?.lang !== lang) continue;
    const unit = unitIn(item.unit, lang);
    entries.push({
      id: item.id,
      name,
      description: item.description?.[lang],
      from,
      currency,
      unit,
      pagePath,
      packages: (item.packages ?? []).flatMap((pkg) => {
        const packageName = pkg.name[lang];
        const packageFrom = pkg.from[lang];
        return packageName === undefined || packageFrom === undefined ? [] : [{ name: packageName, from: packageFrom, unit: pkg.unit === undefined ? unit : unitIn(pkg.unit, lang) }];
      }),
    });
  }
  return entries;
}

/**
 * The currency each language's published prices are in, for the languages that publish at least
 * one amount: what the generated texts may say about currencies. A language whose prices are all
 * "quoted individually", or that has none, is left out.
 */
export function priceCurrencies(site: SiteContent): Map<Lang, string> {
  const currencies = new Map<Lang, string>();
  for (const lang of site.info.languages) {
    const amounts = publishedPrices(site, lang).flatMap((entry) => [entry.from, ...entry.packages.map((pkg) => pkg.from)]);
    const currency = site.info.pricing.currency[lang];
    if (currency !== undefined && amounts.some((amount) => amount !== null)) currencies.set(lang, currency);
  }
  return currencies;
}

const LANGUAGE_NAME: Record<Lang, string> = { pl: 'Polish', en: 'English' };

/**
 * One English sentence on the currencies the site publishes prices in, derived from the prices
 * themselves: "Polish pages quote PLN, English pages quote EUR." only where both exist, "Prices
 * are in PLN." for one, and nothing when no amount is published.
 */
export function currencySentence(site: SiteContent): string | undefined {
  const currencies = [...priceCurrencies(site)];
  if (currencies.length === 0) return undefined;
  if (new Set(currencies.map(([, currency]) => currency)).size === 1) {
    const [[lang, currency]] = currencies as [[Lang, string]];
    return site.info.languages.length > 1 && currencies.length === 1 ? `Prices are published on ${LANGUAGE_NAME[lang]} pages only, in ${currency}.` : `Prices are in ${currency}.`;
  }
  return `${currencies.map(([lang, currency]) => `${LANGUAGE_NAME[lang]} pages quote ${currency}`).join(', ')}.`;
}

/** Whether the site publishes at least one price, in any language (a documentation site publishes none). */
export function publishesPrices(site: SiteContent): boolean {
  return site.info.languages.some((lang) => publishedPrices(site, lang).length > 0);
}

/** What the generated documents say when the site publishes no price (never that its prices are net, or in a currency), without its full stop. */
export function noPricesClause(site: SiteContent): string {
  return `${site.info.company} publishes no prices on this website`;
}
