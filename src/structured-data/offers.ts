import type { OfferLeaf, PriceSpecificationLeaf, ServiceLeaf, UnitPriceSpecificationLeaf } from 'schema-dts';
import { unitCodeOf, type PriceUnit } from '../content/price-unit.js';
import { publishedPrices, type PriceEntry } from '../content/pricing.js';
import type { Lang } from '../content/schema.js';
import { schemaIdOf, schemaKindOf } from './schema-kind.js';
import type { StructuredDataSource } from './source.js';

/**
 * Offers made only of published prices: an item quoted individually (null) gets no Offer, since
 * an Offer without a price says nothing a reader can check. Prices are net starting prices, so
 * each Offer carries a PriceSpecification with `minPrice` and `valueAddedTaxIncluded: false`
 * (schema.org defines that property on PriceSpecification, not on Offer), and links the page
 * that publishes the price. A price charged per month, day, person… is a UnitPriceSpecification
 * (Google's and schema.org's shape for periodic and per-unit prices): `unitCode` (UN/CEFACT:
 * MON, DAY, HUR, IE…) with a `referenceQuantity` of one such unit, and `unitText` in the site's
 * words; a unit with no common code says `unitText` only.
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
  if (entry.from !== null) offers.push(offer(entry.name, entry.from, entry.currency, entry.unit, pricingPage));
  for (const pkg of entry.packages) {
    if (pkg.from !== null) offers.push(offer(`${entry.name}: ${pkg.name}`, pkg.from, entry.currency, pkg.unit, pricingPage));
  }
  return offers;
}

function offer(name: string, price: number, currency: string, unit: PriceUnit | undefined, pricingPage: string): OfferLeaf {
  return { '@type': 'Offer', name, price, priceCurrency: currency, priceSpecification: specification(price, currency, unit), url: pricingPage };
}

function specification(price: number, currency: string, unit: PriceUnit | undefined): PriceSpecificationLeaf | UnitPriceSpecificationLeaf {
  const common = { price, minPrice: price, priceCurrency: currency, valueAddedTaxIncluded: false };
  if (unit === undefined) return { '@type': 'PriceSpecification', ...common };
  const unitCode = unitCodeOf(unit.per);
  if (unitCode === undefined) return { '@type': 'UnitPriceSpecification', ...common, unitText: unit.label };
  return { '@type': 'UnitPriceSpecification', ...common, unitCode, unitText: unit.label, referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode } };
}

/** The service a price is for, by the `@id` of its page's Service object when it has one. */
function serviceReference(ctx: StructuredDataSource, entry: PriceEntry): ServiceLeaf {
  const url = ctx.urls.pageUrl(entry.pagePath);
  const page = ctx.site.page(entry.pagePath);
  const id = page !== undefined && schemaKindOf(page, ctx) === 'Service' ? { '@id': schemaIdOf(page, ctx) } : {};
  return { '@type': 'Service', ...id, name: entry.name, url };
}
