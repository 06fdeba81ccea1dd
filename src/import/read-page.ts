import { isProbablyReaderable, Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import { jsonLdNodes, type JsonLdNode } from './json-ld-nodes.js';
import { safeMarkdown, safeMarkdownText } from './safe-markdown.js';

/** What one HTML page states about itself, read once; the importer decides what becomes of it. */
export interface PageFacts {
  readonly url: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  /** The `html lang` (or og:locale), lower case, as written: `pl`, `en-gb`, `de`. */
  readonly lang: string | undefined;
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
}

/**
 * Site chrome that is not the page's content even inside `<main>`: navigation, header and footer,
 * cookie and consent banners, share buttons, forms, scripts. Removed before the content is
 * chosen; choosing the content itself is Readability's job.
 */
const CHROME = [
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas', 'form', 'button', 'dialog', 'nav', 'header', 'footer', 'aside',
  '[role="dialog"]', '[role="navigation"]', '[role="banner"]', '[role="contentinfo"]', '[aria-modal="true"]',
  '[id*="cookie" i]', '[class*="cookie" i]', '[id*="consent" i]', '[class*="consent" i]', '[class*="gdpr" i]',
  '[class*="share" i]', '[class*="social" i]', '[class*="newsletter" i]',
].join(',');

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

  for (const element of document.querySelectorAll(CHROME)) element.remove();
  const main = document.querySelector('main, [role="main"]');
  const mainText = main?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  // Kept before Readability runs: it rewrites the document it reads.
  const fallbackHtml = (main ?? document.body)?.innerHTML ?? '';
  const article = isProbablyReaderable(document as never, { minContentLength: 140 }) ? new Readability(document as never, { keepClasses: false }).parse() : null;
  const articleText = article?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  // Readability finds the article of a post; on a home page or a service grid it may keep one
  // block of several. The page's own <main> is then the better answer.
  const contentHtml = article?.content && articleText.length >= mainText.length * 0.6 ? article.content : fallbackHtml;
  const tables = contentHtml.includes('<table') ? readTables(contentHtml) : [];
  return { ...facts, tables, markdown: safeMarkdown(contentHtml, pageUrl, (html) => converter.translate(html)).trim() };
}

function readTables(html: string): string[][][] {
  const { document } = parseHTML(`<body>${html}</body>`);
  return [...document.querySelectorAll('table')].map((table) =>
    [...table.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '')),
  );
}

/** The day of an ISO date or date-time, or undefined. */
export function isoDay(value: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? '');
  return match?.[1];
}
