import type { Page } from '../content/page.js';
import type { Lang } from '../content/schema.js';
import type { SiteContent } from '../content/site-content.js';
import type { SiteUrls } from '../content/site-urls.js';
import { jsonLdScript } from '../structured-data/json-ld.js';
import { escapeHtml } from './html-text.js';
import { FRAME_LABELS } from './labels.js';
import { markdownToHtml } from './markdown-html.js';
import { bindSingleLetterWords, bindsSingleLetterWords } from '../text/typography.js';
import type { HreflangLink, SiteFrame } from './site-frame.js';

/**
 * schema.org data for a page, as JSON-LD (an object, or an array of them, each placed in its own
 * script), or undefined for none.
 * The structured-data module supplies it; this module only places it in `<head>`.
 */
export type StructuredDataSource = (page: Page) => unknown;

export interface PageHtmlParts {
  readonly site: SiteContent;
  readonly urls: SiteUrls;
  readonly frame: SiteFrame;
  readonly structuredData: StructuredDataSource | undefined;
}

/** A content page as a complete, self-contained HTML document. */
export function renderPageHtml(page: Page, parts: PageHtmlParts): string {
  const { site, urls, frame } = parts;
  const labels = FRAME_LABELS[page.lang];
  const body = markdownToHtml(page.markdown, { headings: page.headings, ids: page.headingIds }, page.lang);
  const main = [body.hasTitleHeading ? '' : `<h1>${escapeHtml(bindsSingleLetterWords(page.lang) ? bindSingleLetterWords(page.title) : page.title)}</h1>\n`, body.html, lastUpdated(page, labels.updated, labels.locale)].join('');

  return frame.render({
    lang: page.lang,
    title: page.title,
    description: page.description,
    canonicalUrl: urls.pageUrl(page.path),
    hreflang: hreflangLinks(page, site, urls),
    markdownUrl: urls.markdownUrl(page.path),
    languageSwitch: languageSwitch(page, site, frame),
    currentPath: page.path,
    headExtraHtml: structuredDataScript(parts.structuredData?.(page)),
    mainHtml: main,
    noindex: false,
    openGraphType: page.type === 'blog' && page.published !== undefined ? 'article' : 'website',
  });
}

/**
 * The page and its translation, each under its language, and x-default: the version in the
 * site's default language, or the page itself when it has no version in that language.
 */
export function hreflangLinks(page: Page, site: SiteContent, urls: SiteUrls): HreflangLink[] {
  const versions = [page, ...(page.alternate === undefined ? [] : [site.page(page.alternate)].filter((other): other is Page => other !== undefined))];
  const links: HreflangLink[] = versions.map((version) => ({ hreflang: version.lang, href: urls.pageUrl(version.path) }));
  const fallback = versions.find((version) => version.lang === site.info.defaultLanguage) ?? page;
  links.push({ hreflang: 'x-default', href: urls.pageUrl(fallback.path) });
  return links;
}

/** The translation, or else the other language's home, for the header's language link. */
function languageSwitch(page: Page, site: SiteContent, frame: SiteFrame): { lang: Lang; path: string } | undefined {
  const translation = page.alternate === undefined ? undefined : site.page(page.alternate);
  if (translation) return { lang: translation.lang, path: translation.path };
  const other = site.languages.find((lang) => lang !== page.lang);
  const home = other === undefined ? undefined : frame.links(other).home;
  return other === undefined || home === undefined ? undefined : { lang: other, path: home };
}

/** One JSON-LD script per document (an array gives several, each readable on its own). */
function structuredDataScript(data: unknown): string {
  if (data === undefined || data === null) return '';
  const documents = Array.isArray(data) ? data : [data];
  return documents.map((document) => jsonLdScript(document as object)).join('\n');
}

function lastUpdated(page: Page, label: string, locale: string): string {
  const day = page.updated ?? page.published;
  if (day === undefined) return '';
  const shown = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return `<p class="meta">${escapeHtml(label)}: <time datetime="${escapeHtml(day)}">${escapeHtml(shown)}</time></p>\n`;
}
