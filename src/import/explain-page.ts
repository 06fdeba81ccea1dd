import { Deadline } from '../deadline.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import { openSession } from '../net/session.js';
import { TargetRefusal } from '../net/target.js';
import { importFetchSettings, IMPORT_ROBOTS_TOKEN } from './import-settings.js';
import { decidePage, explainDecision, explainLines, siteTitleAffix } from './page-decision.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { createPageReader } from './page-reader.js';
import { pageTitle, type PageFacts } from './read-page.js';
import { decodeHtml } from './decode-html.js';
import { describeFetchFailure, describeRefusal } from './fetch-words.js';
import { howToGetABrowser, PageRenderer, type RenderSettings } from './page-renderer.js';
import { decideRendering } from './render-signals.js';
import { RenderStep, type RenderOutcome } from './render-step.js';
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
  /** Rendering as the import would (docs/import.md); absent: never. */
  readonly render?: RenderSettings;
  /** The language of the explanation (the terminal's). */
  readonly lang: MessageLanguage;
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
  const { lang } = options;
  let target: URL;
  try {
    target = await options.network.checkTarget(options.url);
  } catch (error) {
    if (!(error instanceof TargetRefusal)) throw error;
    return { ok: false, text: `${message(lang, 'cli.explain.refused', { url: options.url, why: describeRefusal(lang, error.reason, error.message) })}\n` };
  }
  const job = new Deadline(undefined, [options.signal]);
  const fetcher = openSession(options.network, { settings: importFetchSettings(options.version, NEIGHBOURS + 1, 2), signal: job.signal });
  const reader = createPageReader();
  const renderMode = options.render?.mode ?? 'never';
  const renderer = options.render === undefined || renderMode === 'never' ? undefined : new PageRenderer(options.render, fetcher, importFetchSettings(options.version, 1, 1).userAgent, target.origin, job.signal, lang);
  try {
    const robots = await readRobots(fetcher, target.origin, lang);
    if ('fatal' in robots) return { ok: false, text: `${robots.fatal}\n` };
    const allowed = (url: URL) => robots.file === undefined || robots.file.isAllowed(url.pathname + url.search, IMPORT_ROBOTS_TOKEN);
    if (!allowed(target)) {
      const skipped = { value: false, because: message(lang, 'cli.explain.robots', { agent: IMPORT_ROBOTS_TOKEN }), evidence: [] };
      return { ok: true, text: `${[target.href, ...explainLines(lang, 'content', message(lang, 'cli.explain.content', { content: 'no' }), skipped)].join('\n')}\n` };
    }
    const fetchHtml = async (url: string) => {
      const outcome = await fetcher.fetch(url, { raw: true });
      if (!outcome.ok) return describeFetchFailure(lang, outcome.failure);
      const { response } = outcome;
      if (response.status !== 200) return message(lang, 'import.reason.run.httpStatus', { status: String(response.status) });
      if (response.mediaType !== '' && response.mediaType !== 'text/html' && response.mediaType !== 'application/xhtml+xml') return message(lang, 'import.reason.run.notHtml', { mediaType: response.mediaType });
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
    const sitemaps = await readSitemaps(fetcher, { start: sitemapUrls, origin: robots.origin, want: SITEMAP_ENTRIES, keep: () => true, beforeRequest: async () => {}, lang });
    const fetched = await read(target.href);
    if (typeof fetched === 'string') return { ok: false, text: `${target.href}\n  ${message(lang, 'cli.explain.notRead', { why: fetched })}\n` };
    // Rendered as the import would render it: the decisions below are taken on what the import reads.
    const rendering = renderer === undefined ? { kind: 'html' as const, decision: decideRendering(fetched.facts.shell, renderMode, lang) } : await new RenderStep(renderer, reader, fetcher, lang, options.includeArchives).apply(fetched.url, fetched.facts);
    const page = rendering.kind === 'rendered' ? { url: fetched.url, facts: { ...rendering.facts, ...(fetched.facts.contentLanguage === undefined ? {} : { contentLanguage: fetched.facts.contentLanguage }) } } : fetched;
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
    const titleAffix = siteTitleAffix([page.facts.title ?? '', ...others], lang);
    const customRules = options.outDir === undefined ? [] : await readCustomRules(options.outDir);
    const decision = decidePage(page.url, page.facts, {
      titleAffix,
      customRules,
      includeArchives: options.includeArchives,
      hasEventDetails: (facts) => eventDetails(facts.jsonLd) !== undefined,
      sitemapLanguage: sitemapLanguages(sitemaps.entries),
      lang,
    });
    const site = explainLines(lang, 'siteName', titleAffix.value?.name, { ...titleAffix, because: message(lang, 'cli.explain.neighbours', { because: titleAffix.because, others: others.length }) });
    return { ok: true, text: `${explainDecision(decision, lang)}${site.join('\n')}\n${explainRendering(lang, rendering, page.facts).join('\n')}\n` };
  } finally {
    await renderer?.close();
    job.dispose();
    await Promise.all([fetcher.close(), reader.close()]);
  }
}

/** Whether the page was rendered before it was read, why, and on what evidence. */
function explainRendering(lang: MessageLanguage, outcome: RenderOutcome, facts: PageFacts): string[] {
  const answer = message(lang, 'cli.explain.rendered', { outcome: outcome.kind === 'needs-browser' ? 'needsBrowser' : outcome.kind });
  const lines = explainLines(lang, 'rendered', answer, outcome.decision);
  if (outcome.kind === 'rendered' && facts.rendered !== undefined) lines.push(`    - ${message(lang, 'import.render.evidence', { source: 'rendered' })}: ${facts.rendered.renderedWords}`);
  if (outcome.kind === 'needs-browser') lines.push(`    ${outcome.missing}: ${howToGetABrowser(lang)}`);
  if (outcome.kind === 'failed') lines.push(`    ${message(lang, 'cli.explain.browser', { reason: outcome.reason })}`);
  return lines;
}
