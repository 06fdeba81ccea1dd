import * as z from 'zod';
import { LANGS, PAGE_TYPES, PRICE_PERS } from '../src/content/schema.js';

/**
 * The contract's resource shapes as zod schemas, shared by the tools' output schemas, the REST
 * adapter and the OpenAPI document, so the three can never drift apart.
 */

export const langField = z.enum(LANGS);
export const pageTypeField = z.enum(PAGE_TYPES);

export const pageSummarySchema = z.object({
  title: z.string().describe('Page title.'),
  url: z.url().describe('Canonical page URL.'),
  markdownUrl: z.url().describe('The same page as Markdown.'),
  description: z.string().optional().describe('Meta description of the page.'),
  type: pageTypeField.describe('Kind of page.'),
  lang: langField.describe('Language of the page.'),
  matchingSections: z.array(z.string()).optional().describe('Search only: section headings that matched the query.'),
  matchingSectionLinks: z
    .array(
      z.object({
        heading: z.string().describe('The section heading, as in matchingSections.'),
        url: z.url().describe('Deep link to the section: the page URL with the heading\'s stable id as fragment (url#id).'),
      }),
    )
    .optional()
    .describe('Search only: the sections of matchingSections, in the same order, each with a deep link.'),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const searchResultsSchema = z.object({
  query: z.string().describe('The query as received.'),
  data: z.array(pageSummarySchema).describe('Matching pages, most relevant first.'),
  note: z.string().optional().describe('Advice when nothing or little matched.'),
});

export const pageContentSchema = z.object({
  url: z.url().describe('Canonical page URL.'),
  markdownUrl: z.url().describe('The same page as Markdown.'),
  title: z.string().optional().describe('Page title.'),
  lang: langField.optional().describe('Language of the page.'),
  type: pageTypeField.optional().describe('Kind of page.'),
  markdown: z.string().describe('Page content as clean Markdown (no navigation, scripts or forms).'),
  truncated: z.boolean().describe('True when the page was longer than 80000 characters and was cut.'),
});

const price = z.number().nullable();

export const priceUnitSchema = z
  .object({
    per: z.enum(PRICE_PERS).optional().describe('What the price is charged per, when it is a standard period or unit: month, year, week, day, hour, person or page.'),
    label: z.string().describe('The unit as the site writes it after the amount, in the answer\'s language ("miesięcznie", "za dzień dla grupy", "per hour"); state it with the price.'),
  })
  .describe('What the price is per (month, day for a group…). Absent: one price for the whole service.');

export const packageSchema = z.object({
  name: z.string().optional().describe('Package name.'),
  from_price: price.optional().describe('Net starting price of the package; null means quoted individually.'),
  currency: z.string().optional().describe('ISO 4217 currency code.'),
  unit: priceUnitSchema.optional(),
});

export const pricingItemSchema = z.object({
  name: z.string().describe('Service name.'),
  description: z.string().optional().describe('What the service covers.'),
  from_price: price.describe('Net starting price (VAT excluded); null means quoted individually.'),
  currency: z.string().describe('ISO 4217 currency code.'),
  pricing_page: z.url().describe('Page where this price is published; cite it whenever you state the price.'),
  unit: priceUnitSchema.optional(),
  packages: z.array(packageSchema).optional().describe('Packages with their own starting prices.'),
});

export const serviceItemSchema = z.object({
  title: z.string().describe('Service or service area title.'),
  url: z.url().describe('Page URL.'),
  kind: z.string().describe('"service_area" for an area of services, "service" for a single service.'),
  description: z.string().optional().describe('Short description.'),
});

export const servicesSchema = z.object({
  language: langField.describe('Language of the names, URLs and prices; each price states its currency.'),
  prices_note: z.string().describe('How to read the prices: net starting prices, VAT excluded, final quote depends on scope.'),
  pricing: z.array(pricingItemSchema).describe('Published starting prices, each with its page.'),
  services: z.array(serviceItemSchema).describe('Service areas and services with their pages.'),
  nextStep: z.string().optional().describe('How a person gets a quote.'),
});

const urlOrMap = z.union([z.url(), z.record(z.string(), z.url())]);

export const contactOptionsSchema = z.object({
  company: z.string().describe('Company name.'),
  email: z.email().optional().describe('Contact e-mail address. Absent only when the website publishes none (note says so): never guess one.'),
  phone: z.string().optional().describe('Contact phone number. Absent only when the website publishes none (note says so): never guess one.'),
  contactForm: urlOrMap
    .optional()
    .describe(
      'The contact form URL when the company has a real form (hasContactForm), otherwise the contact page URL (a page without a form: point people to its e-mail and phone). A single URL when a language was given, otherwise a map from language to URL. Absent only when the website has neither (note says so).',
    ),
  contactPage: urlOrMap.optional().describe('Contact page URL (e-mail, phone, hours; no form), by the same rule as contactForm.'),
  hasContactForm: z.boolean().optional().describe('True when contactForm is a real contact form; false when it is the contact page.'),
  privacyPolicy: urlOrMap.optional().describe('Privacy policy URL, by the same rule as contactForm.'),
  languages: z.array(z.string()).describe('Languages the company answers in.'),
  note: z.string().optional().describe('Hours and how quotes work; and which contact details the website does not publish, when it leaves some out.'),
});
