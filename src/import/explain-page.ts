import { Deadline } from '../deadline.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import { openSession } from '../net/session.js';
import { TargetRefusal } from '../net/target.js';
import { importFetchSettings, IMPORT_ROBOTS_TOKEN } from './import-settings.js';
import { decidePage, explainDecision, siteTitleAffix } from './page-decision.js';
import { createPageReader } from './page-reader.js';
import { pageTitle, type PageFacts } from './read-page.js';
import { decodeHtml } from './decode-html.js';
import { describeFetchFailure } from './fetch-words.js';
import { readSitemaps, sitemapLanguages } from './sitemaps.js';
import { eventDetails, readCustomRules, readRobots } from './run-import.js';

export interface ExplainOptions {
  readonly url: string;
  readonly version: string;
  readonly network: NetworkPolicy;
  /** The content directory, when there is one: its site file's `import.pageTypes` rules count. */
  readonly outDir?: string;
  readonly includeArchives: boolean;
  readonly signal?: AbortSignal;
}

/** Pages read besides the one explained, to find the site name their titles share. */
const NEIGHBOURS = 5;
/** Sitemap entries read at most, for the hreflang they state. */
const SITEMAP_ENTRIES = 5000;

/**
 * `import --explain <url>`: reads one page as the importer would (robots.txt, the sitemaps' hreflang,
 * the same fetcher and reader), and a few of its neighbours (the home page, pages it links) for what the site's
 * titles share, and returns each decision with its evidence. Writes nothing.
 */
export async function explainPage(options: ExplainOptions): Promise<{ ok: boolean; text: string }> {
  let target: URL;
  try {
    target = await options.network.checkTarget(options.url);
  } catch (error) {
    if (!(error instanceof TargetRefusal)) throw error;
    return { ok: false, text: `${options.url} cannot be read: ${error.message}\n` };
  }
  const job = new Deadline(undefined, [options.signal]);
  const fetcher = openSession(options.network, { settings: importFetchSettings(options.version, NEIGHBOURS + 1, 2), signal: job.signal });
  const reader = createPageReader();
  try {
    const robots = await readRobots(fetcher, target.origin);
    if ('fatal' in robots) return { ok: false, text: `${robots.fatal}\n` };
    const allowed = (url: URL) => robots.file === undefined || robots.file.isAllowed(url.pathname + url.search, IMPORT_ROBOTS_TOKEN);
    if (!allowed(target)) return { ok: true, text: `${target.href}\n  content: no, skipped\n    because robots.txt does not allow ${IMPORT_ROBOTS_TOKEN} to read it\n` };
    const fetchHtml = async (url: string) => {
      const outcome = await fetcher.fetch(url, { raw: true });
      if (!outcome.ok) return describeFetchFailure(outcome.failure);
      const { response } = outcome;
      if (response.status !== 200) return `HTTP ${response.status}`;
      if (response.mediaType !== '' && response.mediaType !== 'text/html' && response.mediaType !== 'application/xhtml+xml') return `not an HTML page (${response.mediaType})`;
      return response;
    };
    const read = async (url: string): Promise<{ url: string; facts: PageFacts } | string> => {
      const response = await fetchHtml(url);
      if (typeof response === 'string') return response;
      let facts = await reader.read(response.bytes ?? new Uint8Array(), response.headers['content-type'], response.finalUrl);
      const contentLanguage = response.headers['content-language']?.trim();
      if (contentLanguage) facts = { ...facts, contentLanguage };
      return { url: response.finalUrl, facts };
    };
    // The sitemaps' hreflang is one of the language declarations (a few thousand entries are enough to find this page's).
    const sitemapUrls = robots.file?.sitemapUrls().length ? robots.file.sitemapUrls() : [`${robots.origin}/sitemap.xml`];
    const sitemaps = await readSitemaps(fetcher, { start: sitemapUrls, origin: robots.origin, want: SITEMAP_ENTRIES, keep: () => true, beforeRequest: async () => {} });
    const page = await read(target.href);
    if (typeof page === 'string') return { ok: false, text: `${target.href}\n  cannot be read: ${page}\n` };
    const neighbours = [`${target.origin}/`, ...page.facts.links]
      .filter((url) => url !== page.url && allowed(new URL(url)))
      .filter((url, index, all) => all.indexOf(url) === index)
      .slice(0, NEIGHBOURS);
    // Of the neighbours only the titles count: their heads are read, not their content.
    const titles = await Promise.all(
      neighbours.map(async (url) => {
        const response = await fetchHtml(url);
        return typeof response === 'string' ? undefined : pageTitle(decodeHtml(response.bytes ?? new Uint8Array(), response.headers['content-type']).text);
      }),
    );
    const others = titles.filter((title): title is string => title !== undefined);
    const titleAffix = siteTitleAffix([page.facts.title ?? '', ...others]);
    const customRules = options.outDir === undefined ? [] : await readCustomRules(options.outDir);
    const decision = decidePage(page.url, page.facts, {
      titleAffix,
      customRules,
      includeArchives: options.includeArchives,
      hasEventDetails: (facts) => eventDetails(facts.jsonLd) !== undefined,
      sitemapLanguage: sitemapLanguages(sitemaps.entries),
    });
    const site = [
      `  site name in titles: ${titleAffix.value === undefined ? '(none)' : titleAffix.value.name}`,
      `    because ${titleAffix.because} (this page and ${others.length} other page(s) read)`,
      ...titleAffix.evidence.map((evidence) => `    - ${evidence.source}: ${evidence.value}`),
    ];
    return { ok: true, text: `${explainDecision(decision)}${site.join('\n')}\n` };
  } finally {
    job.dispose();
    await Promise.all([fetcher.close(), reader.close()]);
  }
}
