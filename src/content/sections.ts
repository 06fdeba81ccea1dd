/**
 * The sections of page Markdown: its section headings (levels 2-6) as plain text, with stable
 * ids, and the text of each section, which search reads to say which section matched. Kept apart
 * from cleaning (markdown.ts), so that indexing bodies on another thread loads no Markdown parser.
 */

/** Private-use characters that stand in for a piece of code while the prose around it is cleaned. */
export const CODE_OPEN = '\uE000';
export const CODE_CLOSE = '\uE001';
export const CODE_PLACEHOLDER = /\uE000(\d+)\uE001/g;
/**
 * An inline code span (CommonMark 6.1): a run of backticks, not escaped, up to the next run of
 * the same length; it cannot cross a blank line, as paragraphs end there.
 */
export const CODE_SPAN = /(?<![\\`])(`+)(?!`)(?:(?!\n[ \t]*\n)[^\uE000])*?(?<!`)\1(?!`)/g;

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** ATX headings of levels 2-6 (level 1 is the page title), outside fenced code blocks. */
export function sectionHeadings(markdown: string): string[] {
  const headings: string[] = [];
  forEachSectionHeading(markdown, (inline) => {
    const text = plainText(inline);
    if (text.length > 0) headings.push(text);
  });
  return headings;
}

/**
 * The text of each section, aligned with `sectionHeadings`: index 0 is what precedes the first
 * section heading (the level-1 title and the introduction), index i + 1 the heading i line and
 * everything up to the next section heading. Search reads it to say which section's text matched.
 */
export function sectionTexts(markdown: string): string[] {
  const bounds = sectionBounds(markdown);
  const texts: string[] = [];
  for (let at = 0; at < bounds.length; at += 2) texts.push(markdown.slice(bounds[at], bounds[at + 1]));
  return texts;
}

/**
 * Where each of `sectionTexts` is in the Markdown: section i is `markdown.slice(bounds[2i],
 * bounds[2i + 1])`. Indexing a body reads it in place, without a string per section.
 */
export function sectionBounds(markdown: string): number[] {
  const bounds: number[] = [];
  let start = 0;
  forEachSectionHeading(markdown, (inline, lineStart) => {
    if (!hasPlainText(inline)) return;
    // The section before ends before the heading line's newline; none precedes a first-line heading.
    bounds.push(start, lineStart > start ? lineStart - 1 : start);
    start = lineStart;
  });
  bounds.push(start, markdown.length);
  return bounds;
}

const SPACE = 0x20;
const BACKTICK = 0x60;
const TILDE = 0x7e;
const HASH = 0x23;

/**
 * Calls `visit` with the inline Markdown of each ATX heading of levels 2-6 outside fenced code,
 * in order, and where its line starts. Only a line whose first character after at most three
 * spaces is a backtick, a tilde or a hash can open or close a fence or be a heading: the others
 * (nearly all) are passed over without being cut out of the text.
 */
function forEachSectionHeading(markdown: string, visit: (inline: string, lineStart: number) => void): void {
  let fence: string | undefined;
  for (let lineStart = 0; lineStart <= markdown.length; ) {
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    let first = lineStart;
    while (first < lineEnd && first - lineStart < 3 && markdown.charCodeAt(first) === SPACE) first++;
    const code = markdown.charCodeAt(first);
    if (first < lineEnd && (code === BACKTICK || code === TILDE || code === HASH)) {
      const line = markdown.slice(lineStart, lineEnd);
      const fenceMatch = FENCE.exec(line);
      if (fenceMatch) {
        const marker = fenceMatch[1] as string;
        if (fence === undefined) fence = marker[0]!.repeat(3);
        else if (marker.startsWith(fence)) fence = undefined;
      } else if (fence === undefined) {
        const match = ATX_HEADING.exec(line);
        if (match && (match[1] as string).length >= 2) visit(match[2] as string, lineStart);
      }
    }
    lineStart = lineEnd + 1;
  }
}

/** Characters `plainText` removes or rewrites. */
const INLINE_MARKUP = /[`*_~<>[\]!\\]/;
const NON_SPACE = /\S/;

/** Whether `plainText(inline)` is not empty, decided without converting when there is no markup. */
function hasPlainText(inline: string): boolean {
  return INLINE_MARKUP.test(inline) ? plainText(inline).length > 0 : NON_SPACE.test(inline);
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
