import MarkdownIt from 'markdown-it';

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

export function markdownToHtml(source: string): PageBodyHtml {
  const env = {};
  const tokens = markdown.parse(source, env);
  const hasTitleHeading = tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1');
  return { html: markdown.renderer.render(tokens, markdown.options, env), hasTitleHeading };
}
