import MarkdownIt from 'markdown-it';
import { noBreakPrices } from '../content/price-text.js';
import type { Lang } from '../content/schema.js';
import { plainText } from '../content/sections.js';
import { bindSingleLetterWords, bindsSingleLetterWords, endsInSingleLetterWord, NO_BREAK_SPACE } from '../text/typography.js';

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

/** The page's Markdown as HTML; `lang` selects the language's typography (Polish: see typography.ts). */
export function markdownToHtml(source: string, sections?: SectionIds, lang?: Lang): PageBodyHtml {
  const env = {};
  const tokens = markdown.parse(source, env);
  const hasTitleHeading = tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1');
  if (sections) assignHeadingIds(tokens, sections);
  keepPricesTogether(tokens);
  if (bindsSingleLetterWords(lang)) bindTextTokens(tokens);
  focusableTables(tokens);
  return { html: markdown.renderer.render(tokens, markdown.options, env), hasTitleHeading };
}

/**
 * A table wider than a phone scrolls sideways inside itself (the stylesheet's `overflow-x:auto`,
 * since prices and names in its cells do not break); a keyboard user must be able to reach it
 * to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), so every table is a tab stop.
 */
function focusableTables(tokens: ReturnType<typeof markdown.parse>): void {
  for (const token of tokens) if (token.type === 'table_open') token.attrSet('tabindex', '0');
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

type Token = ReturnType<typeof markdown.parse>[number];

/**
 * Applies the typography to the text tokens of every inline run (paragraphs, headings, list
 * items, table cells, link and emphasis text), never to code spans, fences or link targets.
 * A one-letter word at the end of one text token is bound to what follows: a soft line break
 * becomes a no-break space, and a space before an element (`w **Krakowie**`) is replaced.
 */
function bindTextTokens(tokens: readonly Token[]): void {
  for (const block of tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    children.forEach((token, index) => {
      if (token.type !== 'text') return;
      token.content = bindSingleLetterWords(token.content);
      const next = children[index + 1];
      if (next?.type === 'softbreak' && endsInSingleLetterWord(token.content)) {
        next.type = 'text';
        next.content = NO_BREAK_SPACE;
      }
    });
  }
}
