import type { OfferLeaf, ServiceLeaf } from 'schema-dts';
import { publishedPrices, type PriceEntry } from '../content/pricing.js';
import type { Lang } from '../content/schema.js';
import { schemaIdOf, schemaKindOf } from './schema-kind.js';
import type { StructuredDataSource } from './source.js';

/**
 * Offers made only of published prices: an item quoted individually (null) gets no Offer, since
 * an Offer without a price says nothing a reader can check. Prices are net starting prices, so
 * each Offer carries a PriceSpecification with `minPrice` and `valueAddedTaxIncluded: false`
 * (schema.org defines that property on PriceSpecification, not on Offer), and links the page
 * that publishes the price.
 */

/** The offers of one pricing item: its starting price, then each package with a price. */
export function offersForItem(ctx: StructuredDataSource, lang: Lang, itemId: string): OfferLeaf[] {
  const entry = publishedPrices(ctx.site, lang).find((candidate) => candidate.id === itemId);
  return entry === undefined ? [] : offersFor(ctx, entry);
}

/** Every published price of the language, each Offer naming the service it is for. */
export function priceListOffers(ctx: StructuredDataSource, lang: Lang): OfferLeaf[] {
  return publishedPrices(ctx.site, lang).flatMap((entry) => offersFor(ctx, entry).map((offer): OfferLeaf => ({ ...offer, itemOffered: serviceReference(ctx, entry) })));
}

function offersFor(ctx: StructuredDataSource, entry: PriceEntry): OfferLeaf[] {
  const pricingPage = ctx.urls.pageUrl(entry.pagePath);
  const offers: OfferLeaf[] = [];
  if (entry.from !== null) offers.push(offer(entry.name, entry.from, entry.currency, pricingPage));
  for (const pkg of entry.packages) {
    if (pkg.from !== null) offers.push(offer(`${entry.name}: ${pkg.name}`, pkg.from, entry.currency, pricingPage));
  }
  return offers;
}

function offer(name: string, price: number, currency: string, pricingPage: string): OfferLeaf {
  return {
    '@type': 'Offer',
    name,
    price,
    priceCurrency: currency,
    priceSpecification: {
      '@type': 'PriceSpecification',
      price,
      minPrice: price,
      priceCurrency: currency,
      valueAddedTaxIncluded: false,
    },
    url: pricingPage,
  };
}

/** The service a price is for, by the `@id` of its page's Service object when it has one. */
function serviceReference(ctx: StructuredDataSource, entry: PriceEntry): ServiceLeaf {
  const url = ctx.urls.pageUrl(entry.pagePath);
  const page = ctx.site.page(entry.pagePath);
  const id = page !== undefined && schemaKindOf(page, ctx) === 'Service' ? { '@id': schemaIdOf(page, ctx) } : {};
  return { '@type': 'Service', ...id, name: entry.name, url };
}
