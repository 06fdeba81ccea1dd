import { formatPrice } from '../src/content/money.js';
import { currencySentence, noPricesClause, priceCurrencies, publishedPrices, publishesPrices, type PriceEntry } from '../src/content/pricing.js';
import type { Lang } from '../src/content/schema.js';
import { message } from '../src/messages/catalog.js';
import type { SiteContent } from '../src/content/site-content.js';
import type { SiteUrls } from '../src/content/site-urls.js';

/** The package cell of a row that is the service's own price, not a package's: an empty cell, shown as a dash. */
const NO_PACKAGE = '—';

/**
 * Every published starting price with its page URL, per language, net, with its currency and,
 * when it is charged per month, day…, its unit, as one phrase that never breaks across lines.
 * What the text says about currencies is what the prices are in. The frame is English; each
 * language's table is headed and labelled in that language (the catalogs' `pricing.*`).
 */
export function renderPricingMarkdown(site: SiteContent, urls: SiteUrls): string {
  const { info } = site;
  const currencies = priceCurrencies(site);
  const title = `# ${message('en', 'pricing.title', { company: info.company })}`;
  if (!publishesPrices(site)) return [title, '', `${noPricesClause(site)}.`, ''].join('\n');
  const lines: string[] = [title, '', [message('en', 'pricing.net'), currencySentence(site), message('en', 'pricing.scope')].filter(Boolean).join(' '), message('en', 'pricing.rule'), ''];
  for (const lang of info.languages) {
    const entries = publishedPrices(site, lang);
    if (entries.length === 0) continue;
    const currency = currencies.get(lang);
    lines.push(`## ${message(lang, 'pricing.heading', { lang })}${currency === undefined ? '' : ` (${currency})`}`, '', oneLine(info.pricing.note[lang] ?? ''), '');
    const columns = (['pricing.service', 'pricing.package', 'pricing.price', 'pricing.page'] as const).map((key) => message(lang, key));
    lines.push(`| ${columns.join(' | ')} |`, '| --- | --- | --- | --- |');
    for (const entry of entries) lines.push(...rows(entry, lang, urls.pageUrl(entry.pagePath)));
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The service's own starting price (package cell empty), then each package. A starting price
 * that a package repeats ("from 3 900" and "Start: 3 900") is that package's price: one row
 * says it, two rows would read as two offers.
 */
function rows(entry: PriceEntry, lang: Lang, url: string): string[] {
  const row = (name: string, amount: number | null, unit: PriceEntry['unit']) => `| ${cell(entry.name)} | ${name} | ${formatPrice(amount, entry.currency, lang, { unit })} | ${url} |`;
  const repeated = entry.packages.some((pkg) => pkg.from === entry.from);
  return [...(repeated ? [] : [row(NO_PACKAGE, entry.from, entry.unit)]), ...entry.packages.map((pkg) => row(cell(pkg.name), pkg.from, pkg.unit))];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
