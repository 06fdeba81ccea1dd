import * as z from 'zod';
import { contactWays, quoteNextStep } from '../src/content/contact-text.js';
import { publishedPrices } from '../src/content/pricing.js';
import type { Page } from '../src/content/page.js';
import type { PriceUnit } from '../src/content/price-unit.js';
import { langField, servicesSchema } from './schemas.js';
import { defineTool, READ_ONLY_LOCAL } from './tool.js';

export const listServices = defineTool({
  name: 'list_services',
  title: 'List services and prices',
  description:
    'List the service areas and services of this company with their pages, and every published net starting price ' +
    '(VAT excluded), each with its currency and, when it is charged per month, day, person…, its unit. Rule: state a price ' +
    'only together with its unit (where it has one) and its pricing_page URL, and never state a price this tool did not return; from_price null ' +
    'means "quoted individually". The final price depends on scope.',
  input: z
    .object({
      lang: langField.default('pl').describe('Language of names, pages and prices: "pl" (default) or "en"; each language has its own prices and currency.'),
    })
    .strict(),
  output: servicesSchema,
  annotations: READ_ONLY_LOCAL,
  async run(input, ctx) {
    const lang = input.lang;
    const { site, urls } = ctx;
    const services: { title: string; url: string; kind: string; description: string }[] = [];
    const add = (page: Page | undefined) => {
      if (page && page.lang === lang) {
        services.push({ title: page.title, url: urls.pageUrl(page.path), kind: page.type, description: page.description });
      }
    };
    for (const group of site.info.services) {
      add(pageAt(group.area[lang]));
      for (const service of group.services) add(pageAt(service[lang]));
    }
    const contact = site.info.contact[lang];
    // Only the ways the site publishes; a site that publishes none gets no next step rather than an invented one.
    const ways = contact === undefined ? [] : contactWays(contact, urls, lang);
    return {
      language: lang,
      prices_note: site.info.pricing.note[lang] ?? '',
      pricing: publishedPrices(site, lang).map((entry) => ({
        name: entry.name,
        ...(entry.description === undefined ? {} : { description: entry.description }),
        from_price: entry.from,
        currency: entry.currency,
        ...unitField(entry.unit),
        pricing_page: urls.pageUrl(entry.pagePath),
        ...(entry.packages.length === 0
          ? {}
          : { packages: entry.packages.map((pkg) => ({ name: pkg.name, from_price: pkg.from, currency: entry.currency, ...unitField(pkg.unit) })) }),
      })),
      services,
      ...(ways.length === 0
        ? {}
        : {
            nextStep: quoteNextStep(ways, lang),
          }),
    };

    function pageAt(path: string | undefined): Page | undefined {
      return path === undefined ? undefined : site.page(path);
    }
  },
});

/** The unit as the Services resource states it (`{ per, label }`), or nothing for a one-off price. */
function unitField(unit: PriceUnit | undefined): { unit?: PriceUnit } {
  return unit === undefined ? {} : { unit };
}
