import type { PageFields } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import { objects, text, typedObjects, typesOf, type JsonLdNode } from './json-ld-nodes.js';
import { matchRule } from './page-type.js';
import { pricingFor } from './price-facts.js';

/** One page as the importer will write it (the content format's fields), with what it read from the page. */
export interface ImportedPage extends Pick<PageFields, 'path' | 'lang' | 'type' | 'title' | 'description' | 'alternate'> {
  readonly url: string;
  readonly jsonLd: readonly JsonLdNode[];
  readonly emails: readonly string[];
  readonly phones: readonly string[];
  readonly tables: readonly (readonly (readonly string[])[])[];
  readonly markdown: string;
}

export interface SiteDraft {
  /** The site file as the site states it; fields that could not be read are absent. */
  readonly site: Record<string, unknown>;
  /** Fields the person must fill in (the site does not state them). */
  readonly missing: readonly string[];
  /** Fields the importer wrote with a neutral default, for the person to check. */
  readonly defaulted: readonly string[];
  /** The pricing item each page publishes (the page's `service` field), by path. */
  readonly serviceOfPage: ReadonlyMap<string, string>;
}

const NEXT_STEP: Record<Lang, (company: string) => string> = {
  pl: (company) => `Dziękujemy. Zapytanie trafiło do ${company}; odpowiedź przyjdzie e-mailem.`,
  en: (company) => `Thank you. Your inquiry has reached ${company}; the reply will come by e-mail.`,
};
/** The prices note, by what the site says of VAT: net, gross, or nothing (or both). */
const PRICING_NOTE: Record<'net' | 'gross' | 'unsaid', Record<Lang, string>> = {
  net: {
    pl: 'Ceny netto (bez VAT), jak na stronie; szczegóły i warunki na stronie, na której cena jest podana.',
    en: 'Net prices (VAT excluded), as published on the site; details and terms are on the page that states each price.',
  },
  gross: {
    pl: 'Ceny brutto (z VAT), jak na stronie; szczegóły i warunki na stronie, na której cena jest podana.',
    en: 'Gross prices (VAT included), as published on the site; details and terms are on the page that states each price.',
  },
  unsaid: {
    pl: 'Ceny jak na stronie; szczegóły i warunki na stronie, na której cena jest podana.',
    en: 'Prices as published on the site; details and terms are on the page that states each price.',
  },
};
const DEFAULT_CURRENCY: Record<Lang, string> = { pl: 'PLN', en: 'EUR' };

/**
 * The site file as the site states it: the company and its contact options from JSON-LD
 * (Organization, LocalBusiness, ContactPoint) and from mailto:/tel: links, the contact and
 * privacy pages, the services list from the service pages, and prices from JSON-LD offers and
 * the pricing page's tables, each linked to the page that publishes it. A price is kept only
 * when the page shows it; nothing is invented: what cannot be read is listed in `missing`.
 */
export function draftSiteFile(pages: readonly ImportedPage[], origin: string, defaultLanguage: Lang): SiteDraft {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const pathOfUrl = new Map(pages.map((page) => [page.url, page.path]));
  const languages = [defaultLanguage, ...(['pl', 'en'] as const).filter((lang) => lang !== defaultLanguage && pages.some((page) => page.lang === lang))];
  const missing: string[] = [];
  const defaulted: string[] = [];
  const allNodes = pages.flatMap((page) => page.jsonLd.flatMap(typedObjects));
  const organization = allNodes.find((node) => typesOf(node).some((type) => type === 'Organization' || type === 'LocalBusiness' || type.endsWith('Business')) && text(node.name) !== undefined);
  const homeOf = (lang: Lang) => pages.filter((page) => page.lang === lang).sort((a, b) => a.path.length - b.path.length)[0];
  const siteName = allNodes.find((node) => typesOf(node).includes('WebSite'))?.name;
  const company = text(organization?.name) ?? text(siteName) ?? new URL(origin).hostname;

  const site: Record<string, unknown> = { company, siteUrl: origin, languages, defaultLanguage };
  const summary: Partial<Record<Lang, string>> = {};
  const contact: Partial<Record<Lang, Record<string, string>>> = {};
  for (const lang of languages) {
    const home = homeOf(lang);
    const description = home?.description ?? text(organization?.description);
    if (description !== undefined) summary[lang] = description;
    else missing.push(`summary.${lang}`);
    contact[lang] = contactFor(lang, pages, allNodes, organization, pathOfUrl, missing);
  }
  site.summary = summary;
  const salesEmail = contact[defaultLanguage]?.email;
  if (salesEmail !== undefined) site.salesEmail = salesEmail;
  else missing.push('salesEmail');
  const address = postalAddress(organization);
  if (address !== undefined) site.address = address;
  site.contact = contact;
  site.inquiry = { nextStep: Object.fromEntries(languages.map((lang) => [lang, NEXT_STEP[lang](company)])) };
  defaulted.push(...languages.map((lang) => `inquiry.nextStep.${lang}`));

  const pricing = pricingFor(pages, languages);
  const currency: Partial<Record<Lang, string>> = {};
  for (const lang of languages) {
    const found = pricing.currencies.get(lang);
    currency[lang] = found ?? DEFAULT_CURRENCY[lang];
    if (found === undefined) defaulted.push(`pricing.currency.${lang}`);
  }
  const note = PRICING_NOTE[pricing.vat ?? 'unsaid'];
  site.pricing = { note: Object.fromEntries(languages.map((lang) => [lang, note[lang]])), currency, items: pricing.items };
  defaulted.push(...languages.map((lang) => `pricing.note.${lang}`), ...pricing.fromText);
  site.services = servicesList(pages, byPath, defaultLanguage);
  return { site, missing, defaulted, serviceOfPage: pricing.serviceOfPage };
}

function contactFor(
  lang: Lang,
  pages: readonly ImportedPage[],
  nodes: readonly JsonLdNode[],
  organization: JsonLdNode | undefined,
  pathOfUrl: ReadonlyMap<string, string>,
  missing: string[],
): Record<string, string> {
  const inLang = pages.filter((page) => page.lang === lang);
  const points = nodes.filter((node) => typesOf(node).includes('ContactPoint'));
  const point = points.find((node) => [node.availableLanguage].flat().some((value) => typeof value === 'string' && value.toLowerCase().startsWith(lang))) ?? points[0];
  const contactPage =
    (point !== undefined && typeof point.url === 'string' ? inLang.find((page) => page.path === pathOfUrl.get(point.url as string)) : undefined) ??
    inLang.find((page) => page.jsonLd.some((node) => typesOf(node).includes('ContactPage'))) ??
    inLang.find((page) => matchRule(page.path, [{ path: '/**/{kontakt,contact,contact-us}/', type: 'company' }]) !== undefined);
  const email = text(point?.email) ?? text(organization?.email) ?? contactPage?.emails[0] ?? mostCommon(inLang.flatMap((page) => page.emails));
  const phone = text(point?.telephone) ?? text(organization?.telephone) ?? contactPage?.phones[0] ?? mostCommon(inLang.flatMap((page) => page.phones));
  const privacy = inLang.find((page) => /(privacy|prywatnosc)/.test(page.path)) ?? inLang.find((page) => /(^|\/)rodo\/$/.test(page.path));
  const result: Record<string, string> = {};
  if (email !== undefined) result.email = email.replace(/^mailto:/i, '');
  else missing.push(`contact.${lang}.email`);
  if (phone !== undefined) result.phone = phone;
  else missing.push(`contact.${lang}.phone`);
  if (contactPage !== undefined) result.contactForm = contactPage.path;
  else missing.push(`contact.${lang}.contactForm`);
  if (privacy !== undefined) result.privacyPolicy = privacy.path;
  return result;
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
  const areas = pages.filter((page) => page.type === 'service_area' && page.lang === defaultLanguage);
  return areas.map((area) => ({
    area: pair(area),
    services: pages.filter((page) => page.type === 'service' && page.lang === defaultLanguage && page.path.startsWith(area.path) && page.path !== area.path).map(pair),
  }));
}
