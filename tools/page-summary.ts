import type { Page } from '../src/content/page.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import type { PageSummary } from './schemas.js';

export function toPageSummary(page: Page, urls: SiteUrls, matchingSections?: readonly string[]): PageSummary {
  const summary: PageSummary = {
    title: page.title,
    url: urls.pageUrl(page.path),
    markdownUrl: urls.markdownUrl(page.path),
    description: page.description,
    type: page.type,
    lang: page.lang,
  };
  if (matchingSections !== undefined) summary.matchingSections = [...matchingSections];
  return summary;
}
