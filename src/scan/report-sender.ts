import { publishedPrices } from '../content/pricing.js';
import type { Lang } from '../content/schema.js';
import type { SiteContent } from '../content/site-content.js';
import type { ReportLanguage } from './report-language.js';
import type { ReportSender } from './report-content.js';

/**
 * The sender of scan reports: this site's company, its published services (name, starting
 * price, page) and contact options, read from the current content when a report is written (a
 * reload may change them), in the report's language, or the site's default language when it has
 * no version in that one. Pages are named at the site's own address unless `pageUrl` says
 * otherwise (the MCP Apps view names them as the tools do, at the public base URL).
 */
export function siteReportSender(current: () => SiteContent, pageUrl?: (path: string) => string): ReportSender {
  return {
    get company() {
      return current().info.company;
    },
    offer(lang: ReportLanguage) {
      const site = current();
      const absolute = pageUrl ?? ((path: string) => new URL(path, site.info.siteUrl).href);
      const language: Lang = (site.languages as readonly string[]).includes(lang) ? (lang as Lang) : site.info.defaultLanguage;
      const contact = site.info.contact[language] ?? site.info.contact[site.info.defaultLanguage];
      return {
        services: publishedPrices(site, language).map((entry) => ({ id: entry.id, name: entry.name, from: entry.from, currency: entry.currency, unit: entry.unit, url: absolute(entry.pagePath) })),
        contact: { email: contact?.email, phone: contact?.phone, formUrl: contact?.formUrl, pageUrl: contact?.contactForm === undefined ? undefined : absolute(contact.contactForm), note: contact?.note },
      };
    },
  };
}
