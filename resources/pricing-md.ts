import { publishedPrices } from '../src/content/pricing.js';
import type { Lang } from '../src/content/schema.js';
import type { SiteContent } from '../src/content/site-content.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import { formatPrice } from './format-price.js';

const LABELS: Record<Lang, { heading: string; service: string; package: string; price: string; page: string; base: string }> = {
  pl: { heading: 'Ceny po polsku', service: 'Usługa', package: 'Pakiet', price: 'Cena od (netto)', page: 'Strona z ceną', base: 'cena podstawowa' },
  en: { heading: 'Prices in English', service: 'Service', package: 'Package', price: 'From (net)', page: 'Page with the price', base: 'base price' },
};

/** Every published starting price with its page URL, per language, net, with its currency. */
export function renderPricingMarkdown(site: SiteContent, urls: SiteUrls): string {
  const { info } = site;
  const lines: string[] = [
    `# Published prices of ${info.company}`,
    '',
    'All prices are net starting prices (VAT excluded). Polish pages quote PLN, English pages quote EUR. The final quote depends on the scope.',
    'A price may be stated only together with the page that publishes it; "quoted individually" means the price is set after a conversation.',
    '',
  ];
  for (const lang of info.languages) {
    const label = LABELS[lang];
    const entries = publishedPrices(site, lang);
    if (entries.length === 0) continue;
    lines.push(`## ${label.heading} (${info.pricing.currency[lang]})`, '', oneLine(info.pricing.note[lang] ?? ''), '');
    lines.push(`| ${label.service} | ${label.package} | ${label.price} | ${label.page} |`, '| --- | --- | --- | --- |');
    for (const entry of entries) {
      const url = urls.pageUrl(entry.pagePath);
      // A base price that a package repeats ("from 3 900" and "Start: 3 900") is that package's
      // price: one row says it, two rows read as two offers.
      const repeated = entry.packages.some((pkg) => pkg.from === entry.from);
      if (!repeated) lines.push(`| ${cell(entry.name)} | ${label.base} | ${formatPrice(entry.from, entry.currency, lang)} | ${url} |`);
      for (const pkg of entry.packages) {
        lines.push(`| ${cell(entry.name)} | ${cell(pkg.name)} | ${formatPrice(pkg.from, entry.currency, lang)} | ${url} |`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
