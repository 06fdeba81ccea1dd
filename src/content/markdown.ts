/**
 * Markdown helpers for content we serve: strip what must never reach a client, and read the
 * section headings that search matches.
 */

/** Raw HTML elements that have no place in clean page text, with everything inside them. */
const UNSAFE_BLOCK = /<(script|style|form|iframe|noscript|template|nav|object|embed)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Opening or self-closing tags of the same elements left without a closing tag. */
const UNSAFE_TAG = /<\/?(script|style|form|iframe|noscript|template|nav|object|embed|input|button|select|textarea)\b[^>]*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;

export function cleanMarkdown(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(HTML_COMMENT, '')
    .replace(UNSAFE_BLOCK, '')
    .replace(UNSAFE_TAG, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** ATX headings of levels 2-6 (level 1 is the page title), outside fenced code blocks. */
export function sectionHeadings(markdown: string): string[] {
  return splitSections(markdown).headings;
}

/**
 * The text of each section, aligned with `sectionHeadings`: index 0 is what precedes the first
 * section heading (the level-1 title and the introduction), index i + 1 the heading i line and
 * everything up to the next section heading. Search reads it to say which section's text matched.
 */
export function sectionTexts(markdown: string): string[] {
  return splitSections(markdown).texts;
}

function splitSections(markdown: string): { headings: string[]; texts: string[] } {
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
      current.push(line);
      continue;
    }
    if (fence === undefined) {
      const match = ATX_HEADING.exec(line);
      if (match && (match[1] as string).length >= 2) {
        const text = plainText(match[2] as string);
        if (text.length > 0) {
          headings.push(text);
          texts.push(current.join('\n'));
          current = [];
        }
      }
    }
    current.push(line);
  }
  texts.push(current.join('\n'));
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

/** Inline Markdown to plain text: links keep their text, emphasis and code marks go. */
export function plainText(inline: string): string {
  return inline
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
