import { CORE_SCHEMA, dump } from 'js-yaml';
import type { Page } from '../content/page.js';
import type { SiteContent } from '../content/site-content.js';
import type { SiteUrls } from '../content/site-urls.js';

/**
 * A content page as Markdown for agents: YAML front matter (title, description, url, lang,
 * type, the URL of each translation, published and last-updated days) and then the page's clean
 * Markdown, exactly as get_page returns it. Links inside stay site paths, which resolve against
 * the document's own URL.
 */
export function renderPageMarkdown(page: Page, site: SiteContent, urls: SiteUrls): string {
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
  return `---\n${dump(meta, { schema: CORE_SCHEMA, lineWidth: -1, noRefs: true })}---\n\n${page.markdown}\n`;
}
