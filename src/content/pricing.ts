import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';

export interface PriceEntry {
  readonly id: string;
  readonly name: string;
  readonly description: string | undefined;
  /** Net starting price; null means quoted individually. */
  readonly from: number | null;
  readonly currency: string;
  /** The page where this price is published. */
  readonly pagePath: string;
  readonly packages: readonly { readonly name: string; readonly from: number | null }[];
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
    entries.push({
      id: item.id,
      name,
      description: item.description?.[lang],
      from,
      currency,
      pagePath,
      packages: (item.packages ?? []).flatMap((pkg) => {
        const packageName = pkg.name[lang];
        const packageFrom = pkg.from[lang];
        return packageName === undefined || packageFrom === undefined ? [] : [{ name: packageName, from: packageFrom }];
      }),
    });
  }
  return entries;
}
