import MarkdownIt from 'markdown-it';
import { CODE_CLOSE, CODE_OPEN, CODE_PLACEHOLDER, CODE_SPAN } from './sections.js';

/**
 * Markdown helpers for content we serve: strip what must never reach a client. The sections and
 * their headings are read in sections.ts.
 */

/**
 * Raw HTML elements that have no place in clean page text, with everything inside them. The
 * match never crosses a masked code block (CODE_OPEN), so prose cannot delete code.
 */
const UNSAFE_BLOCK = /<(script|style|form|iframe|noscript|template|nav|object|embed)\b[^>\uE000]*>[^\uE000]*?<\/\1\s*>/gi;
/** Opening or self-closing tags of the same elements left without a closing tag. */
const UNSAFE_TAG = /<\/?(script|style|form|iframe|noscript|template|nav|object|embed|input|button|select|textarea)\b[^>\uE000]*>/gi;
const HTML_COMMENT = /<!--[^\uE000]*?-->/g;

/** The same patterns without the global flag, for a stateless test of the whole text. */
const UNSAFE_ANYWHERE = [HTML_COMMENT, UNSAFE_BLOCK, UNSAFE_TAG].map((pattern) => new RegExp(pattern.source, pattern.flags.replace('g', '')));

/** Block structure only: which lines are fenced or indented code, exactly as CommonMark reads them. */
const blockReader = new MarkdownIt('commonmark');

/**
 * Page Markdown without raw HTML that must never reach a client (scripts, styles, forms,
 * iframes, comments). Code is content, not markup: fenced and indented code blocks and inline
 * code spans come through byte for byte, since a guide's GTM snippet or consent default is the
 * very thing an agent was asked about.
 */
export function cleanMarkdown(markdown: string): string {
  const normalized = markdown.replace(/\r\n?/g, '\n');
  if (!normalized.includes('<') && !normalized.includes('\n\n\n')) return normalized.trim();
  if (nothingToRemove(normalized)) return normalized.trim();
  return removeUnsafeMarkup(normalized);
}

/**
 * Whether the full pass (removeUnsafeMarkup) would only trim `markdown`, told without parsing it
 * for code blocks, which is most of a page's load when it has any `<` (`<head>` in prose, a
 * `<ID>` in inline code). The patterns cannot match inside masked code that they do not match in
 * the whole text, so if none matches anywhere, only the trim is left; and trimming the whole
 * text ends where trimming the prose does as long as the text opens with blank lines at most and
 * closes with one line break at most after a visible character (a code block opening the page
 * indented, or closing it with trailing blanks, is left to the full pass).
 */
function nothingToRemove(markdown: string): boolean {
  return (
    !/[\uE000\uE001]/.test(markdown) &&
    /^\n*\S/.test(markdown) &&
    /\S\n?$/.test(markdown) &&
    !markdown.includes('\n\n\n') &&
    !UNSAFE_ANYWHERE.some((pattern) => pattern.test(markdown))
  );
}

/** The full pass of cleanMarkdown: unsafe markup out of the prose, code untouched. Exported for the test that holds the shortcut to it. */
export function removeUnsafeMarkup(markdown: string): string {
  return outsideCode(markdown, (prose) =>
    prose
      .replace(HTML_COMMENT, '')
      .replace(UNSAFE_BLOCK, '')
      .replace(UNSAFE_TAG, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  );
}

/**
 * Applies `edit` to the prose of a Markdown document only: fenced and indented code blocks and
 * inline code spans stand aside as private-use placeholders while it runs and come back
 * unchanged. `edit` must keep the placeholders (patterns that stop at CODE_OPEN do).
 */
export function outsideCode(markdown: string, edit: (prose: string) => string): string {
  const code: string[] = [];
  const mask = (text: string) => `${CODE_OPEN}${code.push(text) - 1}${CODE_CLOSE}`;
  const prose = maskCodeBlocks(markdown, mask).replace(CODE_SPAN, mask);
  if (code.length === 0) return edit(markdown);
  return edit(prose).replace(CODE_PLACEHOLDER, (placeholder, index: string) => code[Number(index)] ?? placeholder);
}

/** The Markdown with each fenced or indented code block replaced by `mask(block)` on one line. */
function maskCodeBlocks(markdown: string, mask: (code: string) => string): string {
  const lines = markdown.split('\n');
  const ranges = blockReader
    .parse(markdown, {})
    .filter((token) => (token.type === 'fence' || token.type === 'code_block') && token.map !== null)
    .map((token) => token.map as [number, number]);
  if (ranges.length === 0) return markdown;
  const out: string[] = [];
  let line = 0;
  for (const [start, end] of ranges) {
    if (start < line) continue;
    out.push(...lines.slice(line, start), mask(lines.slice(start, end).join('\n')));
    line = end;
  }
  out.push(...lines.slice(line));
  return out.join('\n');
}
