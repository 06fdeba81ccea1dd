/**
 * What of a page is the company's content and what is not, decided on the DOM (linkedom) before
 * the main content is chosen: the site's chrome (navigation, headers, footers, consent banners,
 * share widgets, forms), the visitors' words (comments, their names and avatars, the reply form),
 * a post's meta line ("Posted … by admin"), documentation generators' navigation
 * (Previous/Up/Home/Next, sidebars, permalink markers), unrendered WordPress shortcodes; every
 * preformatted block becomes `<pre><code>` (so that Markdown fences it, whatever wrapped it) and
 * every link and image address becomes absolute.
 */
import type { parseHTML } from 'linkedom';

type Doc = ReturnType<typeof parseHTML>['document'];
type El = NonNullable<ReturnType<Doc['querySelector']>>;

/** Chrome every site has: removed wherever it stands, even inside `<main>`. */
const CHROME = [
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas', 'form', 'button', 'dialog', 'nav', 'header', 'footer', 'aside',
  '[role="dialog"]', '[role="navigation"]', '[role="banner"]', '[role="contentinfo"]', '[role="search"]', '[aria-modal="true"]',
  '[id*="cookie" i]', '[class*="cookie" i]', '[id*="consent" i]', '[class*="consent" i]', '[class*="gdpr" i]',
  '[class*="share" i]', '[class*="social" i]', '[class*="newsletter" i]',
  '[class*="banner" i]', '[id*="banner" i]', '[class*="promo" i]',
  '.screen-reader-text', '.skip-link', '.sr-only', '.visually-hidden', '.edit-link', '.post-edit-link',
  '[class*="breadcrumb" i]', '[aria-label*="breadcrumb" i]',
];

/** Visitors' comments and the reply form (classic and block WordPress themes, Disqus). */
const COMMENTS = [
  '#comments', '.comments-area', '.comment-respond', '#respond', '.commentlist', '.comment-list', 'li.comment', 'article.comment', '[id^="comment-"]',
  '.wp-block-comments', '.wp-block-comments-query-loop', '.wp-block-comment-template', '.wp-block-post-comments', '.wp-block-post-comments-form',
  '.comment-reply-link', '.comments-link', '#disqus_thread', 'img[src*="gravatar.com"]', 'img.avatar',
];

/** A post's meta line and the links between posts (who posted it, when, under which tags). */
const POST_META = [
  '.entry-meta', '.entry-footer', '.posted-on', '.byline', '.post-meta', '.cat-links', '.tags-links', '.post-navigation', '.nav-links', '.navigation',
  '.pagination', '.wp-block-post-date', '.wp-block-post-author', '.wp-block-post-author-name', '.wp-block-post-terms', '.wp-block-post-navigation-link',
  '.wp-block-query-pagination', '.author-bio',
];

/** Documentation generators' navigation: DocBook, Sphinx, MkDocs (Material and the default theme), Hugo themes. */
const DOCS_NAVIGATION = [
  '.navheader', '.navfooter', '.docnav', 'a[accesskey="p"]', 'a[accesskey="n"]', 'a[accesskey="u"]', 'a[accesskey="h"]', '.related', '.sphinxsidebar', '.rst-footer-buttons', '.wy-nav-side', '.wy-breadcrumbs', '.headerlink',
  '.md-header', '.md-sidebar', '.md-footer', '.md-tabs', '.md-source', '.md-top', '.md-search', '.md-content__button',
  '.prev-next', '.pager', '.page-nav', '.docs-prevnext', '.book-menu', '.book-toc', '[rel="prev"]', '[rel="next"]',
];

export const NOT_CONTENT = [...CHROME, ...COMMENTS, ...POST_META, ...DOCS_NAVIGATION].join(',');

/** Link texts of documents' own navigation, in English and Polish (arrows and brackets aside). */
const NAVIGATION_WORDS = new Set([
  'prev', 'previous', 'next', 'up', 'home', 'top', 'back', 'contents', 'table of contents', 'index', 'previous page', 'next page',
  'poprzedni', 'poprzednia', 'następny', 'następna', 'dalej', 'wstecz', 'w górę', 'do góry', 'spis treści', 'strona główna', 'początek',
]);

/** Whole texts that are a comment form's or a post's chrome, never content. */
const CHROME_TEXTS = /^(odpowiedz|reply|dodaj komentarz|leave a (comment|reply)|anuluj pisanie odpowiedzi|cancel reply|brak komentarzy|no comments|\d+ (comments?|komentarz(y|e)?))$/i;

/** "Opublikowano 3 marca 2025 przez admin", "Posted on March 3, 2025 by admin": a post meta line. */
const META_LINE = /^(opublikowano|dodano|posted|published|written)\b.{0,120}\b(przez|by|autor|w kategorii|in)\b/i;

/**
 * WordPress shortcodes a page left unrendered: `[contact-form-7 id="5"]`, `[vc_row]…[/vc_row]`,
 * `[button link="…"]`. A bracketed word counts only when it is a closing tag, has attributes,
 * has `_` or `-` in its name, or is one of WordPress's own: `[optional]` in prose stays.
 */
const SHORTCODE = /\[(\/?)([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)((?:\s+[^\]]*)?)\]/gi;
const KNOWN_SHORTCODES = new Set(['gallery', 'caption', 'embed', 'audio', 'video', 'playlist', 'button', 'row', 'column', 'section', 'wpforms', 'shortcode', 'et_pb_section']);

export interface CleanupResult {
  /** Language classes of code blocks (`language-python`), for Readability to keep. */
  readonly codeLanguages: readonly string[];
}

/**
 * Cleans the document in place. Order matters: code blocks are made plain first (their
 * highlighting spans carry classes like "comment" that chrome rules would otherwise match).
 */
export function cleanDocument(document: Doc, pageUrl: string): CleanupResult {
  const codeLanguages = plainCodeBlocks(document);
  for (const element of document.querySelectorAll(NOT_CONTENT)) if (element.closest('pre') === null) element.remove();
  removeByText(document);
  removeShortcodes(document);
  absoluteAddresses(document, pageUrl);
  return { codeLanguages };
}

/** Every `<pre>` becomes `<pre><code class="language-…">text</code></pre>`, so that it is fenced whatever wrapped it. */
function plainCodeBlocks(document: Doc): string[] {
  const languages = new Set<string>();
  for (const pre of [...document.querySelectorAll('pre')]) {
    const text = pre.textContent ?? '';
    const language = codeLanguage(pre);
    const code = document.createElement('code');
    if (language !== undefined) {
      code.setAttribute('class', `language-${language}`);
      languages.add(`language-${language}`);
    }
    code.textContent = text.replace(/\n$/, '');
    const replacement = document.createElement('pre');
    replacement.appendChild(code);
    pre.replaceWith(replacement);
  }
  return [...languages];
}

/** The language of a code block, from its own classes, its code's, or a wrapper's (`highlight-python`, `language-sh`). */
function codeLanguage(pre: El): string | undefined {
  const candidates = [pre.querySelector('code'), pre, pre.parentElement, pre.parentElement?.parentElement];
  for (const element of candidates) {
    const classes = element?.getAttribute('class') ?? '';
    const match = /(?:^|\s)(?:language|lang|highlight|brush:?)-?([a-z0-9+#]+)(?=\s|$)/i.exec(classes.replace(/\bhighlight(?=\s|$)/, ''));
    const language = match?.[1]?.toLowerCase();
    if (language !== undefined && !['default', 'none', 'text', 'notranslate', 'plaintext'].includes(language)) return language;
  }
  return undefined;
}

/** Blocks whose text says they are navigation, a comment form's words or a post meta line. */
function removeByText(document: Doc): void {
  const text = (element: El) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  for (const element of [...document.querySelectorAll('p, div, span, table, ul, ol, li, a, h2, h3, h4, small, time')]) {
    if (!element.isConnected || element.closest('pre') !== null) continue;
    const whole = text(element);
    // A block of linked images and no words: logos and banners (DocBook's <p id="title">).
    if (whole === '' && element.tagName !== 'A' && element.querySelector('a img') !== null && element.querySelectorAll('img').length === element.querySelectorAll('a img').length) {
      element.remove();
      continue;
    }
    if (whole === '') continue;
    if (CHROME_TEXTS.test(whole) || (whole.length <= 200 && META_LINE.test(whole))) {
      element.remove();
      continue;
    }
    if (element.tagName === 'A' || element.tagName === 'SPAN' || whole.length > 300) continue;
    const links = [...element.querySelectorAll('a')];
    if (links.length === 0 || links.length > 8) continue;
    const linkTexts = links.map((link) => text(link).replace(/[«»‹›←→↑⇐⇒<>|]/g, '').trim().toLowerCase());
    const rest = links.reduce((remaining, link) => remaining.replace(text(link), ''), whole).replace(/[«»‹›←→↑⇐⇒<>|·\s]/g, '');
    if (linkTexts.every((linkText) => linkText === '' || NAVIGATION_WORDS.has(linkText)) && rest.length <= 2) element.remove();
  }
}

function removeShortcodes(document: Doc): void {
  const body = document.body;
  if (body === null) return;
  // The parser leaves a text node per character reference: join them, or a shortcode with curly quotes is cut in pieces.
  body.normalize();
  const walker = document.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: { textContent: string | null; parentElement: El | null }[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node);
  for (const node of nodes) {
    const value = node.textContent ?? '';
    if (!value.includes('[') || node.parentElement?.closest('pre, code') != null) continue;
    const cleaned = value.replace(SHORTCODE, (whole: string, closing: string, name: string, attributes: string) =>
      closing === '/' || attributes.includes('=') || /[_-]/.test(name) || KNOWN_SHORTCODES.has(name.toLowerCase()) ? '' : whole,
    );
    if (cleaned !== value) node.textContent = cleaned;
  }
}

/** Links and images point where a reader can follow them: absolute, against `<base href>` or the page. */
function absoluteAddresses(document: Doc, pageUrl: string): void {
  let base = pageUrl;
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      // A broken <base> is ignored, as browsers do.
    }
  }
  const absolute = (value: string): string | undefined => {
    try {
      return new URL(value.trim(), base).href;
    } catch {
      return undefined;
    }
  };
  for (const anchor of [...document.querySelectorAll('a[href]')]) {
    const href = anchor.getAttribute('href')!.trim();
    const url = /^javascript:/i.test(href) ? undefined : absolute(href);
    if (url === undefined) anchor.removeAttribute('href');
    else anchor.setAttribute('href', url);
  }
  for (const image of [...document.querySelectorAll('img')]) {
    const src = image.getAttribute('src') ?? image.getAttribute('data-src');
    const url = src ? absolute(src) : undefined;
    if (url === undefined || url.startsWith('data:')) image.remove();
    else {
      image.setAttribute('src', url);
      image.removeAttribute('srcset');
    }
  }
}

/** The text of an element as a reader sees it, one space between words. */
export function plainText(element: El | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
