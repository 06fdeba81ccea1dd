import type { ImportState } from './import-state.js';
import type { SitemapEntry, SitemapProblem } from './sitemaps.js';

/**
 * When a sync may remove a page (docs/import.md, "What a sync keeps, removes and reports").
 *
 * A page is removed only on evidence that it is gone: a 404 or 410 for its URL, a permanent
 * redirect to another page of the site, the person's own `--include` / `--exclude` or robots.txt
 * now leaving it out, or its absence from a sitemap that was read whole and lists at least half
 * as many pages as the last sitemap that was (`TRUSTED_SITEMAP_SHARE`) and fewer than
 * `--max-pages` (reading may stop there). Any page of the last run
 * that this run did not reach is re-checked with a conditional request; a page that cannot be
 * confirmed either way keeps its last good version.
 */

/** A sitemap listing fewer than this share of the last good sitemap's pages is not evidence that the others are gone. */
export const TRUSTED_SITEMAP_SHARE = 0.5;
/** A run that reaches fewer than this share of the last run's pages says its discovery was weaker. */
export const WEAKER_RUN_SHARE = 0.5;

export interface SitemapReading {
  readonly entries: readonly SitemapEntry[];
  readonly problems: readonly SitemapProblem[];
  readonly found: boolean;
}

export interface DiscoveryVerdict {
  /** How pages were found this time, and why (for the summary and health). */
  readonly description: string;
  /** True when absence from the sitemap is evidence that a page is gone. */
  readonly sitemapTrusted: boolean;
  /** Set when this run's discovery is weaker than the last one's: why. */
  readonly weaker?: string;
  /** The page count of the last sitemap that was trusted (this one's when it is). */
  readonly sitemapPages: number | undefined;
  /** Whether links are followed from the pages read. */
  readonly followLinks: boolean;
}

/** What this run's sitemaps say, compared with the last run's. */
export function judgeDiscovery(sitemaps: SitemapReading, previous: ImportState | undefined, discoverOption: boolean, maxPages: number): DiscoveryVerdict {
  const listed = sitemaps.entries.length;
  const lastSitemap = previous === undefined ? undefined : (previous.discovery?.sitemapPages ?? Object.values(previous.pages).filter((record) => record.found !== 'links').length);
  const followLinks = discoverOption || listed === 0;
  const alsoLinks = discoverOption ? '; links were followed too (--discover)' : '';
  const firstProblem = sitemaps.problems[0];
  const problem = firstProblem === undefined ? '' : `${firstProblem.url}: ${firstProblem.reason}`;
  const weakerThanLast = (now: string) => (lastSitemap !== undefined && lastSitemap > 0 ? `${now}; the last good sitemap listed ${lastSitemap} pages: pages not reached were re-checked, none removed without a 404 or 410` : undefined);

  if (listed === 0) {
    const why = !sitemaps.found
      ? firstProblem !== undefined && /^HTTP 404$/.test(firstProblem.reason) && !(lastSitemap !== undefined && lastSitemap > 0)
        ? `no sitemap (${firstProblem.url} answered HTTP 404)`
        : `the sitemap could not be read (${problem || 'none found'})`
      : 'the sitemap lists no pages of this site';
    const weaker = weakerThanLast(why);
    return { description: `${why}: links were followed from the start page`, sitemapTrusted: false, ...(weaker === undefined ? {} : { weaker }), sitemapPages: lastSitemap, followLinks };
  }
  if (sitemaps.problems.length > 0) {
    const why = `the sitemap was read in part (${listed} pages listed; ${problem})`;
    const weaker = weakerThanLast(why);
    return { description: `${why}${alsoLinks}`, sitemapTrusted: false, ...(weaker === undefined ? {} : { weaker }), sitemapPages: lastSitemap, followLinks };
  }
  if (lastSitemap !== undefined && listed < lastSitemap * TRUSTED_SITEMAP_SHARE) {
    const why = `the sitemap lists ${listed} pages, fewer than half of the ${lastSitemap} it listed last time`;
    return { description: `${why}${alsoLinks}`, sitemapTrusted: false, weaker: `${why}: pages not listed were re-checked, none removed without a 404 or 410`, sitemapPages: lastSitemap, followLinks };
  }
  if (listed >= maxPages) {
    // Reading may stop at --max-pages: a page not listed may only be further on.
    return { description: `sitemap read: ${listed} pages listed, as many as --max-pages allows${alsoLinks}`, sitemapTrusted: false, sitemapPages: lastSitemap, followLinks };
  }
  return { description: `sitemap read: ${listed} pages listed${alsoLinks}`, sitemapTrusted: true, sitemapPages: listed, followLinks };
}

/** The weaker-discovery note when this run reached far fewer pages than the last one had. */
export function fewerPagesNote(reached: number, previous: ImportState | undefined): string | undefined {
  const before = previous === undefined ? 0 : Object.keys(previous.pages).length;
  return before > 0 && reached < before * WEAKER_RUN_SHARE ? `this run reached ${reached} of the ${before} pages of the last one: the others were re-checked, none removed without evidence` : undefined;
}
