import type { ContactPointLeaf, OrganizationLeaf, PostalAddressLeaf } from 'schema-dts';
import type { Lang } from '../content/schema.js';
import type { StructuredDataSource } from './source.js';

/**
 * The company as schema.org sees it. It is one company whatever the language, so it has one
 * `@id` (`https://example.com/#organization`) on every page: a reader merging the Polish and
 * English pages finds one organization, not two. Each language's home page describes it with
 * that language's contact options first; logo, image and sameAs come from the site file.
 */

/** URL of the language's home page: `/pl/` when it exists, else `/`, else the bare origin. */
export function homeUrl(ctx: StructuredDataSource, lang: Lang): string {
  const home = homePath(ctx, lang);
  return home === undefined ? `${ctx.urls.publicBaseUrl}/` : ctx.urls.pageUrl(home);
}

/** The path of the language's home page, when the site has one. */
export function homePath(ctx: StructuredDataSource, lang: Lang): string | undefined {
  const languageHome = ctx.site.page(`/${lang}/`);
  if (languageHome?.lang === lang) return languageHome.path;
  return ctx.site.page('/') === undefined ? undefined : '/';
}

/**
 * The site file's logo or image as an absolute URL: as written, or, for a file of the content's
 * assets/ folder, at this server's address (left out when the file is not there).
 */
export function siteImageUrl(ctx: Pick<StructuredDataSource, 'site' | 'urls'>, field: 'logo' | 'image'): string | undefined {
  const named = ctx.site.info[field];
  if (named === undefined || !named.startsWith('/')) return named;
  return ctx.site.asset(named) === undefined ? undefined : ctx.urls.absolute(named);
}

export function organizationId(ctx: StructuredDataSource): string {
  return `${ctx.urls.publicBaseUrl}/#organization`;
}

/** A short reference for provider, publisher and organizer properties. */
export function organizationReference(ctx: StructuredDataSource, lang: Lang): OrganizationLeaf {
  return { '@type': 'Organization', '@id': organizationId(ctx), name: ctx.site.info.company, url: homeUrl(ctx, lang) };
}

/** The full node: name, address, and every published contact option (this language's first). */
export function organizationNode(ctx: StructuredDataSource, lang: Lang): OrganizationLeaf {
  const contact = ctx.site.info.contact[lang];
  const node: OrganizationLeaf = organizationReference(ctx, lang);
  if (contact?.email !== undefined) node.email = contact.email;
  if (contact?.phone !== undefined) node.telephone = contact.phone;
  const { sameAs } = ctx.site.info;
  const logo = siteImageUrl(ctx, 'logo');
  const image = siteImageUrl(ctx, 'image');
  if (logo !== undefined) node.logo = logo;
  if (image !== undefined) node.image = image;
  if (sameAs !== undefined && sameAs.length > 0) node.sameAs = [...sameAs];
  const address = postalAddress(ctx);
  if (address) node.address = address;
  const points = contactPoints(ctx, lang);
  if (points.length > 0) node.contactPoint = points;
  return node;
}

function postalAddress(ctx: StructuredDataSource): PostalAddressLeaf | undefined {
  const address = ctx.site.info.address;
  if (!address) return undefined;
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    postalCode: address.postalCode,
    addressLocality: address.city,
    addressCountry: address.country,
  };
}

function contactPoints(ctx: StructuredDataSource, lang: Lang): ContactPointLeaf[] {
  const langs = [lang, ...ctx.site.languages.filter((other) => other !== lang)];
  return langs.flatMap((contactLang): ContactPointLeaf[] => {
    const contact = ctx.site.info.contact[contactLang];
    // Only what the site publishes: a language with no e-mail, phone or contact page has no contact point.
    if (!contact || (contact.email === undefined && contact.phone === undefined && contact.contactForm === undefined)) return [];
    return [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        ...(contact.email === undefined ? {} : { email: contact.email }),
        ...(contact.phone === undefined ? {} : { telephone: contact.phone }),
        ...(contact.contactForm === undefined ? {} : { url: ctx.urls.pageUrl(contact.contactForm) }),
        availableLanguage: contactLang,
      },
    ];
  });
}
