import { CORE_SCHEMA, dump } from 'js-yaml';
import { outsideCode } from './markdown.js';
import type { Page } from './page.js';
import type { EventDetails } from './schema.js';
import type { SiteContent } from './site-content.js';
import type { SiteUrls } from './site-urls.js';

/**
 * A content page as one Markdown document for agents: YAML front matter (title, description,
 * url, lang, type, the URL of each translation, published and last-updated days, and for
 * events their start, end and location) and then the page's Markdown with every link
 * absolute. The `.md` twins and get_page's text answer are this document, so an agent reads
 * the same thing however it asks.
 */
export function renderPageDocument(page: Page, site: SiteContent, urls: SiteUrls, options: { body?: string; truncated?: boolean } = {}): string {
  const alternate = page.alternate === undefined ? undefined : site.page(page.alternate);
  const meta: Record<string, unknown> = {
    title: page.title,
    description: page.description,
    url: urls.pageUrl(page.path),
    lang: page.lang,
    type: page.type,
  };
  if (alternate) meta['alternate'] = { [alternate.lang]: urls.pageUrl(alternate.path) };
  if (page.published !== undefined) meta['published'] = page.published;
  const updated = page.updated ?? page.published;
  if (updated !== undefined) meta['updated'] = updated;
  if (page.event !== undefined) Object.assign(meta, eventFields(page.event));
  if (options.truncated) meta['truncated'] = true;
  const body = options.body ?? agentMarkdown(page, urls);
  return `---\n${dump(meta, { schema: CORE_SCHEMA, lineWidth: -1, noRefs: true })}---\n\n${body}\n`;
}

/** When and where an event takes place, as the content file states it. */
function eventFields(event: EventDetails): Record<string, unknown> {
  const location = 'online' in event.location ? 'online' : `${event.location.name}, ${event.location.address}`;
  return { start: event.start, end: event.end, location, ...(event.free === true ? { free: true } : {}) };
}

/**
 * The page's Markdown with every site path in a link made absolute (`/pl/kontakt/` becomes
 * `https://host/pl/kontakt/`, `#cena` the page's own URL with it): an agent quotes links out of
 * context, where a bare path leads nowhere. Code is left exactly as written.
 */
export function agentMarkdown(page: Page, urls: SiteUrls): string {
  return absoluteLinks(page.markdown, urls.pageUrl(page.path), urls.publicBaseUrl);
}

/** Inline link and image destinations, `<…>`-wrapped ones included. */
const INLINE_DESTINATION = /(\]\([ \t]*<?)(\/(?!\/)|#)/g;
/** Link reference definitions: `[label]: /path`. */
const REFERENCE_DESTINATION = /^( {0,3}\[[^\]\n]+\]:[ \t]*<?)(\/(?!\/)|#)/gm;

export function absoluteLinks(markdown: string, pageUrl: string, origin: string): string {
  const resolve = (_match: string, before: string, start: string) => before + (start === '#' ? `${pageUrl}#` : `${origin}/`);
  return outsideCode(markdown, (prose) => prose.replace(INLINE_DESTINATION, resolve).replace(REFERENCE_DESTINATION, resolve));
}
