import { randomUUID } from 'node:crypto';
import { parseHTML } from 'linkedom';

/**
 * What the importer writes is read by agents, and chat clients render Markdown with HTML
 * enabled. A page's text must therefore stay text in the Markdown made from it, and only links a
 * person can safely follow may stay links (docs/decisions/0116-safe-imported-markdown.md):
 *
 * - `<` is escaped as `&lt;` where Markdown would read a tag, a comment, a declaration or an
 *   autolink (a `<` before a letter, `/`, `!` or `?`), and nowhere else: `a < b` keeps its
 *   character, and code keeps all of its own, since Markdown reads no HTML in code;
 * - links survive with http(s), mailto and tel targets, images with http(s) sources; any other
 *   link (javascript:, data:, vbscript:, file:, …) keeps its text without the link, and such an
 *   image is left out.
 */

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** A `<` that CommonMark would read as the start of raw HTML or of an autolink. */
const TAG_START = /<(?=[A-Za-z/!?])/g;
const CODE = new Set(['CODE', 'PRE', 'KBD', 'SAMP']);

/** Plain text that will be read as Markdown (a title, a description): text that looks like a tag stays text. */
export function safeMarkdownText(text: string): string;
export function safeMarkdownText(text: string | undefined): string | undefined;
export function safeMarkdownText(text: string | undefined): string | undefined {
  return text?.replace(TAG_START, '&lt;');
}

/** The Markdown of an HTML fragment (`convert` is the HTML-to-Markdown converter), with its text kept as text and unsafe links dropped. */
export function safeMarkdown(html: string, pageUrl: string, convert: (html: string) => string): string {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  for (const anchor of document.querySelectorAll('a[href]')) {
    if (!allowed(anchor.getAttribute('href')!, pageUrl, LINK_SCHEMES)) anchor.replaceWith(...anchor.childNodes);
  }
  for (const image of document.querySelectorAll('img')) {
    const src = image.getAttribute('src');
    if (src === null || !allowed(src, pageUrl, IMAGE_SCHEMES)) image.remove();
  }
  // A random word stands in for each escaped `<` through the conversion, which would escape the
  // `&` of `&lt;` and drops invisible characters; no page can contain it.
  const mark = `lt${randomUUID().replaceAll('-', '')}`;
  // The parser may split a text at its character references ("a ", "<", "img"): joined first.
  document.body.normalize();
  escapeTagStarts(document.body, mark);
  return convert(document.body.innerHTML).replaceAll(mark, '&lt;');
}

/** Whether a link's target, resolved against the page, has one of the schemes. */
function allowed(href: string, pageUrl: string, schemes: ReadonlySet<string>): boolean {
  try {
    return schemes.has(new URL(href.trim(), pageUrl).protocol);
  } catch {
    return false;
  }
}

interface TextTree {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly childNodes: ArrayLike<TextTree>;
  data?: string;
}

/** Marks every tag-like `<` in the text outside code (TEXT_NODE is 3, ELEMENT_NODE 1). */
function escapeTagStarts(node: TextTree, mark: string): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) child.data = child.data!.replace(TAG_START, mark);
    else if (child.nodeType === 1 && !CODE.has(child.nodeName.toUpperCase())) escapeTagStarts(child, mark);
  }
}
