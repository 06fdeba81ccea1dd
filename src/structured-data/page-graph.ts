import type { BreadcrumbListLeaf, ListItemLeaf, WebSiteLeaf } from 'schema-dts';
import type { Page } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import { homePath, organizationId } from './organization.js';
import { SCHEMA_ORG_CONTEXT, schemaOrgFor } from './schema-org.js';
import type { StructuredDataSource } from './source.js';

/**
 * Everything a page's HTML says in JSON-LD: the page's own schema.org object (the one /ask and
 * the feed give), the BreadcrumbList of the pages above it, and on a language's home page the
 * WebSite. Each is a document of its own, so the first stays exactly the page's object.
 */
export function pageStructuredData(page: Page, ctx: StructuredDataSource): object[] {
  const documents: object[] = [schemaOrgFor(page, ctx)];
  const breadcrumbs = breadcrumbList(page, ctx);
  if (breadcrumbs !== undefined) documents.push(breadcrumbs);
  if (homePath(ctx, page.lang) === page.path) documents.push(webSite(ctx, page.lang));
  return documents;
}

/** The pages above this one that exist, in the same language, home first; none for a top page. */
export function breadcrumbList(page: Page, ctx: StructuredDataSource): (BreadcrumbListLeaf & { '@context': string }) | undefined {
  const trail: Page[] = [];
  for (let end = page.path.indexOf('/', 1); end !== -1 && end < page.path.length - 1; end = page.path.indexOf('/', end + 1)) {
    const ancestor = ctx.site.page(page.path.slice(0, end + 1));
    if (ancestor !== undefined && ancestor.lang === page.lang) trail.push(ancestor);
  }
  if (trail.length === 0) return undefined;
  trail.push(page);
  const url = ctx.urls.pageUrl(page.path);
  const itemListElement = trail.map((crumb, index): ListItemLeaf => ({ '@type': 'ListItem', position: index + 1, name: crumb.title, item: ctx.urls.pageUrl(crumb.path) }));
  return { '@context': SCHEMA_ORG_CONTEXT, '@type': 'BreadcrumbList', '@id': `${url}#breadcrumb`, itemListElement };
}

/** The site as a whole: one node for all languages, published by the organization. */
export function webSite(ctx: StructuredDataSource, lang: Lang): WebSiteLeaf & { '@context': string } {
  const { info } = ctx.site;
  return {
    '@context': SCHEMA_ORG_CONTEXT,
    '@type': 'WebSite',
    '@id': `${ctx.urls.publicBaseUrl}/#website`,
    name: info.company,
    url: `${ctx.urls.publicBaseUrl}/`,
    description: info.summary[lang] ?? info.summary[info.defaultLanguage] ?? info.company,
    inLanguage: [...info.languages],
    publisher: { '@id': organizationId(ctx) },
  };
}
