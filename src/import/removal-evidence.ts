import { message, type MessageKey, type MessageLanguage, type MessageValues } from '../messages/catalog.js';
import type { ImportState } from './import-state.js';
import type { SitemapDiscovery } from './sitemaps.js';

/**
 * When a sync may remove a page (docs/import.md, "What a sync keeps, removes and reports").
 *
 * A page is removed only on evidence that it is gone: a 404 or 410 for its URL, a permanent
 * redirect to another page of the site, the person's own `--include` / `--exclude` or robots.txt
 * now leaving it out, or its absence from a sitemap that was read whole and lists at least half
 * as many pages as the last sitemap that was (`TRUSTED_SITEMAP_SHARE`); a sitemap whose
 * reading stopped early (enough pages for `--max-pages`, a discovery limit) is not read whole. Any
 * page of the last run
 * that this run did not reach is re-checked with a conditional request; a page that cannot be
 * confirmed either way keeps its last good version.
 */

/** A sitemap listing fewer than this share of the last good sitemap's pages is not evidence that the others are gone. */
export const TRUSTED_SITEMAP_SHARE = 0.5;
/** A run that reaches fewer than this share of the last run's pages says its discovery was weaker. */
export const WEAKER_RUN_SHARE = 0.5;

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
export function judgeDiscovery(sitemaps: SitemapDiscovery, previous: ImportState | undefined, discoverOption: boolean, lang: MessageLanguage = 'en'): DiscoveryVerdict {
  const say = (key: MessageKey, values?: MessageValues) => message(lang, key, values);
  const discover = discoverOption ? 'yes' : 'no';
  const listed = sitemaps.entries.length;
  const lastSitemap = previous === undefined ? undefined : (previous.discovery?.sitemapPages ?? Object.values(previous.pages).filter((record) => record.found !== 'links').length);
  const hadSitemap = lastSitemap !== undefined && lastSitemap > 0;
  const followLinks = discoverOption || listed === 0;
  const problems = sitemaps.sitemaps.filter((file) => file.status !== 'read' && file.status !== 'empty');
  const firstProblem = problems[0];
  const problem = firstProblem === undefined ? say('import.found.noProblem') : `${firstProblem.url}: ${firstProblem.reason ?? firstProblem.status}`;
  const unchecked = (why: string) => say('import.found.unchecked', { why, pages: lastSitemap ?? 0 });
  const verdict = (description: string, weaker: string | undefined): DiscoveryVerdict => ({ description, sitemapTrusted: false, ...(weaker === undefined ? {} : { weaker }), sitemapPages: lastSitemap, followLinks });

  if (listed === 0) {
    const none = problems.length > 0 && problems.every((file) => file.httpStatus === 404);
    const why = say('import.found.why', { why: none && !hadSitemap ? 'none' : problems.length > 0 ? 'unread' : 'empty', problem });
    return verdict(say('import.found.links', { why }), hadSitemap ? unchecked(why) : undefined);
  }
  if (!sitemaps.complete) {
    // Reading stopped once enough pages were known for --max-pages: a page not listed may only be further on.
    if (sitemaps.stopped === 'enough') return verdict(say('import.found.enough', { listed, discover }), undefined);
    const why = say('import.found.partial', { listed, problem });
    return verdict(say('import.found.alsoLinks', { why, discover }), hadSitemap ? unchecked(why) : undefined);
  }
  if (lastSitemap !== undefined && listed < lastSitemap * TRUSTED_SITEMAP_SHARE) {
    const why = say('import.found.fewer', { listed, last: lastSitemap });
    return verdict(say('import.found.alsoLinks', { why, discover }), say('import.found.fewerRechecked', { why }));
  }
  return { description: say('import.found.read', { listed, discover }), sitemapTrusted: true, sitemapPages: listed, followLinks };
}

/** The weaker-discovery note when this run reached far fewer pages than the last one had. */
export function fewerPagesNote(reached: number, previous: ImportState | undefined, lang: MessageLanguage = 'en'): string | undefined {
  const before = previous === undefined ? 0 : Object.keys(previous.pages).length;
  return before > 0 && reached < before * WEAKER_RUN_SHARE ? message(lang, 'import.found.fewerPages', { reached, before }) : undefined;
}
