import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import { isoDay } from './iso-day.js';
import { jsonLdNodes, type JsonLdNode } from './json-ld-nodes.js';
import { cleanDocument, plainText } from './page-cleanup.js';
import { shellSignals, type RenderedNote, type ShellSignals } from './render-signals.js';
import { safeMarkdown, safeMarkdownText } from './safe-markdown.js';
import { identifyPageLanguage, type PageLanguage } from './text-language.js';

/** What one HTML page states about itself, read once; the importer decides what becomes of it. */
export interface PageFacts {
  readonly url: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  /** The `html lang` (or og:locale), lower case, as written: `pl`, `en-gb`, `de`. */
  readonly lang: string | undefined;
  /** Each place the page declares its language, as written (`html lang`, `xml:lang`, `og:locale`, `meta http-equiv=Content-Language`). */
  readonly declared?: Readonly<Partial<Record<'htmlLang' | 'xmlLang' | 'ogLocale' | 'metaLanguage', string>>>;
  /** The body's classes (WordPress says what a page is there: `single-post`, `archive`, `tag`, `post-password-required`). */
  readonly bodyClasses?: readonly string[];
  /** The WordPress REST alternate of the page (`/wp-json/wp/v2/posts/12`), when the page links one. */
  readonly restLink?: string;
  /** The WordPress REST index (`link rel="https://api.w.org/"`) and the site's feed, when linked. */
  readonly restIndex?: string;
  readonly feed?: { readonly url: string; readonly title: string | undefined };
  /** The first `<time datetime>` of the main content (a post's date in most themes), as written. */
  readonly time?: string;
  /** A password form stands where the content would be. */
  readonly passwordProtected?: boolean;
  /** The response's Content-Language header (added by the importer, not read from the HTML). */
  readonly contentLanguage?: string;
  /** Where `<meta http-equiv="refresh">` sends the reader at once (a redirect page), when it does. */
  readonly refreshTo?: string;
  /**
   * How the page links the previous or next page of a series, read before the chrome is removed:
   * `<link rel="next|prev">` in the head (Sphinx, DocBook), a pager's link (`nav.pager`, MkDocs'
   * `a.prev`/`a.next`, DocBook's `docnav`). Documentation and books are made of such pages.
   */
  readonly sequence?: string;
  /** The `<meta name="generator">`, e.g. `WordPress 6.1.1`, `Sphinx 5.3.0`, `Hugo 0.111.3`, `DocBook XSL`. */
  readonly generator?: string;
  readonly canonical: string | undefined;
  /** hreflang alternates (absolute URLs), x-default left out. */
  readonly alternates: readonly { readonly lang: string; readonly url: string }[];
  readonly published: string | undefined;
  readonly updated: string | undefined;
  readonly siteName: string | undefined;
  readonly jsonLd: readonly JsonLdNode[];
  /** Same-site links (absolute, without fragment), for discovery. */
  readonly links: readonly string[];
  readonly emails: readonly string[];
  readonly phones: readonly string[];
  /** Tables of the main content, as rows of cell texts (pricing tables). */
  readonly tables: readonly (readonly (readonly string[])[])[];
  readonly markdown: string;
  /** The language of the main content's text (and title), identified where the page was read. */
  readonly textLanguage: PageLanguage;
  /** What the HTML as served says about needing a browser (words, an application root, a `<noscript>`, scripts). */
  readonly shell?: ShellSignals;
  /** Set when the page was rendered in a browser before it was read: the words before and after. */
  readonly rendered?: RenderedNote;
}

const converter = new NodeHtmlMarkdown({ bulletMarker: '-', codeBlockStyle: 'fenced', useLinkReferenceDefinitions: false, keepDataImages: false });

/** Reads one page: its head (metadata, alternates, JSON-LD), its links and contact details, and its main content as Markdown. */
export function readPage(html: string, pageUrl: string): PageFacts {
  const { document } = parseHTML(html);
  const resolve = (href: string | null | undefined): string | undefined => {
    if (href === null || href === undefined || href.trim() === '') return undefined;
    try {
      const url = new URL(href.trim(), pageUrl);
      url.hash = '';
      return url.href;
    } catch {
      return undefined;
    }
  };
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content')?.trim() || undefined;

  const alternates: { lang: string; url: string }[] = [];
  for (const link of document.querySelectorAll('link[rel~="alternate"][hreflang]')) {
    const lang = link.getAttribute('hreflang')?.trim().toLowerCase();
    const url = resolve(link.getAttribute('href'));
    if (lang && url && lang !== 'x-default') alternates.push({ lang, url });
  }
  const origin = new URL(pageUrl).origin;
  const links = new Set<string>();
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')!.trim();
    if (/^mailto:/i.test(href)) {
      const address = decodeURIComponent(href.slice(7).split('?')[0]!).trim();
      if (address.includes('@')) emails.add(address);
    } else if (/^tel:/i.test(href)) {
      const number = anchor.textContent?.trim() || decodeURIComponent(href.slice(4)).trim();
      if (number.length >= 3) phones.add(number);
    } else {
      const url = resolve(href);
      if (url !== undefined && url.startsWith(`${origin}/`)) links.add(url);
    }
  }
  const jsonLd = jsonLdNodes([...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ''));
  const title = safeMarkdownText(document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || meta('meta[property="og:title"]'));
  const facts = {
    url: pageUrl,
    title,
    description: safeMarkdownText(meta('meta[name="description" i]') ?? meta('meta[property="og:description"]')),
    lang: (document.documentElement.getAttribute('lang') ?? meta('meta[property="og:locale"]'))?.trim().toLowerCase().replace('_', '-') || undefined,
    canonical: resolve(document.querySelector('link[rel~="canonical"]')?.getAttribute('href')),
    alternates,
    published: isoDay(meta('meta[property="article:published_time"]')),
    updated: isoDay(meta('meta[property="article:modified_time"]') ?? meta('meta[property="og:updated_time"]')),
    siteName: meta('meta[property="og:site_name"]'),
    jsonLd,
    links: [...links],
    emails: [...emails],
    phones: [...phones],
  };

  const restLink = [...document.querySelectorAll('link[rel~="alternate"][href*="/wp-json/"], link[rel~="alternate"][href*="rest_route="]')]
    .map((link) => resolve(link.getAttribute('href')))
    .find((href) => href !== undefined && /\/wp\/v2\//.test(href));
  const feedLink = document.querySelector('link[rel~="alternate"][type="application/rss+xml"], link[rel~="alternate"][type="application/atom+xml"]');
  const feedUrl = resolve(feedLink?.getAttribute('href'));
  const restIndex = resolve(document.querySelector('link[rel="https://api.w.org/"]')?.getAttribute('href'));
  const declared = {
    ...optional('htmlLang', document.documentElement.getAttribute('lang')?.trim()),
    ...optional('xmlLang', document.documentElement.getAttribute('xml:lang')?.trim()),
    ...optional('ogLocale', meta('meta[property="og:locale"]')),
    ...optional('metaLanguage', meta('meta[http-equiv="content-language" i]')),
  };
  const bodyClasses = (document.body?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
  const extra = {
    declared,
    bodyClasses,
    ...optional('restLink', restLink),
    ...optional('restIndex', restIndex),
    ...(feedUrl === undefined ? {} : { feed: { url: feedUrl, title: feedLink?.getAttribute('title')?.trim() || undefined } }),
    ...optional('time', document.querySelector('main time[datetime], article time[datetime], .entry-meta time[datetime], .wp-block-post-date time[datetime], time[datetime]')?.getAttribute('datetime')?.trim()),
    passwordProtected: bodyClasses.includes('post-password-required') || document.querySelector('form.post-password-form, form[action*="postpass"]') !== null,
    ...optional('generator', meta('meta[name="generator" i]')),
    ...optional('sequence', sequenceLink(document)),
    ...optional('refreshTo', refreshTarget(meta('meta[http-equiv="refresh" i]'), resolve)),
  };

  // Before anything changes the document: what it says about needing a browser.
  const shell = shellSignals(document as never);
  const { codeLanguages } = cleanDocument(document, pageUrl);
  const main = document.querySelector('main, [role="main"]');
  const mainText = plainText(main);
  // Kept before Readability runs: it rewrites the document it reads.
  const fallbackHtml = (main ?? document.body)?.innerHTML ?? '';
  const article = isProbablyReaderable(document as never, { minContentLength: 140 }) ? new Readability(document as never, { keepClasses: false, classesToPreserve: [...codeLanguages] }).parse() : null;
  const articleText = article?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  // Readability finds the article of a post; on a home page or a service grid it may keep one
  // block of several. The page's own <main> is then the better answer.
  const useArticle = article?.content && articleText.length >= mainText.length * 0.6;
  const contentHtml = useArticle ? article!.content! : fallbackHtml;
  const tables = contentHtml.includes('<table') ? readTables(contentHtml) : [];
  const markdown = safeMarkdown(contentHtml, pageUrl, (html) => converter.translate(html)).trim();
  return { ...facts, ...extra, shell, tables, markdown, textLanguage: identifyPageLanguage(facts.title, markdown) };
}

/** The `<title>` of a page, one space between words (the head alone is what counts). */
export function pageTitle(html: string): string | undefined {
  const { document } = parseHTML(html);
  return document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() || undefined;
}

/**
 * Selectors of a link to the previous or next page of a series, with the word for how it links
 * (`head`, `rel`, `pager`: kept in the import state as they are, worded by --explain from the catalogs' `import.sequence`).
 */
const SEQUENCE_LINKS: readonly [string, string][] = [
  ['link[rel~="next"][href], link[rel~="prev"][href]', 'head'],
  ['a[rel~="next"][href], a[rel~="prev"][href]', 'rel'],
  ['nav.pager a[href], .docnav a[href], a.prev[href], a.next[href]', 'pager'],
];

function sequenceLink(document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null }): string | undefined {
  for (const [selector, words] of SEQUENCE_LINKS) {
    const link = document.querySelector(selector);
    if (link !== null) return `${words}: ${link.getAttribute('href')!.trim()}`;
  }
  return undefined;
}

/** `0; url=/pl/` → the absolute URL, for a refresh within a few seconds (a redirect page, not a slow reload). */
function refreshTarget(content: string | undefined, resolve: (href: string) => string | undefined): string | undefined {
  const match = /^\s*(\d+)\s*[;,]\s*url\s*=\s*['"]?([^'"]+)/i.exec(content ?? '');
  return match !== null && Number(match[1]) <= 5 ? resolve(match[2]!.trim()) : undefined;
}

function optional<K extends string>(key: K, value: string | undefined | null): Partial<Record<K, string>> {
  return value === undefined || value === null || value === '' ? {} : ({ [key]: value } as Record<K, string>);
}

function readTables(html: string): string[][][] {
  const { document } = parseHTML(`<body>${html}</body>`);
  return [...document.querySelectorAll('table')].map((table) =>
    [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '')),
  );
}
