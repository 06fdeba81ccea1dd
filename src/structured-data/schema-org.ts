import type {
  ArticleLeaf,
  BlogLeaf,
  BlogPostingLeaf,
  CityLeaf,
  CollectionPageLeaf,
  ContactPageLeaf,
  EventLeaf,
  OfferCatalogLeaf,
  OfferLeaf,
  OrganizationLeaf,
  PersonLeaf,
  PlaceLeaf,
  ServiceLeaf,
  VirtualLocationLeaf,
  WebPageLeaf,
} from 'schema-dts';
import type { Page } from '../content/page.js';
import { offersForItem, priceListOffers } from './offers.js';
import { homePath, organizationNode, organizationReference } from './organization.js';
import { listedPages, schemaIdOf, schemaKindOf, type SchemaKind } from './schema-kind.js';
import type { StructuredDataSource } from './source.js';

export const SCHEMA_ORG_CONTEXT = 'https://schema.org';

/** A page's schema.org object: a JSON-LD node with its own `@context`, ready to serialise. */
export interface SchemaOrgObject {
  readonly '@context': typeof SCHEMA_ORG_CONTEXT;
  readonly '@type': SchemaKind;
  readonly '@id': string;
  readonly url: string;
  readonly name: string;
  readonly description: string;
  readonly [property: string]: unknown;
}

/** The properties every object has; the schema-dts leaf types check the rest at compile time. */
interface Common {
  '@id': string;
  url: string;
  name: string;
  description: string;
}

/**
 * The schema.org object of a page, chosen by its type: services and city pages are a Service
 * (with their published prices as Offers, and the city as areaServed), events an Event, blog
 * posts a BlogPosting, case studies an Article, the pricing page an OfferCatalog, a language's
 * home page a WebPage whose main entity is the Organization, the contact page a ContactPage,
 * other company pages a WebPage.
 * Every object has `@id`, `url`, `name` and `description`, and states its language: directly
 * (`inLanguage`) where schema.org defines that property (creative works, events), otherwise on
 * the web page it is the `mainEntityOfPage` of, together with the page's dates.
 */
export function schemaOrgFor(page: Page, ctx: StructuredDataSource): SchemaOrgObject {
  const common: Common = { '@id': schemaIdOf(page, ctx), url: ctx.urls.pageUrl(page.path), name: page.title, description: page.description };
  // The node's type was checked against schema.org's (schema-dts); only its shape is widened here.
  return { '@context': SCHEMA_ORG_CONTEXT, ...nodeFor(page, ctx, common) } as unknown as SchemaOrgObject;
}

type PageNode =
  | ServiceLeaf
  | OfferCatalogLeaf
  | EventLeaf
  | BlogPostingLeaf
  | ArticleLeaf
  | BlogLeaf
  | CollectionPageLeaf
  | OrganizationLeaf
  | ContactPageLeaf
  | WebPageLeaf;

function nodeFor(page: Page, ctx: StructuredDataSource, common: Common): PageNode {
  const lang = page.lang;
  const publisher = organizationReference(ctx, lang);
  switch (schemaKindOf(page, ctx)) {
    case 'Service':
      return service(page, ctx, common);
    case 'OfferCatalog': {
      const catalog: OfferCatalogLeaf = { '@type': 'OfferCatalog', ...common, itemListElement: priceListOffers(ctx, lang), mainEntityOfPage: webPage(page, ctx) };
      return catalog;
    }
    case 'Event':
      return event(page, ctx, common);
    case 'BlogPosting': {
      const post: BlogPostingLeaf = { '@type': 'BlogPosting', ...common, ...article(page, ctx) };
      return post;
    }
    case 'Article': {
      const caseStudy: ArticleLeaf = { '@type': 'Article', ...common, ...article(page, ctx) };
      return caseStudy;
    }
    case 'Blog': {
      const blogPost = listedPages(page, ctx).map((post): BlogPostingLeaf => ({ '@type': 'BlogPosting', '@id': schemaIdOf(post, ctx), headline: post.title, url: ctx.urls.pageUrl(post.path) }));
      const blog: BlogLeaf = { '@type': 'Blog', ...common, inLanguage: lang, ...pageDates(page), publisher, blogPost };
      return blog;
    }
    case 'CollectionPage': {
      const collection: CollectionPageLeaf = { '@type': 'CollectionPage', ...common, inLanguage: lang, ...pageDates(page), about: publisher, hasPart: collectionParts(page, ctx) };
      return collection;
    }
    case 'ContactPage': {
      const contactPage: ContactPageLeaf = { '@type': 'ContactPage', ...common, inLanguage: lang, ...pageDates(page), mainEntity: organizationNode(ctx, lang) };
      return contactPage;
    }
    case 'WebPage': {
      // A language's home page is the page about the company: it describes the one Organization
      // (its @id is the same in every language) as its main entity.
      if (homePath(ctx, lang) === page.path) {
        const home: WebPageLeaf = { '@type': 'WebPage', ...common, inLanguage: lang, ...pageDates(page), mainEntity: organizationNode(ctx, lang) };
        return home;
      }
      const webPageNode: WebPageLeaf = { '@type': 'WebPage', ...common, inLanguage: lang, ...pageDates(page), about: publisher };
      return webPageNode;
    }
  }
}

function service(page: Page, ctx: StructuredDataSource, common: Common): ServiceLeaf {
  const node: ServiceLeaf = { '@type': 'Service', ...common, provider: organizationReference(ctx, page.lang), mainEntityOfPage: webPage(page, ctx) };
  if (page.type === 'city_page' && page.city !== undefined) {
    const city: CityLeaf = { '@type': 'City', name: page.city };
    node.areaServed = city;
  }
  const offers = page.service === undefined ? [] : offersForItem(ctx, page.lang, page.service);
  if (offers.length > 0) node.offers = offers;
  if (page.type === 'service_area') {
    const services = areaServices(page, ctx);
    if (services.length > 0) node.hasOfferCatalog = { '@type': 'OfferCatalog', name: page.title, itemListElement: services };
  }
  return node;
}

/** Blog posts and case studies: headline, dates, author (the company when none is named). */
function article(page: Page, ctx: StructuredDataSource): Pick<ArticleLeaf, 'headline' | 'inLanguage' | 'datePublished' | 'dateModified' | 'author' | 'publisher' | 'mainEntityOfPage'> {
  const publisher = organizationReference(ctx, page.lang);
  const person: PersonLeaf | undefined = page.author === undefined ? undefined : { '@type': 'Person', name: page.author };
  return { headline: page.title, inLanguage: page.lang, ...pageDates(page), author: person ?? publisher, publisher, mainEntityOfPage: webPage(page, ctx) };
}

function event(page: Page, ctx: StructuredDataSource, common: Common): EventLeaf {
  const node: EventLeaf = { '@type': 'Event', ...common, inLanguage: page.lang, organizer: organizationReference(ctx, page.lang), mainEntityOfPage: webPage(page, ctx) };
  const details = page.event;
  if (details === undefined) return node;
  node.startDate = details.start;
  node.endDate = details.end;
  node.eventStatus = 'https://schema.org/EventScheduled';
  if ('online' in details.location) {
    const location: VirtualLocationLeaf = { '@type': 'VirtualLocation', url: ctx.urls.pageUrl(page.path) };
    node.location = location;
    node.eventAttendanceMode = 'https://schema.org/OnlineEventAttendanceMode';
  } else {
    const location: PlaceLeaf = { '@type': 'Place', name: details.location.name, address: details.location.address };
    node.location = location;
    node.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  }
  if (details.free === true) {
    // A free event still has an offer: the price 0 is what tells a reader it costs nothing.
    const currency = ctx.site.info.pricing.currency[page.lang];
    const free: OfferLeaf = { '@type': 'Offer', price: 0, ...(currency === undefined ? {} : { priceCurrency: currency }), availability: 'https://schema.org/InStock', url: ctx.urls.pageUrl(page.path) };
    node.isAccessibleForFree = true;
    node.offers = free;
  }
  return node;
}

/** The web page a non-page object is the main entity of: where its language and dates live. */
function webPage(page: Page, ctx: StructuredDataSource): WebPageLeaf {
  const url = ctx.urls.pageUrl(page.path);
  return { '@type': 'WebPage', '@id': url, url, inLanguage: page.lang, ...pageDates(page) };
}

function pageDates(page: Page): { datePublished?: string; dateModified?: string } {
  const dates: { datePublished?: string; dateModified?: string } = {};
  if (page.published !== undefined) dates.datePublished = page.published;
  const modified = page.updated ?? page.published;
  if (modified !== undefined) dates.dateModified = modified;
  return dates;
}

/** The services the site file lists under this area, as references to their Service objects. */
function areaServices(page: Page, ctx: StructuredDataSource): ServiceLeaf[] {
  const area = ctx.site.info.services.find((group) => group.area[page.lang] === page.path);
  return (area?.services ?? []).flatMap((paths): ServiceLeaf[] => {
    const path = paths[page.lang];
    const listed = path === undefined ? undefined : ctx.site.page(path);
    if (listed === undefined || listed.lang !== page.lang) return [];
    return [{ '@type': 'Service', '@id': schemaIdOf(listed, ctx), name: listed.title, url: ctx.urls.pageUrl(listed.path) }];
  });
}

/**
 * What a collection page lists: the web pages of the service areas (services index), or the
 * case studies below it.
 */
function collectionParts(page: Page, ctx: StructuredDataSource): (WebPageLeaf | ArticleLeaf)[] {
  if (page.type !== 'services_index') {
    return listedPages(page, ctx).map((part): ArticleLeaf => ({ '@type': 'Article', '@id': schemaIdOf(part, ctx), headline: part.title, url: ctx.urls.pageUrl(part.path) }));
  }
  return ctx.site.info.services.flatMap((group): WebPageLeaf[] => {
    const path = group.area[page.lang];
    const area = path === undefined ? undefined : ctx.site.page(path);
    if (area === undefined || area.lang !== page.lang) return [];
    const url = ctx.urls.pageUrl(area.path);
    return [{ '@type': 'WebPage', '@id': url, name: area.title, url }];
  });
}
