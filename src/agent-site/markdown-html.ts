import MarkdownIt from 'markdown-it';
import { noBreakPrices } from '../content/price-text.js';
import { plainText } from '../content/sections.js';

/**
 * The one place that turns page Markdown into HTML. markdown-it follows CommonMark (plus GFM
 * tables and strikethrough) and, with `html: false`, escapes any raw HTML left in a page instead
 * of passing it through: page text can never open or close an element of the page around it.
 * Its link check drops javascript:, vbscript:, file: and data: (except images) URLs.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

export interface PageBodyHtml {
  readonly html: string;
  /** Whether the Markdown has its own level-1 heading (most pages start with one). */
  readonly hasTitleHeading: boolean;
}

/** A page's section headings with their stable ids (`Page.headings`, `Page.headingIds`). */
export interface SectionIds {
  readonly headings: readonly string[];
  readonly ids: readonly string[];
}

export function markdownToHtml(source: string, sections?: SectionIds): PageBodyHtml {
  const env = {};
  const tokens = markdown.parse(source, env);
  const hasTitleHeading = tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1');
  if (sections) assignHeadingIds(tokens, sections);
  keepPricesTogether(tokens);
  return { html: markdown.renderer.render(tokens, markdown.options, env), hasTitleHeading };
}

/**
 * Holds every price in the text together ("od 3 900 zł netto / mies." with no-break spaces), so
 * that a phone never shows "od 3" on one line and "900 zł" on the next, in paragraphs, lists
 * and table cells alike. Only text is changed; code spans and blocks keep their spaces.
 */
function keepPricesTogether(tokens: ReturnType<typeof markdown.parse>): void {
  for (const token of tokens) {
    if (token.type !== 'inline') continue;
    for (const child of token.children ?? []) if (child.type === 'text') child.content = noBreakPrices(child.content);
  }
}

/**
 * Gives each section heading (h2-h6) its id from the content model, so that the deep links of
 * search results (`url#id`) land on it. Headings are matched in order by their plain text, the
 * way the content model read them; a heading it did not read (a setext one) gets no id.
 */
function assignHeadingIds(tokens: ReturnType<typeof markdown.parse>, { headings, ids }: SectionIds): void {
  let next = 0;
  for (let index = 0; index < tokens.length && next < headings.length; index++) {
    const token = tokens[index]!;
    if (token.type !== 'heading_open' || token.tag === 'h1' || token.markup[0] !== '#') continue;
    if (plainText(tokens[index + 1]?.content ?? '') !== headings[next]) continue;
    token.attrSet('id', ids[next]!);
    next++;
  }
}
