import { languageVersions } from '../content/alternates.js';
import type { SiteContent } from '../content/site-content.js';
import type { SiteUrls } from '../content/site-urls.js';
import { escapeXml } from './xml.js';

/**
 * `/sitemap.xml` (sitemaps.org 0.9): every page, its last modification (`updated`, else
 * `published`) and its language versions as `xhtml:link` alternates, itself included and an
 * `x-default` pointing at the site's default language, as Google documents for hreflang in
 * sitemaps. No priority or changefreq: search engines ignore them.
 */
export function renderSitemap(site: SiteContent, urls: SiteUrls): string {
  const entries = site.pages.map((page) => {
    const lines = [`    <loc>${escapeXml(urls.pageUrl(page.path))}</loc>`];
    const modified = page.updated ?? page.published;
    if (modified !== undefined) lines.push(`    <lastmod>${modified}</lastmod>`);
    const versions = languageVersions(page, site);
    if (versions.length > 1) {
      for (const version of [...versions].sort((a, b) => (a.lang < b.lang ? -1 : 1))) {
        lines.push(alternate(version.lang, urls.pageUrl(version.path)));
      }
      const fallback = versions.find((version) => version.lang === site.info.defaultLanguage);
      if (fallback) lines.push(alternate('x-default', urls.pageUrl(fallback.path)));
    }
    return `  <url>\n${lines.join('\n')}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

function alternate(hreflang: string, href: string): string {
  return `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`;
}
