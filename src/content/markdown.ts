import MarkdownIt from 'markdown-it';

/**
 * Markdown helpers for content we serve: strip what must never reach a client, and read the
 * section headings that search matches.
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

/** Private-use characters that stand in for a piece of code while the prose around it is cleaned. */
const CODE_OPEN = '\uE000';
const CODE_CLOSE = '\uE001';
const CODE_PLACEHOLDER = /\uE000(\d+)\uE001/g;
/**
 * An inline code span (CommonMark 6.1): a run of backticks, not escaped, up to the next run of
 * the same length; it cannot cross a blank line, as paragraphs end there.
 */
const CODE_SPAN = /(?<![\\`])(`+)(?!`)(?:(?!\n[ \t]*\n)[^\uE000])*?(?<!`)\1(?!`)/g;

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

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** ATX headings of levels 2-6 (level 1 is the page title), outside fenced code blocks. */
export function sectionHeadings(markdown: string): string[] {
  return splitSections(markdown, false).headings;
}

/**
 * The text of each section, aligned with `sectionHeadings`: index 0 is what precedes the first
 * section heading (the level-1 title and the introduction), index i + 1 the heading i line and
 * everything up to the next section heading. Search reads it to say which section's text matched.
 */
export function sectionTexts(markdown: string): string[] {
  return splitSections(markdown, true).texts;
}

/** Headings and, when `withTexts`, section texts (every page's load wants only the headings). */
function splitSections(markdown: string, withTexts: boolean): { headings: string[]; texts: string[] } {
  const headings: string[] = [];
  const texts: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1] as string;
      if (fence === undefined) fence = marker[0]!.repeat(3);
      else if (marker.startsWith(fence)) fence = undefined;
      if (withTexts) current.push(line);
      continue;
    }
    if (fence === undefined) {
      const match = ATX_HEADING.exec(line);
      if (match && (match[1] as string).length >= 2) {
        const text = plainText(match[2] as string);
        if (text.length > 0) {
          headings.push(text);
          if (withTexts) texts.push(current.join('\n'));
          current = [];
        }
      }
    }
    if (withTexts) current.push(line);
  }
  if (withTexts) texts.push(current.join('\n'));
  return { headings, texts };
}

/**
 * Stable ids for section headings, for `id` attributes and deep links (`url#id`): the heading
 * folded to lower-case ASCII letters and digits joined by hyphens ("Ile kosztuje wdrożenie?" →
 * "ile-kosztuje-wdrozenie"), with "-2", "-3"… on repeats within the page. The id changes only when
 * the heading's text does.
 */
export function headingIds(headings: readonly string[]): string[] {
  const used = new Set<string>();
  return headings.map((heading) => {
    const base = slug(heading) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** Letters without their diacritics, lower case; ł and the other undecomposable letters mapped. */
function slug(text: string): string {
  // Most headings of English pages need no decomposition, which is the costly step.
  const plain = /^[\u0000-\u007f]*$/.test(text) ? text : text.normalize('NFKD');
  return plain
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Inline Markdown to plain text: links keep their text, emphasis marks go, inline code keeps its text exactly. */
export function plainText(inline: string): string {
  const code: string[] = [];
  const masked = inline.replace(CODE_SPAN, (span) => {
    const ticks = /^`+/.exec(span)![0].length;
    return `${CODE_OPEN}${code.push(span.slice(ticks, -ticks).replace(/^ (.*) $/, '$1')) - 1}${CODE_CLOSE}`;
  });
  return masked
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(CODE_PLACEHOLDER, (placeholder, index: string) => code[Number(index)] ?? placeholder);
}
