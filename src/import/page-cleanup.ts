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

/**
 * What is not content, as data: one pass over the elements tests each against these sets (a
 * selector list this long costs linkedom's selector engine a fifth of a second per page).
 */
const NOT_CONTENT = {
  /** Chrome every site has, removed wherever it stands, even inside `<main>`. */
  tags: new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'canvas', 'form', 'button', 'dialog', 'nav', 'header', 'footer', 'aside']),
  roles: new Set(['dialog', 'navigation', 'banner', 'contentinfo', 'search']),
  /** Parts of an id or class that name chrome: consent banners, share and social widgets, breadcrumbs. */
  idWords: ['cookie', 'consent', 'banner'],
  classWords: ['cookie', 'consent', 'gdpr', 'share', 'social', 'newsletter', 'banner', 'promo', 'breadcrumb'],
  ids: new Set(['comments', 'respond', 'disqus_thread']),
  classes: new Set([
    // Hidden helpers and edit links.
    'screen-reader-text', 'skip-link', 'sr-only', 'visually-hidden', 'edit-link', 'post-edit-link',
    // Visitors' comments and the reply form (classic and block WordPress themes).
    'comments-area', 'comment-respond', 'commentlist', 'comment-list', 'wp-block-comments', 'wp-block-comments-query-loop', 'wp-block-comment-template',
    'wp-block-post-comments', 'wp-block-post-comments-form', 'comment-reply-link', 'comments-link', 'avatar',
    // A post's meta line and the links between posts (who posted it, when, under which tags).
    'entry-meta', 'entry-footer', 'posted-on', 'byline', 'post-meta', 'cat-links', 'tags-links', 'post-navigation', 'nav-links', 'navigation', 'pagination',
    'wp-block-post-date', 'wp-block-post-author', 'wp-block-post-author-name', 'wp-block-post-terms', 'wp-block-post-navigation-link', 'wp-block-query-pagination', 'author-bio',
    // Documentation generators' navigation: DocBook, Sphinx, MkDocs, Hugo themes.
    'navheader', 'navfooter', 'docnav', 'related', 'sphinxsidebar', 'rst-footer-buttons', 'wy-nav-side', 'wy-breadcrumbs', 'headerlink',
    'md-header', 'md-sidebar', 'md-footer', 'md-tabs', 'md-source', 'md-top', 'md-search', 'md-content__button',
    'prev-next', 'pager', 'page-nav', 'docs-prevnext', 'book-menu', 'book-toc',
  ]),
  /** DocBook's Previous/Next/Up/Home links carry access keys. */
  accessKeys: new Set(['p', 'n', 'u', 'h']),
  rels: new Set(['prev', 'next']),
};

/** Whether an element is chrome, a visitor's words or navigation, by its tag, role, id, classes and a few attributes. */
function isNotContent(element: El): boolean {
  const tag = element.tagName.toLowerCase();
  if (NOT_CONTENT.tags.has(tag)) return true;
  const attribute = (name: string): string => element.getAttribute(name) ?? '';
  if (NOT_CONTENT.roles.has(attribute('role')) || attribute('aria-modal') === 'true' || /breadcrumb/i.test(attribute('aria-label'))) return true;
  const id = attribute('id').toLowerCase();
  if (id !== '' && (NOT_CONTENT.ids.has(id) || id.startsWith('comment-') || NOT_CONTENT.idWords.some((word) => id.includes(word)))) return true;
  const classList = attribute('class');
  if (classList !== '') {
    const lower = classList.toLowerCase();
    if (NOT_CONTENT.classWords.some((word) => lower.includes(word))) return true;
    const classes = classList.split(/\s+/);
    if (classes.some((name) => NOT_CONTENT.classes.has(name))) return true;
    if ((tag === 'li' || tag === 'article') && classes.includes('comment')) return true;
  }
  if (tag === 'img' && attribute('src').includes('gravatar.com')) return true;
  if (tag === 'a' && NOT_CONTENT.accessKeys.has(attribute('accesskey'))) return true;
  return NOT_CONTENT.rels.has(attribute('rel'));
}

/** Removes every element that is not content, in one walk (code blocks, already plain, are left alone). */
function removeNotContent(parent: El): void {
  for (const child of [...parent.children]) {
    if (isNotContent(child)) child.remove();
    else if (child.tagName !== 'PRE') removeNotContent(child);
  }
}

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
  if (document.documentElement !== null) removeNotContent(document.documentElement);
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

/** Elements whose whole text is checked: blocks, list items, links and the small inline ones chrome is made of. */
const CHECKED = new Set(['P', 'DIV', 'SPAN', 'TABLE', 'UL', 'OL', 'LI', 'A', 'H2', 'H3', 'H4', 'SMALL', 'TIME']);

/**
 * Blocks whose text says they are navigation, a comment form's words or a post meta line. One
 * walk, innermost first, each element's text put together from its children's once (asking each
 * element for its textContent costs the depth of the page times its size).
 */
function removeByText(document: Doc): void {
  if (document.body !== null) textAfterRemovals(document.body);
}

function textAfterRemovals(element: El): string {
  if (element.tagName === 'PRE') return element.textContent ?? '';
  let text = '';
  for (const child of [...element.childNodes]) {
    if (child.nodeType === 3) text += child.textContent ?? '';
    else if (child.nodeType === 1) text += textAfterRemovals(child as El);
  }
  if (!CHECKED.has(element.tagName) || text.length > 2000) return text;
  const whole = text.replace(/\s+/g, ' ').trim();
  if (whole === '') {
    // A block of linked images and no words: logos and banners (DocBook's <p id="title">).
    if (element.tagName !== 'A' && element.querySelector('a img') !== null && element.querySelectorAll('img').length === element.querySelectorAll('a img').length) element.remove();
    return text;
  }
  if (CHROME_TEXTS.test(whole) || (whole.length <= 200 && META_LINE.test(whole)) || isNavigationLine(element, whole)) {
    element.remove();
    return '';
  }
  return text;
}

/** A short block made only of links to the previous, next, upper or home page (arrows and separators aside). */
function isNavigationLine(element: El, whole: string): boolean {
  if (element.tagName === 'A' || element.tagName === 'SPAN' || whole.length > 300) return false;
  const links = [...element.querySelectorAll('a')];
  if (links.length === 0 || links.length > 8) return false;
  const linkTexts = links.map((link) => plainText(link));
  const rest = linkTexts.reduce((remaining, linkText) => remaining.replace(linkText, ''), whole).replace(/[«»‹›←→↑⇐⇒<>|·\s]/g, '');
  return rest.length <= 2 && linkTexts.every((linkText) => {
    const words = linkText.replace(/[«»‹›←→↑⇐⇒<>|]/g, '').trim().toLowerCase();
    return words === '' || NAVIGATION_WORDS.has(words);
  });
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
