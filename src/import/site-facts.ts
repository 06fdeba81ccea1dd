import type { PageFields } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { objects, text, typedObjects, typesOf, type JsonLdNode } from './json-ld-nodes.js';
import { matchRule } from './page-type.js';
import { pricingFor } from './price-facts.js';

/** One page as the importer will write it (the content format's fields), with what it read from the page. */
export interface ImportedPage extends Pick<PageFields, 'path' | 'lang' | 'type' | 'title' | 'description' | 'alternate'> {
  readonly url: string;
  /** The page's og:site_name, when it has one. */
  readonly siteName?: string;
  /** The day it was published, where the page states one (posts). */
  readonly published?: string;
  /** An archive, paginated list or other listing brought in with --include-archives (front matter `listing: true`). */
  readonly listing?: boolean;
  readonly jsonLd: readonly JsonLdNode[];
  readonly emails: readonly string[];
  readonly phones: readonly string[];
  readonly tables: readonly (readonly (readonly string[])[])[];
  readonly markdown: string;
}

export interface SiteDraft {
  /** The site file as the site states it; fields that could not be read are absent. */
  readonly site: Record<string, unknown>;
  /** Fields the person must fill in (the site does not state them, and the content format needs them). */
  readonly missing: readonly string[];
  /** Contact details the site does not publish: left out (served without them, get_contact says so), for the person to add if they exist. */
  readonly unpublished: readonly string[];
  /** Fields the importer wrote with a neutral default, for the person to check. */
  readonly defaulted: readonly string[];
  /** The pricing item each page publishes (the page's `service` field), by path. */
  readonly serviceOfPage: ReadonlyMap<string, string>;
  /** Each site fact written (company, e-mail, phone, address), with where it was read and whether the site states it or the importer inferred it. */
  readonly facts: readonly SiteFact[];
}

/** One fact of the site file and its source. `stated: false` means inferred: the person is asked to check it. */
export interface SiteFact {
  readonly field: string;
  readonly value: string;
  readonly source: string;
  readonly stated: boolean;
}

/** What the site says its name is outside the pages' JSON-LD: WordPress's REST index and feed, the titles' shared affix. */
export interface SiteNameSignals {
  /** `name` of the WordPress REST index (`/wp-json/`). */
  readonly restName?: string;
  /** The site's feed title (`<link rel=alternate type=application/rss+xml title>` or the feed's `<title>`). */
  readonly feedTitle?: string;
  /** The text most pages' `<title>` share before or after a separator. */
  readonly titleName?: string;
  /** The home page's own `<title>`, the last resort (a small site's home page is often titled with the company's name). */
  readonly homeTitle?: string;
}

const DEFAULT_CURRENCY: Record<Lang, string> = { pl: 'PLN', en: 'EUR' };

/**
 * The site file as the site states it: the company and its contact options from JSON-LD
 * (Organization, LocalBusiness, ContactPoint) and from mailto:/tel: links, the contact and
 * privacy pages, the services list from the service pages, and prices from JSON-LD offers and
 * the pricing page's tables, each linked to the page that publishes it. A price is kept only
 * when the page shows it; nothing is invented: what cannot be read is listed in `missing`.
 */
export function draftSiteFile(pages: readonly ImportedPage[], origin: string, defaultLanguage: Lang, names: SiteNameSignals = {}, textLang: MessageLanguage = 'en'): SiteDraft {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const pathOfUrl = new Map(pages.map((page) => [page.url, page.path]));
  const languages = [defaultLanguage, ...(['pl', 'en'] as const).filter((lang) => lang !== defaultLanguage && pages.some((page) => page.lang === lang))];
  const missing: string[] = [];
  const unpublished: string[] = [];
  const defaulted: string[] = [];
  const allNodes = pages.flatMap((page) => page.jsonLd.flatMap(typedObjects));
  const organization = allNodes.find((node) => typesOf(node).some((type) => type === 'Organization' || type === 'LocalBusiness' || type.endsWith('Business')) && text(node.name) !== undefined);
  const homeOf = (lang: Lang) => pages.filter((page) => page.lang === lang).sort((a, b) => a.path.length - b.path.length)[0];
  const facts: SiteFact[] = [];
  const companyFact = companyName(pages, allNodes, organization, names, textLang);
  if (companyFact !== undefined) facts.push(companyFact);
  else missing.push('company');
  // The content format needs a company; without one the host stands in, listed under "Fill in".
  const company = companyFact?.value ?? new URL(origin).hostname;

  const site: Record<string, unknown> = { ...(companyFact === undefined ? {} : { company }), siteUrl: origin, languages, defaultLanguage };
  const summary: Partial<Record<Lang, string>> = {};
  const contact: Partial<Record<Lang, Record<string, string>>> = {};
  for (const lang of languages) {
    const home = homeOf(lang);
    const description = home?.description ?? text(organization?.description);
    if (description !== undefined) summary[lang] = description;
    else missing.push(`summary.${lang}`);
    contact[lang] = contactFor(lang, pages, allNodes, organization, pathOfUrl, unpublished, facts, textLang);
  }
  site.summary = summary;
  const salesEmail = contact[defaultLanguage]?.email;
  if (salesEmail !== undefined) site.salesEmail = salesEmail;
  else unpublished.push('salesEmail');
  const address = postalAddress(organization);
  if (address !== undefined) {
    site.address = address;
    facts.push({ field: 'address', value: Object.values(address).join(', '), source: 'JSON-LD PostalAddress', stated: true });
  }
  site.contact = contact;
  // The site file's defaults are content, in each page language (not the terminal's): the catalogs' `site.defaults.*`.
  site.inquiry = { nextStep: Object.fromEntries(languages.map((lang) => [lang, message(lang, 'site.defaults.nextStep', { company })])) };
  defaulted.push(...languages.map((lang) => `inquiry.nextStep.${lang}`));

  const pricing = pricingFor(pages, languages, textLang);
  const currency: Partial<Record<Lang, string>> = {};
  for (const lang of languages) {
    const found = pricing.currencies.get(lang);
    currency[lang] = found ?? DEFAULT_CURRENCY[lang];
    if (found === undefined) defaulted.push(`pricing.currency.${lang}`);
  }
  site.pricing = { note: Object.fromEntries(languages.map((lang) => [lang, message(lang, 'site.defaults.pricingNote', { vat: pricing.vat ?? 'unsaid' })])), currency, items: pricing.items };
  defaulted.push(...languages.map((lang) => `pricing.note.${lang}`), ...pricing.fromText);
  site.services = servicesList(pages, byPath, defaultLanguage);
  return { site, missing, unpublished, defaulted, serviceOfPage: pricing.serviceOfPage, facts };
}

function contactFor(
  lang: Lang,
  pages: readonly ImportedPage[],
  nodes: readonly JsonLdNode[],
  organization: JsonLdNode | undefined,
  pathOfUrl: ReadonlyMap<string, string>,
  unpublished: string[],
  facts: SiteFact[],
  textLang: MessageLanguage,
): Record<string, string> {
  const inLang = pages.filter((page) => page.lang === lang);
  const points = nodes.filter((node) => typesOf(node).includes('ContactPoint'));
  const point = points.find((node) => [node.availableLanguage].flat().some((value) => typeof value === 'string' && value.toLowerCase().startsWith(lang))) ?? points[0];
  const contactPage =
    (point !== undefined && typeof point.url === 'string' ? inLang.find((page) => page.path === pathOfUrl.get(point.url as string)) : undefined) ??
    inLang.find((page) => page.jsonLd.some((node) => typesOf(node).includes('ContactPage'))) ??
    inLang.find((page) => matchRule(page.path, [{ path: '/**/{kontakt,contact,contact-us}/', type: 'company' }]) !== undefined);
  const email = contactDetail(lang, 'email', point?.email, organization?.email, contactPage, inLang, (page) => page.emails, textLang);
  const phone = contactDetail(lang, 'phone', point?.telephone, organization?.telephone, contactPage, inLang, (page) => page.phones, textLang);
  if (email !== undefined) facts.push(email);
  if (phone !== undefined) facts.push(phone);
  // A guess (an address found only in a few pages' text) is listed for the person, never written: no inquiry goes there unless they say so.
  const written = (fact: SiteFact | undefined) => (fact?.stated === true ? fact : undefined);
  const privacy = inLang.find((page) => /(privacy|prywatnosc)/.test(page.path)) ?? inLang.find((page) => /(^|\/)rodo\/$/.test(page.path));
  const result: Record<string, string> = {};
  if (written(email) !== undefined) result.email = email!.value.replace(/^mailto:/i, '');
  else unpublished.push(`contact.${lang}.email`);
  if (written(phone) !== undefined) result.phone = phone!.value;
  else unpublished.push(`contact.${lang}.phone`);
  if (contactPage !== undefined) result.contactForm = contactPage.path;
  else unpublished.push(`contact.${lang}.contactForm`);
  if (privacy !== undefined) result.privacyPolicy = privacy.path;
  return result;
}

/**
 * An e-mail address or phone number and where it was read. Stated: the JSON-LD ContactPoint or
 * Organization, a link on the contact page, or a link on most pages (the site's header or
 * footer). A link found on a few pages' text only (an author's address inside a book) is a
 * guess: listed for the person to check, and not written (the directory serves without it).
 */
function contactDetail(
  lang: Lang,
  kind: 'email' | 'phone',
  fromPoint: unknown,
  fromOrganization: unknown,
  contactPage: ImportedPage | undefined,
  inLang: readonly ImportedPage[],
  of: (page: ImportedPage) => readonly string[],
  textLang: MessageLanguage,
): SiteFact | undefined {
  const field = `contact.${lang}.${kind}`;
  if (text(fromPoint) !== undefined) return { field, value: text(fromPoint)!, source: 'JSON-LD ContactPoint', stated: true };
  if (text(fromOrganization) !== undefined) return { field, value: text(fromOrganization)!, source: 'JSON-LD Organization', stated: true };
  const onContactPage = contactPage === undefined ? undefined : of(contactPage)[0];
  if (onContactPage !== undefined) return { field, value: onContactPage, source: message(textLang, 'import.facts.contactPageLink', { path: contactPage!.path }), stated: true };
  const common = mostCommon(inLang.flatMap((page) => [...new Set(of(page))]));
  if (common === undefined) return undefined;
  const on = inLang.filter((page) => of(page).includes(common));
  if (on.length >= 2 && on.length >= inLang.length / 2) return { field, value: common, source: message(textLang, 'import.facts.linkOnPages', { on: on.length, pages: inLang.length }), stated: true };
  return {
    field,
    value: common,
    source: message(textLang, 'import.facts.onlyInText', { paths: on.slice(0, 3).map((page) => page.path).join(', '), kind }),
    stated: false,
  };
}

/** Legal forms that follow a company's name: Polish first, then the common foreign ones. */
const LEGAL_FORM = /^\s+(sp\. z o\.o\.|spółka z o\.o\.|s\.a\.|sp\. j\.|sp\. k\.|sp\.k\.|s\.c\.|ltd\.?|limited|gmbh|inc\.?|llc|s\.r\.o\.)/i;

/**
 * The company's name: JSON-LD Organization (stated), else the site's name as `og:site_name`, the
 * WordPress REST index, the feed or the JSON-LD WebSite say, else the name most titles share
 * (inferred). A site title with a tagline after a separator ("Studio Lipiec – strony dla firm")
 * gives the part before it; a legal form after that name in the pages' text ("Studio Lipiec
 * sp. z o.o.") completes it. Never the host.
 */
function companyName(pages: readonly ImportedPage[], nodes: readonly JsonLdNode[], organization: JsonLdNode | undefined, names: SiteNameSignals, textLang: MessageLanguage): SiteFact | undefined {
  const organizationName = text(organization?.name);
  if (organizationName !== undefined) return { field: 'company', value: organizationName, source: 'JSON-LD Organization', stated: true };
  const ogSiteName = mostCommon(pages.flatMap((page) => (page.siteName === undefined ? [] : [page.siteName])));
  const webSite = text(nodes.find((node) => typesOf(node).includes('WebSite'))?.name);
  const candidates: [string | undefined, string][] = [
    [ogSiteName, 'og:site_name'],
    [names.restName, message(textLang, 'import.facts.wordpressTitle')],
    [names.feedTitle, message(textLang, 'import.facts.feedTitle')],
    [webSite, 'JSON-LD WebSite name'],
    [names.titleName, message(textLang, 'import.facts.sharedTitle')],
    [names.homeTitle, message(textLang, 'import.facts.homeTitle')],
  ];
  const found = candidates.find(([value]) => value !== undefined && value.trim() !== '');
  if (found === undefined) return undefined;
  const [siteName, source] = found as [string, string];
  const separator = /\s[–—|·:»-]\s/.exec(siteName);
  // Documentation generators write "<project> <version> documentation" ("dokumentacja <project>"): the project is the name.
  const name = (separator === null ? siteName.trim() : siteName.slice(0, separator.index).trim())
    .replace(/^(dokumentacja|documentation)\s+/i, '')
    .replace(/\s+(documentation|dokumentacja|docs)$/i, '')
    .replace(/\s+v?\d+(\.\d+)+$/, '');
  const withForm = legalName(pages, name);
  const parts = [source, ...(separator === null ? [] : [message(textLang, 'import.facts.withoutTagline', { tagline: siteName.slice(separator.index + separator[0].length).trim() })]), ...(withForm === undefined ? [] : [message(textLang, 'import.facts.legalFormOn', { path: withForm.path })])];
  return { field: 'company', value: withForm?.name ?? name, source: parts.join(', '), stated: false };
}

function legalName(pages: readonly ImportedPage[], name: string): { name: string; path: string } | undefined {
  for (const page of pages) {
    for (let at = page.markdown.indexOf(name); at >= 0; at = page.markdown.indexOf(name, at + 1)) {
      const form = LEGAL_FORM.exec(page.markdown.slice(at + name.length, at + name.length + 24));
      if (form !== null) return { name: `${name} ${form[1]}`, path: page.path };
    }
  }
  return undefined;
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function postalAddress(organization: JsonLdNode | undefined): Record<string, string> | undefined {
  const address = objects(organization?.address)[0];
  if (address === undefined) return undefined;
  const street = text(address.streetAddress);
  const postalCode = text(address.postalCode);
  const city = text(address.addressLocality);
  const country = text(address.addressCountry) ?? text(objects(address.addressCountry)[0]?.name);
  if (street === undefined || postalCode === undefined || city === undefined || country === undefined || !/^[A-Za-z]{2}$/.test(country)) return undefined;
  return { street, postalCode, city, country: country.toUpperCase() };
}

/** The services list: each service area with the service pages below it, paired across languages by their alternates. */
function servicesList(pages: readonly ImportedPage[], byPath: ReadonlyMap<string, ImportedPage>, defaultLanguage: Lang): unknown[] {
  const pair = (page: ImportedPage) => {
    const other = page.alternate === undefined ? undefined : byPath.get(page.alternate);
    return { [page.lang]: page.path, ...(other !== undefined ? { [other.lang]: other.path } : {}) };
  };
  const inLang = pages.filter((page) => page.lang === defaultLanguage);
  const below = (area: ImportedPage) => inLang.filter((page) => page.type === 'service' && page.path.startsWith(area.path) && page.path !== area.path);
  // A service area, or a services index with service pages below it (/uslugi/ and its services): each is a group.
  const areas = inLang.filter((page) => page.type === 'service_area' || (page.type === 'services_index' && below(page).length > 0));
  const grouped = new Set<string>();
  const groups = areas
    .sort((a, b) => b.path.length - a.path.length)
    .map((area) => {
      const services = below(area).filter((page) => !grouped.has(page.path));
      for (const service of services) grouped.add(service.path);
      return { area: pair(area), services: services.map(pair), at: area.path };
    })
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return groups.map(({ area, services }) => ({ area, services }));
}
