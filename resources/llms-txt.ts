import type { Page } from '../src/content/page.js';
import { currencySentence, noPricesClause, publishesPrices } from '../src/content/pricing.js';
import type { Lang, PageType } from '../src/content/schema.js';
import type { SiteContent } from '../src/content/site-content.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import { message } from '../src/messages/catalog.js';

/** How a language names itself after a section title or an optional link ("po polsku", "English"). */
const languageLabel = (lang: Lang) => message(lang, 'llms.language', { lang });

/**
 * Sections of llms.txt, per language, titled in that language (the catalogs' `llms.section`);
 * pages of the other types go to "Optional".
 */
const SECTIONS: readonly { types: readonly PageType[]; section: string }[] = [
  { types: ['company'], section: 'company' },
  { types: ['services_index', 'service_area', 'service'], section: 'services' },
  { types: ['pricing'], section: 'pricing' },
  { types: ['city_page'], section: 'cities' },
  { types: ['case_studies'], section: 'case_studies' },
];
const OPTIONAL_TYPES: readonly PageType[] = ['event', 'blog'];

/**
 * The site map for language models (llmstxt.org): an H1 with the company name, the summary as
 * a blockquote, a few facts, then H2 sections listing every page's Markdown address. Events and
 * blog posts go under "Optional", which a model may skip when its context is short.
 */
export function renderLlmsTxt(site: SiteContent, urls: SiteUrls): string {
  const { info } = site;
  const lines: string[] = [`# ${info.company}`, '', `> ${oneLine(info.summary[info.defaultLanguage] ?? '')}`, ''];
  const other = info.languages.filter((lang) => lang !== info.defaultLanguage);
  for (const lang of other) lines.push(oneLine(info.summary[lang] ?? ''), '');
  lines.push(
    `Languages: ${info.languages.join(', ')}. Every page is available as Markdown at its .md address (listed below) or with \`Accept: text/markdown\`.`,
    publishesPrices(site)
      ? ['Prices are net starting prices (VAT excluded).', currencySentence(site), `All of them, each with its page and, where it has one, its unit ("per month"), are in ${urls.absolute('/pricing.md')}. Do not state a price that is not published there.`].filter(Boolean).join(' ')
      : `${noPricesClause(site)}: do not state one.`,
    `Tools for agents: MCP server ${urls.absolute('/mcp')} (Streamable HTTP), REST API ${urls.absolute('/api/v1')}, questions in plain language at ${urls.absolute('/ask')} (NLWeb), schema.org records listed in ${urls.absolute('/schemamap.xml')}.`,
    '',
  );
  for (const lang of info.languages) {
    for (const section of SECTIONS) {
      const pages = site.pages.filter((page) => page.lang === lang && section.types.includes(page.type));
      if (pages.length === 0) continue;
      const ordered = section.types.includes('service') ? servicesInOrder(pages, site, lang) : sortBy(pages, section.types);
      lines.push(`## ${message(lang, 'llms.section', { section: section.section, language: languageLabel(lang) })}`, '', ...ordered.map((page) => link(page, urls)), '');
    }
  }
  // One Optional section (llmstxt.org gives that name its meaning), each link saying its language.
  const optional = info.languages.flatMap((lang) => sortBy(site.pages.filter((page) => page.lang === lang && OPTIONAL_TYPES.includes(page.type)), OPTIONAL_TYPES));
  if (optional.length > 0) lines.push('## Optional', '', ...optional.map((page) => link(page, urls, languageLabel(page.lang))), '');
  return lines.join('\n');
}

function link(page: Page, urls: SiteUrls, language?: string): string {
  const label = language === undefined ? '' : `(${language}) `;
  return `- [${escapeLinkText(page.title)}](${urls.markdownUrl(page.path)}): ${label}${oneLine(page.description)}`;
}

/** Within a section, the order of its types, then by path. */
function sortBy(pages: Page[], types: readonly PageType[]): Page[] {
  return [...pages].sort((a, b) => types.indexOf(a.type) - types.indexOf(b.type) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The services section as the site file groups it: the services index, then each area followed
 * by its own services, then any service page the site file does not group. Sorting by path
 * length interleaved areas and services, so a model could not tell which belonged where.
 */
function servicesInOrder(pages: Page[], site: SiteContent, lang: Lang): Page[] {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const ordered: Page[] = pages.filter((page) => page.type === 'services_index').sort((a, b) => (a.path < b.path ? -1 : 1));
  const take = (path: string | undefined) => {
    const page = path === undefined ? undefined : byPath.get(path);
    if (page !== undefined && !ordered.includes(page)) ordered.push(page);
  };
  for (const group of site.info.services) {
    take(group.area[lang]);
    for (const service of group.services) take(service[lang]);
  }
  for (const page of sortBy(pages, ['services_index', 'service_area', 'service'])) take(page.path);
  return ordered;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]])/g, '\\$1');
}
