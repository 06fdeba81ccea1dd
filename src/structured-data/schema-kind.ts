import type { Page } from '../content/page.js';
import type { SiteContent } from '../content/site-content.js';
import type { StructuredDataSource } from './source.js';

/** The schema.org type of each page's object (see docs/decisions/0032-structured-data-per-page-type.md). */
export type SchemaKind =
  | 'Service'
  | 'OfferCatalog'
  | 'CollectionPage'
  | 'Event'
  | 'BlogPosting'
  | 'Blog'
  | 'Article'
  | 'ContactPage'
  | 'WebPage';

/** Kinds that are the web page itself: their `@id` is the page URL. */
const PAGE_KINDS: ReadonlySet<SchemaKind> = new Set(['CollectionPage', 'ContactPage', 'WebPage']);

export function schemaKindOf(page: Page, ctx: StructuredDataSource): SchemaKind {
  switch (page.type) {
    case 'service':
    case 'service_area':
    case 'city_page':
      return 'Service';
    case 'pricing':
      return 'OfferCatalog';
    case 'services_index':
      return 'CollectionPage';
    case 'event':
      return 'Event';
    case 'blog':
      return isListing(page, ctx) ? 'Blog' : 'BlogPosting';
    case 'case_studies':
      return isListing(page, ctx) ? 'CollectionPage' : 'Article';
    case 'company':
      if (ctx.site.info.contact[page.lang]?.contactForm === page.path) return 'ContactPage';
      return 'WebPage';
  }
}

/**
 * The object's `@id`: the page URL for page kinds, and otherwise the page URL with a fragment
 * naming the type (`…/ga4/#service`), so that the thing a page is about and the page itself are
 * two nodes. (The organization, described on the home pages, has one id of its own.)
 */
export function schemaIdOf(page: Page, ctx: StructuredDataSource): string {
  const kind = schemaKindOf(page, ctx);
  const url = ctx.urls.pageUrl(page.path);
  return PAGE_KINDS.has(kind) ? url : `${url}#${kind.toLowerCase()}`;
}

export function isPageKind(kind: SchemaKind): boolean {
  return PAGE_KINDS.has(kind);
}

/**
 * A blog or case-study page with pages of the same kind below it (`/en/blog/` above
 * `/en/blog/what-is-llms-txt/`) is the listing, not a post.
 */
export function isListing(page: Page, ctx: StructuredDataSource): boolean {
  return listedPages(page, ctx).length > 0;
}

/** The pages of the same kind and language below a listing page, in path order. */
export function listedPages(page: Page, ctx: StructuredDataSource): readonly Page[] {
  return listingsOf(ctx.site).get(page.path) ?? [];
}

/**
 * Each listing page's pages, found once per loaded site by walking every page's ancestor paths
 * (a few per page) instead of scanning the site for each page asked about. The site is
 * immutable, so this is derived data, not state: it lives as long as the site object does.
 */
const LISTINGS = new WeakMap<SiteContent, ReadonlyMap<string, readonly Page[]>>();

function listingsOf(site: SiteContent): ReadonlyMap<string, readonly Page[]> {
  let listings = LISTINGS.get(site);
  if (listings === undefined) {
    const built = new Map<string, Page[]>();
    for (const page of site.pages) {
      for (let end = page.path.lastIndexOf('/', page.path.length - 2); end >= 0; end = page.path.lastIndexOf('/', end - 1)) {
        const ancestor = site.page(page.path.slice(0, end + 1));
        if (ancestor !== undefined && ancestor.lang === page.lang && ancestor.type === page.type) {
          const listed = built.get(ancestor.path) ?? [];
          listed.push(page);
          built.set(ancestor.path, listed);
        }
        if (end === 0) break;
      }
    }
    listings = built;
    LISTINGS.set(site, listings);
  }
  return listings;
}
