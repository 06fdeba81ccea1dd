import { NodeHtmlMarkdown, PostProcessResult, type TranslatorConfigObject } from 'node-html-markdown';
import { parse, type HTMLElement } from 'node-html-parser';

/** Elements that are site chrome or interaction, never page content. */
const CHROME = 'nav, header, footer, aside, script, style, noscript, form, iframe, template, object, embed, svg, button, dialog';

/**
 * What must be escaped at the start of a line so it is not read as a list, heading or quote.
 * The library's own pattern leaves the numbered-list case unanchored, so every "89. " inside a
 * sentence (a phone number, a year) came out as "89\.": tokens an agent pays for and a quote
 * that no longer matches the page.
 */
const LINE_START_ESCAPE: readonly [RegExp, string] = [/^([ \t]*)(?:(\+\s|[=>-]|#{1,6}\s)|(\d+)(\.\s))/gm, '$1$3\\$2$4'];

/**
 * Tables without the padding the library adds to line columns up: spaces cost an agent tokens
 * (a fifth of a privacy policy) and carry nothing, as Markdown tables need no alignment.
 */
const COMPACT_TABLES: TranslatorConfigObject = {
  table: ({ visitor }) => ({
    surroundingNewlines: 2,
    childTranslators: visitor.instance.tableTranslators,
    postprocess: ({ content, nodeMetadata, node }) => {
      const rows = content
        .split('\n')
        .filter((row) => row.trim().length > 0)
        .map((row) => row.replace(/^\|?(.+?)\s*\|\s*$/, '$1').split(' |').map((cell) => cell.trim()));
      if (rows.length === 0) return PostProcessResult.RemoveNode;
      const columns = Math.max(...rows.map((cells) => cells.length));
      const line = (cells: readonly string[]) => `| ${Array.from({ length: columns }, (_, index) => cells[index] ?? '').join(' | ')} |`;
      const caption = nodeMetadata.get(node)?.tableMeta?.caption;
      const lines = rows.map(line);
      lines.splice(1, 0, line(Array.from({ length: columns }, () => '---')));
      return [caption, ...lines].filter((text) => text !== undefined && text !== '').join('\n');
    },
  }),
};

export interface HtmlPageParts {
  /** Metadata read from the head, in front-matter shape (validated by the caller). */
  readonly meta: Record<string, unknown>;
  readonly markdown: string;
}

export type HtmlPageReader = (html: string) => HtmlPageParts;

/** A reader for the HTML pages of one site, with one converter for all of them. */
export function createHtmlPageReader(siteOrigins: readonly string[]): HtmlPageReader {
  const converter = new NodeHtmlMarkdown(
    { bulletMarker: '-', codeBlockStyle: 'fenced', useLinkReferenceDefinitions: false, lineStartEscape: LINE_START_ESCAPE },
    COMPACT_TABLES,
  );
  return (html) => readHtmlPage(html, siteOrigins, converter);
}

/**
 * Reads an HTML page exported from a CMS: its metadata from the head (title, description,
 * lang, canonical, hreflang alternate, page type, dates) and its content as Markdown, after
 * dropping navigation, header, footer, scripts, styles and forms. `siteOrigins` are the origins
 * whose absolute links count as this site's paths.
 */
function readHtmlPage(html: string, siteOrigins: readonly string[], converter: NodeHtmlMarkdown): HtmlPageParts {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, pre: true, noscript: true } });
  const head = root.querySelector('head');
  const meta: Record<string, unknown> = {};

  const title = head?.querySelector('title')?.text.trim();
  if (title) meta.title = decodeText(title);
  const description = metaContent(head, 'meta[name="description"]');
  if (description) meta.description = description;
  const type = metaContent(head, 'meta[name="page-type"]');
  if (type) meta.type = type;
  const lang = root.querySelector('html')?.getAttribute('lang')?.trim().toLowerCase().slice(0, 2);
  if (lang) meta.lang = lang;
  const canonical = head?.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (canonical) meta.path = toSitePath(canonical, siteOrigins);
  for (const link of head?.querySelectorAll('link[rel="alternate"][hreflang]') ?? []) {
    const hreflang = link.getAttribute('hreflang')?.toLowerCase();
    const href = link.getAttribute('href');
    if (href && hreflang && hreflang !== 'x-default' && hreflang.slice(0, 2) !== lang) {
      meta.alternate = toSitePath(href, siteOrigins);
    }
  }
  const published = metaContent(head, 'meta[property="article:published_time"]');
  if (published) meta.published = published.slice(0, 10);
  const updated = metaContent(head, 'meta[property="article:modified_time"]');
  if (updated) meta.updated = updated.slice(0, 10);

  const content = root.querySelector('main') ?? root.querySelector('body') ?? root;
  for (const element of content.querySelectorAll(CHROME)) element.remove();
  return { meta, markdown: converter.translate(content.innerHTML) };
}

function metaContent(head: HTMLElement | null | undefined, selector: string): string | undefined {
  const value = head?.querySelector(selector)?.getAttribute('content')?.trim();
  return value ? value : undefined;
}

/** A canonical or alternate href as a site path; foreign URLs are kept whole so validation names them. */
function toSitePath(href: string, siteOrigins: readonly string[]): string {
  if (href.startsWith('/')) return href;
  try {
    const url = new URL(href);
    return siteOrigins.includes(url.origin) ? url.pathname : href;
  } catch {
    return href;
  }
}

function decodeText(text: string): string {
  return parse(`<p>${text}</p>`).text;
}
