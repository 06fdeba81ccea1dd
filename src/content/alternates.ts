import type { Page } from './page.js';
import type { Lang } from './schema.js';
import type { SiteContent } from './site-content.js';

/**
 * A page's language versions: the page itself and every page in another language that names
 * it as `alternate` or that it names, so the relation is symmetric even when only one side
 * declares it (hreflang needs both directions). One page per language, the page's own
 * language first, then in the site's language order.
 */
export function languageVersions(page: Page, site: SiteContent): Page[] {
  const byLang = new Map<Lang, Page>([[page.lang, page]]);
  const declared = page.alternate === undefined ? undefined : site.page(page.alternate);
  const candidates = [...(declared ? [declared] : []), ...site.pages.filter((other) => other.alternate === page.path)];
  for (const candidate of candidates) {
    if (candidate.lang !== page.lang && !byLang.has(candidate.lang)) byLang.set(candidate.lang, candidate);
  }
  const order = [page.lang, ...site.languages.filter((lang) => lang !== page.lang)];
  return order.flatMap((lang) => {
    const version = byLang.get(lang);
    return version ? [version] : [];
  });
}
