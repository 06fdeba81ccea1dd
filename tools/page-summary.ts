import type { Page } from '../src/content/page.js';
import type { SiteUrls } from '../src/content/site-urls.js';
import type { MatchingSection } from '../src/search/search-index.js';
import type { PageSummary } from './schemas.js';

/** A page as listed; search results also name the sections that matched, with deep links. */
export function toPageSummary(page: Page, urls: SiteUrls, matchingSections?: readonly MatchingSection[]): PageSummary {
  const summary: PageSummary = {
    title: page.title,
    url: urls.pageUrl(page.path),
    markdownUrl: urls.markdownUrl(page.path),
    description: page.description,
    type: page.type,
    lang: page.lang,
  };
  if (matchingSections !== undefined) {
    summary.matchingSections = matchingSections.map(({ heading }) => heading);
    summary.matchingSectionLinks = matchingSections.map(({ heading, id }) => ({ heading, url: `${summary.url}#${id}` }));
  }
  return summary;
}
