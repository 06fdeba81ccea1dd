import { mentionsPrice } from '../content/load-site.js';
import { readPrice, readUnit, type PriceRead } from '../content/price-text.js';
import type { PricePer } from '../content/price-unit.js';
import type { Lang } from '../content/schema.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { objects, text, typedObjects, typesOf, type JsonLdNode } from './json-ld-nodes.js';

/** What the price reader needs of a page. */
export interface PricedPage {
  readonly url: string;
  readonly path: string;
  readonly lang: Lang;
  readonly type: string;
  readonly title: string;
  readonly alternate?: string | undefined;
  readonly jsonLd: readonly JsonLdNode[];
  readonly tables: readonly (readonly (readonly string[])[])[];
  readonly markdown: string;
}

type ReadUnit = NonNullable<PriceRead['unit']>;

interface Offer {
  readonly name: string;
  readonly price: number;
  readonly currency: string | undefined;
  /** What the price is per, as the site says it. */
  readonly unit: { readonly per: PricePer; readonly label: string | undefined } | undefined;
  /** Whether the site says the price is net (true) or gross (false). */
  readonly net: boolean | undefined;
}

/** A price item of the site file, as the importer writes it. */
export interface PriceItem {
  id: string;
  name: Partial<Record<Lang, string>>;
  page: Partial<Record<Lang, string>>;
  from: Partial<Record<Lang, number | null>>;
  unit?: UnitField;
  packages?: { name: Partial<Record<Lang, string>>; from: Partial<Record<Lang, number | null>>; unit?: UnitField }[];
}

interface UnitField {
  per: PricePer;
  label?: Partial<Record<Lang, string>>;
}

/** One page's prices: a main offer and its packages ("Name: Package"), or separate items. */
interface PageItem {
  readonly name: string;
  readonly from: number | null;
  readonly unit: Offer['unit'];
  readonly packages: { name: string; from: number; unit: Offer['unit'] }[];
}

export interface PriceFacts {
  readonly items: PriceItem[];
  /** The currency each language's prices are stated in. */
  readonly currencies: Map<Lang, string>;
  /** The pricing item each page publishes, by path. */
  readonly serviceOfPage: Map<string, string>;
  /** Net when every price that says so says net, gross when every one says gross; undefined when the site does not say or mixes them. */
  readonly vat: 'net' | 'gross' | undefined;
  /** Items read from a page's running text rather than a table or JSON-LD: for the person to check. */
  readonly fromText: string[];
}

/**
 * Prices from JSON-LD offers, the pricing page's tables, the list items of a services page that
 * name a service and its price and, for a service page that has none of these, the first price
 * of its text; each linked to the page that publishes it, with what it
 * is per ("/ mies.", `unitCode` MON…) and whether the site says it is net or gross. A price is
 * kept only when the page shows it.
 */
export function pricingFor(pages: readonly PricedPage[], languages: readonly Lang[], textLang: MessageLanguage = 'en'): PriceFacts {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const pathOfUrl = new Map(pages.map((page) => [page.url, page.path]));
  const offersByPath = new Map<string, Map<string, Offer>>();
  const currencies = new Map<Lang, string>();
  const vat = new Set<boolean>();
  const textPaths = new Set<string>();
  const add = (path: string, offer: Offer) => {
    const target = byPath.get(path);
    // A price is kept only where a reader can check it: on the page that publishes it.
    if (target === undefined || !mentionsPrice(target.markdown, offer.price)) return;
    if (offer.currency !== undefined && !currencies.has(target.lang)) currencies.set(target.lang, offer.currency);
    if (offer.net !== undefined) vat.add(offer.net);
    const offers = offersByPath.get(path) ?? new Map<string, Offer>();
    offers.set(`${offer.name}\u0000${offer.price}`, offer);
    offersByPath.set(path, offers);
  };
  for (const page of pages) {
    let found = 0;
    for (const node of page.jsonLd.flatMap(typedObjects)) {
      if (!typesOf(node).includes('Offer')) continue;
      const offer = readOffer(node);
      if (offer === undefined) continue;
      found += 1;
      const url = typeof node.url === 'string' ? node.url.split('#')[0]! : undefined;
      add((url !== undefined ? pathOfUrl.get(url) : undefined) ?? page.path, offer);
    }
    if (found === 0 && page.type === 'pricing') {
      const offers = tableOffers(page.tables);
      for (const offer of offers) add(page.path, offer);
      found = offers.length;
    }
    if (found === 0 && page.type === 'services_index') {
      // A services page that lists its services with their prices ("Technical care from PLN 1,200 net per month").
      const offers = listOffers(page);
      for (const offer of offers) add(page.path, offer);
      if (offers.length > 0) textPaths.add(page.path);
      found = offers.length;
    }
    if (found === 0 && page.type === 'service') {
      const offer = textOffer(page);
      if (offer !== undefined) {
        add(page.path, offer);
        textPaths.add(page.path);
      }
    }
  }

  const pageItems = new Map<string, PageItem[]>();
  for (const [path, offers] of offersByPath) pageItems.set(path, groupOffers([...offers.values()]));
  const items: PriceItem[] = [];
  const fromText: string[] = [];
  const serviceOfPage = new Map<string, string>();
  const usedIds = new Set<string>();
  const done = new Set<string>();
  for (const lang of languages) {
    for (const [path, list] of pageItems) {
      const page = byPath.get(path)!;
      if (page.lang !== lang || done.has(path)) continue;
      done.add(path);
      const other = page.alternate !== undefined && pageItems.has(page.alternate) && !done.has(page.alternate) ? byPath.get(page.alternate) : undefined;
      if (other !== undefined) done.add(other.path);
      const otherList = other === undefined ? [] : pageItems.get(other.path)!;
      list.forEach((item, index) => {
        const twin = otherList[index];
        const baseName = (twin !== undefined && other?.lang === 'en' ? twin.name : item.name) ?? item.name;
        const id = uniqueId(slug(baseName) || slug(path) || 'item', usedIds);
        const entry: PriceItem = { id, name: { [lang]: item.name }, page: { [lang]: path }, from: { [lang]: item.from } };
        const pair = other !== undefined && twin !== undefined ? { lang: other.lang, item: twin } : undefined;
        if (pair !== undefined) {
          entry.name[pair.lang] = pair.item.name;
          entry.page[pair.lang] = other!.path;
          entry.from[pair.lang] = pair.item.from;
        }
        const unit = unitField(lang, item.unit, pair?.lang, pair?.item.unit);
        if (unit !== undefined) entry.unit = unit;
        const packages = item.packages.map((pkg, packageIndex) => {
          const twinPackage = twin?.packages[packageIndex];
          const packageUnit = unitField(lang, pkg.unit, pair?.lang, twinPackage?.unit);
          return {
            name: { [lang]: pkg.name, ...(twinPackage !== undefined && pair !== undefined ? { [pair.lang]: twinPackage.name } : {}) },
            from: { [lang]: pkg.from, ...(twinPackage !== undefined && pair !== undefined ? { [pair.lang]: twinPackage.from } : {}) },
            // A package says its unit only where it differs from its item's.
            ...(packageUnit === undefined || sameUnit(packageUnit, unit) ? {} : { unit: packageUnit }),
          };
        });
        if (packages.length > 0) entry.packages = packages;
        items.push(entry);
        if (textPaths.has(path)) fromText.push(message(textLang, 'import.facts.priceFromText', { field: `pricing.items[${items.length - 1}]`, id, path }));
        if (index === 0) {
          serviceOfPage.set(path, id);
          if (other !== undefined && twin !== undefined) serviceOfPage.set(other.path, id);
        }
      });
    }
  }
  return { items, currencies, serviceOfPage, vat: vat.size === 1 ? (vat.has(true) ? 'net' : 'gross') : undefined, fromText };
}

/** UN/CEFACT common codes schema.org's `unitCode` takes, and the periods they are. */
const PER_OF_CODE: Readonly<Record<string, PricePer>> = { MON: 'month', ANN: 'year', WEE: 'week', DAY: 'day', HUR: 'hour', IE: 'person' };

function readOffer(node: JsonLdNode): Offer | undefined {
  const specifications = objects(node.priceSpecification);
  const specification = specifications.find((candidate) => typesOf(candidate).includes('UnitPriceSpecification')) ?? specifications[0];
  const raw = node.price ?? specification?.price ?? specification?.minPrice ?? node.lowPrice;
  const price = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.replace(/[\s\u00a0]/g, '').replace(',', '.')) : Number.NaN;
  const name = text(node.name) ?? text(objects(node.itemOffered)[0]?.name);
  if (!Number.isFinite(price) || price < 0 || name === undefined) return undefined;
  const vatIncluded = specification?.valueAddedTaxIncluded;
  return {
    name,
    price,
    currency: text(node.priceCurrency) ?? text(specification?.priceCurrency),
    unit: specification === undefined ? undefined : jsonLdUnit(specification),
    net: typeof vatIncluded === 'boolean' ? !vatIncluded : vatIncluded === 'false' ? true : vatIncluded === 'true' ? false : undefined,
  };
}

/** `unitCode` (MON, DAY, HUR…), on the specification or its `referenceQuantity`, and `unitText` as the label. */
function jsonLdUnit(specification: JsonLdNode): Offer['unit'] {
  const code = text(specification.unitCode) ?? text(objects(specification.referenceQuantity)[0]?.unitCode);
  const label = text(specification.unitText);
  const per = (code === undefined ? undefined : PER_OF_CODE[code.toUpperCase()]) ?? (label === undefined ? undefined : readUnit(label)?.per);
  return per === undefined ? undefined : { per, label };
}

/** Rows of a pricing table whose name cell is followed by an amount with a currency; a unit in the cell or its column's heading. */
function tableOffers(tables: readonly (readonly (readonly string[])[])[]): Offer[] {
  const offers: Offer[] = [];
  for (const table of tables) {
    const heading = table[0] ?? [];
    for (const row of table) {
      if (row.length < 2 || row[0] === '') continue;
      for (const [column, cell] of row.entries()) {
        if (column === 0) continue;
        const read = readPrice(cell);
        if (read === undefined) continue;
        // "Cena za dzień dla grupy" heads a column whose cells say only "od 1 900 zł netto".
        const unit = read.unit ?? (row === heading ? undefined : unitIn(heading[column]));
        offers.push(offerOf(row[0]!, read, unit));
        break;
      }
    }
  }
  return offers;
}

/** The first price of a service page's own text (tables and headings aside), as the page's one offer. */
function textOffer(page: PricedPage): Offer | undefined {
  for (const line of page.markdown.split('\n')) {
    // A table row, a heading or a code fence (\x60: a backtick)
    if (/^\s*(\||#|\x60{3})/.test(line)) continue;
    const read = readPrice(line);
    if (read !== undefined) return offerOf(page.title, read, read.unit);
  }
  return undefined;
}

/** Where a list item's name ends and its price begins: "from"/"od" before the amount, or the amount itself. */
const PRICE_START = /\s*(?:[–—:-]\s*)?(?:\b(?:from|starting at|od|już od)\s+)?(?:PLN|EUR|USD|GBP|zł|€|\$|£)?\s*\d/i;

/** Each list item of a page that names one thing and states one price: "Online shops from PLN 14,000 net". */
function listOffers(page: PricedPage): Offer[] {
  const offers: Offer[] = [];
  for (const line of page.markdown.split('\n')) {
    const item = /^\s*[-*]\s+(.+)$/.exec(line)?.[1]?.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const read = item === undefined ? undefined : readPrice(item);
    if (item === undefined || read === undefined) continue;
    const start = PRICE_START.exec(item);
    const name = start === null ? '' : item.slice(0, start.index).replace(/[\s:–—-]+$/, '').trim();
    if (name.length >= 2 && name.length <= 100) offers.push(offerOf(name, read, read.unit));
  }
  return offers;
}

function offerOf(name: string, read: PriceRead, unit: ReadUnit | undefined): Offer {
  return { name, price: read.amount, currency: read.currency, unit, net: read.vat?.net };
}

/** A unit phrase anywhere in a heading ("Cena za dzień dla grupy", "Price per month"). */
function unitIn(heading: string | undefined): ReadUnit | undefined {
  return heading === undefined ? undefined : readUnit(heading, { anywhere: true });
}

function groupOffers(offers: readonly Offer[]): PageItem[] {
  const names = new Set(offers.map((offer) => offer.name));
  const items = new Map<string, PageItem>();
  for (const offer of offers) {
    const split = offer.name.lastIndexOf(': ');
    const parent = split > 0 ? offer.name.slice(0, split) : undefined;
    if (parent !== undefined && names.has(parent)) continue;
    if (!items.has(offer.name)) items.set(offer.name, { name: offer.name, from: offer.price, unit: offer.unit, packages: [] });
  }
  for (const offer of offers) {
    const split = offer.name.lastIndexOf(': ');
    const parent = split > 0 ? items.get(offer.name.slice(0, split)) : undefined;
    if (parent !== undefined) parent.packages.push({ name: offer.name.slice(split + 2), from: offer.price, unit: offer.unit });
  }
  return [...items.values()];
}

/** The site file's unit of an item read in one or two languages: the period, and each language's own words. */
function unitField(lang: Lang, unit: Offer['unit'], otherLang: Lang | undefined, otherUnit: Offer['unit']): UnitField | undefined {
  const per = unit?.per ?? otherUnit?.per;
  if (per === undefined) return undefined;
  const label: Partial<Record<Lang, string>> = {};
  if (unit?.label !== undefined && unit.per === per) label[lang] = unit.label;
  if (otherLang !== undefined && otherUnit?.label !== undefined && otherUnit.per === per) label[otherLang] = otherUnit.label;
  return Object.keys(label).length === 0 ? { per } : { per, label };
}

function sameUnit(a: UnitField | undefined, b: UnitField | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
  used.add(id);
  return id;
}
