import { Deadline } from '../deadline.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import pLimit from 'p-limit';
import { splitFrontMatter } from '../content/front-matter.js';
import { parseYaml } from '../content/parse-yaml.js';
import { LANGS, siteFileSchema, type Lang, type PageType } from '../content/schema.js';
import type { Fetcher } from '../net/fetcher.js';
import type { NetworkPolicy } from '../net/network-policy.js';
import { parseRobots, type RobotsFile } from '../net/page/robots.js';
import { openSession } from '../net/session.js';
import { TargetRefusal } from '../net/target.js';
import { describeFetchFailure, describeRefusal } from './fetch-words.js';
import { readState, STATE_DIR, writeState, type ImportState, type PageRecord } from './import-state.js';
import { importFetchSettings, IMPORT_ROBOTS_TOKEN } from './import-settings.js';
import { objects, text, typesOf, type JsonLdNode } from './json-ld-nodes.js';
import { writeSummaryFile } from './import-summary.js';
import { looksLikePage, pageFile, PAGES_DIR } from './page-file.js';
import { fewerPagesNote, judgeDiscovery } from './removal-evidence.js';
import { contentPathFor } from './page-path.js';
import { matchRule, servedCity, type PageTypeRule } from './page-type.js';
import { RequestSpacer } from './politeness.js';
import { createPageReader, type PageReader } from './page-reader.js';
import { isoDay } from './iso-day.js';
import type { PageFacts } from './read-page.js';
import { howToGetABrowser, PageRenderer, type RenderSettings, type ScriptRecord } from './page-renderer.js';
import { RenderStep } from './render-step.js';
import { draftSiteFile, type ImportedPage, type SiteNameSignals } from './site-facts.js';
import { decidePages, siteTitleAffix, type PageDecision } from './page-decision.js';
import { writeSiteFile } from './site-file.js';
import type { ImportDiscovery, ImportProgress, ImportReport, PageProblem } from './import-report.js';
import { sameSite } from './same-site.js';
import { readSitemaps, sitemapLanguages, type SitemapEntry } from './sitemaps.js';

export interface ImportOptions {
  readonly startUrl: string;
  readonly outDir: string;
  readonly version: string;
  readonly network: NetworkPolicy;
  readonly maxPages: number;
  /** Path patterns (`*` one segment, `**` any): only matching pages are imported when given. */
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** Follow links from the start URL even when there is a sitemap. */
  readonly discover: boolean;
  /** Import archives, paginated lists, search results, feeds and attachment pages too (left out by default). */
  readonly includeArchives?: boolean;
  readonly concurrency: number;
  /** Least time between two request starts; a longer Crawl-delay wins. 0 turns politeness off. */
  readonly delayMs: number;
  readonly signal?: AbortSignal;
  /** The most time the whole import may take; when it is reached the import ends with what it has read (`deadlineReached`). 0 or absent: no limit. */
  readonly deadlineMs?: number;
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Rendering pages whose content scripts write (docs/import.md): absent, none is rendered (`--render never`). */
  readonly render?: RenderSettings;
  /** The language of every reason in the report and of the summary file: the terminal's for the CLI, English for `serve --source` (its reasons go to the log). */
  readonly lang: MessageLanguage;
}

export type { ImportDiscovery, ImportProgress, ImportReport, PageProblem } from './import-report.js';

/** A page read in this run (fetched, or unchanged since the last one). */
interface ReadResult {
  readonly url: string;
  readonly facts: PageFacts;
  readonly record: Omit<PageRecord, 'path' | 'file' | 'facts'>;
  /** Reached through redirects that were all permanent (301, 308). */
  readonly movedPermanently?: boolean;
}

const SITE_FILE_HEADER = '# Written by `site-content-mcp import` from what the site states. Edit freely: re-runs keep\n# every field you change. Format: docs/content-format.md.\n';

/**
 * Imports a live website into a content directory: finds its pages (sitemaps, else links),
 * reads each within robots.txt and politeness limits, writes Markdown pages and a site file,
 * and on re-runs fetches only what changed and removes what disappeared. Never throws for
 * anything the site does: a page that fails is reported and the rest go on.
 */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const { lang } = options;
  const report = new ReportBuilder(started, lang, options.onProgress);
  let start: URL;
  try {
    start = await options.network.checkTarget(options.startUrl);
  } catch (error) {
    if (!(error instanceof TargetRefusal)) throw error;
    return report.fatal(message(lang, 'import.reason.run.refused', { url: options.startUrl, why: describeRefusal(lang, error.reason, error.message) }));
  }
  // The caller's signal and the import's deadline, linked strongly (AbortSignal.any can be garbage-collected on Node 20).
  const job = new Deadline(options.deadlineMs ? options.deadlineMs : undefined, [options.signal]);
  const fetcher = openSession(options.network, { settings: importFetchSettings(options.version, options.maxPages, options.concurrency), signal: job.signal });
  const reader = createPageReader();
  const settings = importFetchSettings(options.version, options.maxPages, options.concurrency);
  const renderer = options.render === undefined || options.render.mode === 'never' ? undefined : new PageRenderer(options.render, fetcher, settings.userAgent, start.origin, job.signal, lang);
  report.renderingWith(renderer);
  try {
    const done = await importWith({ fetcher, reader, job, render: renderer === undefined ? undefined : new RenderStep(renderer, reader, fetcher, lang, options.includeArchives ?? false) }, start, options, report);
    if (done.fatal === undefined) await writeSummaryFile(done, options.outDir, lang);
    return done;
  } finally {
    job.dispose();
    await renderer?.close();
    await Promise.all([fetcher.close(), reader.close()]);
  }
}

async function importWith({ fetcher, reader, job, render }: { fetcher: Fetcher; reader: PageReader; job: Deadline; render: RenderStep | undefined }, requested: URL, options: ImportOptions, report: ReportBuilder): Promise<ImportReport> {
  const { lang } = options;
  const robots = await readRobots(fetcher, requested.origin, lang);
  if ('fatal' in robots) return report.fatal(robots.fatal);
  // `https://example.com` often lives at `https://www.example.com`: robots.txt redirecting there says so.
  const origin = robots.origin;
  const start = new URL(requested.pathname + requested.search, origin);
  const allowed = (url: string) => robots.file === undefined || robots.file.isAllowed(new URL(url).pathname + new URL(url).search, IMPORT_ROBOTS_TOKEN);
  if (!allowed(start.href)) return report.fatal(message(lang, 'import.reason.run.robotsStart', { origin, agent: IMPORT_ROBOTS_TOKEN, path: start.pathname }));
  const beforeRedirect = (target: URL): string | undefined => {
    if (!sameSite(target.origin, origin)) return message(lang, 'import.reason.run.offSite', { url: target.href });
    return allowed(target.href) ? undefined : message(lang, 'import.reason.run.robotsRedirect', { url: target.href });
  };
  const crawlDelayMs = (robots.file?.crawlDelaySeconds(IMPORT_ROBOTS_TOKEN) ?? 0) * 1000;
  const spacer = new RequestSpacer(Math.max(options.delayMs, crawlDelayMs));

  const wanted = (url: string) => {
    const pagePath = contentPathFor(url);
    if (options.include.length > 0 && matchRule(pagePath, options.include.map((pattern) => ({ path: pattern, type: 'company' as const }))) === undefined) return false;
    return matchRule(pagePath, options.exclude.map((pattern) => ({ path: pattern, type: 'company' as const }))) === undefined;
  };
  const sitemapUrls = robots.file?.sitemapUrls().length ? robots.file.sitemapUrls() : [`${origin}/sitemap.xml`];
  // Twice --max-pages: room for pages robots.txt disallows and for pages that turn out not to be HTML, gone or in another language.
  const sitemaps = await readSitemaps(fetcher, { start: sitemapUrls, origin, want: options.maxPages * 2, keep: wanted, beforeRequest: () => spacer.wait(), lang });
  const previous = await readState(options.outDir, origin);
  const lastmodOf = new Map<string, string | undefined>(sitemaps.entries.map((entry: SitemapEntry) => [entry.url, entry.lastmod]));

  const verdict = judgeDiscovery(sitemaps, previous, options.discover, lang);
  report.howFound(verdict.description, verdict.weaker);
  const discover = verdict.followLinks;
  report.discovered({
    via: sitemaps.entries.length === 0 ? 'links' : discover ? 'sitemaps-and-links' : 'sitemaps',
    sitemaps: sitemaps.sitemaps,
    complete: sitemaps.complete,
    ...(sitemaps.stopped === undefined ? {} : { stopped: sitemaps.stopped }),
  });
  const inSitemap = new Set(sitemaps.entries.map((entry) => entry.url));
  const foundBy = (url: string): 'sitemap' | 'links' => (inSitemap.has(url) ? 'sitemap' : verdict.sitemapTrusted ? 'links' : (previous?.pages[url]?.found ?? 'links'));
  /** Pages of the last run that are gone, with the evidence (docs/import.md: removal needs evidence). */
  const gone = new Map<string, string>();
  const queued = new Set<string>();
  const order: string[] = [];
  const enqueue = (url: string) => {
    if (queued.has(url) || order.length >= options.maxPages) return;
    queued.add(url);
    if (!looksLikePage(url) || !wanted(url)) return;
    if (!allowed(url)) {
      report.skip(url, message(lang, 'import.reason.run.robots'));
      return;
    }
    order.push(url);
    report.found(order.length);
  };
  enqueue(start.href);
  for (const entry of sitemaps.entries) enqueue(entry.url);

  const results: ReadResult[] = [];
  const finalUrls = new Set<string>();
  const limit = pLimit(options.concurrency);
  // Breadth first: each round reads what the last round found.
  const done = new Set<string>();
  const crawl = async () => {
    let round = order.filter((url) => !done.has(url));
    while (round.length > 0 && !job.signal.aborted) {
      await Promise.all(
        round.map((url) =>
          limit(async () => {
            done.add(url);
            // Past the deadline (or told to stop), pages not started are left as they were.
            if (job.signal.aborted) return;
            const read = await readOne({ fetcher, reader, spacer, beforeRedirect, job, outDir: options.outDir, render, lang }, url, previous, lastmodOf.get(url), origin, report);
            if (read === undefined) return;
            if (read.url !== url && read.movedPermanently === true) gone.set(url, message(lang, 'import.reason.run.movedPermanently', { url: read.url }));
            if (finalUrls.has(read.url)) {
              report.skip(url, url === read.url ? message(lang, 'import.reason.run.redirectsHere') : message(lang, 'import.reason.run.redirectsTo', { url: read.url }));
              return;
            }
            finalUrls.add(read.url);
            results.push({ ...read, record: { ...read.record, found: foundBy(url) } });
            if (discover) for (const link of read.facts.links) enqueue(link);
          }),
        ),
      );
      round = order.filter((url) => !done.has(url));
    }
  };
  await crawl();
  const reached = results.length;

  // Pages of the last run this one did not reach: gone only on evidence, else asked for again.
  for (const [url, record] of Object.entries(previous?.pages ?? {})) {
    if (done.has(url) || finalUrls.has(url)) continue;
    if (!wanted(url)) gone.set(url, message(lang, 'import.reason.run.leftOut'));
    else if (!allowed(url)) gone.set(url, message(lang, 'import.reason.run.robotsGone'));
    else if (verdict.sitemapTrusted && !inSitemap.has(url) && record.found !== 'links') gone.set(url, message(lang, 'import.reason.run.notInSitemap'));
    else {
      queued.add(url);
      order.push(url);
      report.rechecked();
    }
  }
  report.found(order.length);
  await crawl();
  if (job.signal.aborted) report.endedEarly(job.timedOut);
  for (const [url, reason] of report.goneUrls()) gone.set(url, reason);
  const fewer = fewerPagesNote(reached, previous, lang);
  if (fewer !== undefined) report.howFound(verdict.description, verdict.weaker ?? fewer);

  // What could not be confirmed either way keeps its last good version.
  for (const [url, record] of Object.entries(previous?.pages ?? {})) {
    if (finalUrls.has(url) || gone.has(url)) continue;
    const kept = await fromPrevious(options.outDir, reader, url, record);
    if (kept === undefined) continue;
    finalUrls.add(url);
    results.push(kept);
    report.kept(url, report.lastWordOn(url) ?? (job.signal.aborted ? message(lang, 'import.reason.run.endedEarly') : message(lang, 'import.reason.run.notReached')));
  }
  if (results.length === 0) {
    if (job.timedOut) return report.fatal(message(lang, 'import.reason.run.nothing', { origin, why: message(lang, 'import.reason.run.deadlineFirst', { deadline: duration(lang, options.deadlineMs ?? 0) }) }));
    const needBrowser = report.browserNeeded();
    if (needBrowser !== undefined) return report.fatal(message(lang, 'import.reason.run.nothing', { origin, why: message(lang, 'import.reason.run.browserFirst', { because: needBrowser.because, missing: needBrowser.missing, how: howToGetABrowser(lang) }) }));
    const reason = report.failedCount() > 0 ? message(lang, 'import.reason.run.everyFailed', { first: String(report.firstFailure()) }) : message(lang, 'import.reason.run.noHtml');
    return report.fatal(message(lang, 'import.reason.run.nothing', { origin, why: reason }));
  }
  const names = await siteNameSignals(fetcher, results, origin, allowed, () => spacer.wait());
  return writeOutput(results, previous, gone, verdict.sitemapPages, origin, start, options, report, names, sitemapLanguages(sitemaps.entries));
}

/**
 * What WordPress says the site is called, besides the pages: the `name` of its REST index
 * (`/wp-json/`, one request, only when a page links it) and the title of its feed link
 * ("Studio Lipiec – strony dla firm » Kanał z wpisami").
 */
async function siteNameSignals(fetcher: Fetcher, results: readonly ReadResult[], origin: string, allowed: (url: string) => boolean, wait: () => Promise<void>): Promise<SiteNameSignals> {
  const feedTitle = mostCommonOf(results.flatMap((result) => (result.facts.feed?.title === undefined ? [] : [result.facts.feed.title.split(/\s+[»›]\s+/)[0]!.trim()])));
  const restIndex = results.map((result) => result.facts.restIndex).find((url) => url !== undefined && url.startsWith(`${origin}/`) && allowed(url));
  let restName: string | undefined;
  if (restIndex !== undefined) {
    await wait();
    const outcome = await fetcher.fetch(restIndex, { accept: 'application/json' });
    if (outcome.ok && outcome.response.status === 200) {
      try {
        const name = (JSON.parse(outcome.response.body) as { name?: unknown }).name;
        if (typeof name === 'string' && name.trim() !== '') restName = name.trim();
      } catch {
        // Not the REST index after all: the other signals still count.
      }
    }
  }
  return { ...(feedTitle === undefined ? {} : { feedTitle }), ...(restName === undefined ? {} : { restName }) };
}

function mostCommonOf(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** robots.txt, and the origin it was finally served from (the site's own, when the given one redirects). */
export async function readRobots(fetcher: Fetcher, requestedOrigin: string, lang: MessageLanguage): Promise<{ file: RobotsFile | undefined; origin: string } | { fatal: string }> {
  const outcome = await fetcher.fetch(`${requestedOrigin}/robots.txt`, { accept: 'text/plain,*/*;q=0.5' });
  if (!outcome.ok) return { fatal: message(lang, 'import.reason.run.unreachable', { origin: requestedOrigin, why: describeFetchFailure(lang, outcome.failure) }) };
  const { response } = outcome;
  const servedFrom = new URL(response.finalUrl).origin;
  const origin = new URL(response.finalUrl).pathname === '/robots.txt' && sameSite(servedFrom, requestedOrigin) ? servedFrom : requestedOrigin;
  // RFC 9309: a 4xx means no rules; a 5xx means everything is disallowed until it can be read.
  if (response.status >= 500) return { fatal: message(lang, 'import.reason.run.robotsBroken', { origin, status: String(response.status) }) };
  if (response.status !== 200) return { file: undefined, origin };
  return { file: parseRobots(response), origin };
}

async function readOne(
  { fetcher, reader, spacer, beforeRedirect, job, outDir, render, lang }: { fetcher: Fetcher; reader: PageReader; spacer: RequestSpacer; beforeRedirect: (target: URL) => string | undefined; job: Deadline; outDir: string; render: RenderStep | undefined; lang: MessageLanguage },
  url: string,
  previous: ImportState | undefined,
  lastmod: string | undefined,
  origin: string,
  report: ReportBuilder,
): Promise<ReadResult | undefined> {
  let known = previous?.pages[url];
  // A rendered page is as its HTML and its scripts: when a script changed, the page is fetched and rendered again.
  if (known?.scripts !== undefined && render !== undefined && (await render.scriptsChanged(known.scripts, () => spacer.wait()))) known = { ...known, etag: undefined, lastModified: undefined, lastmod: undefined };
  if (known !== undefined && lastmod !== undefined && known.lastmod === lastmod) {
    const unchanged = await fromPrevious(outDir, reader, url, known);
    if (unchanged !== undefined) return unchanged;
  }
  await spacer.wait();
  const conditional = known === undefined ? undefined : { ...(known.etag === undefined ? {} : { etag: known.etag }), ...(known.lastModified === undefined ? {} : { lastModified: known.lastModified }) };
  const outcome = await fetcher.fetch(url, { raw: true, beforeRedirect, ...(conditional === undefined ? {} : { conditional }) });
  if (!outcome.ok) {
    // A redirect we chose not to follow (off the site, or into what robots.txt disallows) is not a failure of the site.
    if (outcome.failure.reason === 'redirect-refused') report.skip(url, describeFetchFailure(lang, outcome.failure));
    else report.fail(url, job.timedOut ? message(lang, 'import.reason.run.deadline') : describeFetchFailure(lang, outcome.failure));
    return undefined;
  }
  const { response } = outcome;
  report.fetched();
  if (response.status === 304 && known !== undefined) return fromPrevious(outDir, reader, url, { ...known, ...(lastmod === undefined ? {} : { lastmod }) });
  if (response.status === 404 || response.status === 410) {
    report.gone(url, message(lang, 'import.reason.run.gone', { status: String(response.status) }));
    return undefined;
  }
  if (response.status !== 200) {
    report.fail(url, message(lang, 'import.reason.run.httpStatus', { status: String(response.status) }));
    return undefined;
  }
  if (response.truncated) {
    report.skip(url, message(lang, 'import.reason.run.tooLarge', { megabytes: Math.round(response.bodyBytes / 1024 / 1024) }));
    return undefined;
  }
  if (response.mediaType !== '' && response.mediaType !== 'text/html' && response.mediaType !== 'application/xhtml+xml') {
    report.skip(url, message(lang, 'import.reason.run.notHtml', { mediaType: String(response.mediaType) }));
    return undefined;
  }
  let facts: PageFacts;
  try {
    facts = await reader.read(response.bytes ?? new Uint8Array(), response.headers['content-type'], response.finalUrl);
  } catch {
    report.fail(url, message(lang, 'import.reason.run.unreadableHtml'));
    return undefined;
  }
  let scripts: readonly ScriptRecord[] | undefined;
  if (render !== undefined) {
    const outcome = await render.apply(response.finalUrl, facts);
    if (outcome.kind === 'needs-browser') {
      report.needsBrowser(url, outcome.decision.because, outcome.missing);
      return undefined;
    }
    if (outcome.kind === 'failed') {
      report.fail(url, message(lang, 'import.reason.run.notRendered', { because: outcome.decision.because, why: outcome.reason }));
      return undefined;
    }
    if (outcome.kind === 'rendered') {
      facts = outcome.facts;
      scripts = outcome.scripts;
      report.rendered(url, outcome.decision.because);
    }
  }
  const contentLanguage = response.headers['content-language']?.trim();
  if (contentLanguage) facts = { ...facts, contentLanguage };
  return {
    url: response.finalUrl,
    facts,
    ...(response.redirects.length > 0 && response.redirects.every((hop) => hop.status === 301 || hop.status === 308) ? { movedPermanently: true } : {}),
    record: {
      ...(response.headers.etag === undefined ? {} : { etag: response.headers.etag }),
      ...(response.headers['last-modified'] === undefined ? {} : { lastModified: response.headers['last-modified'] }),
      ...(lastmod === undefined ? {} : { lastmod }),
      ...(scripts === undefined ? {} : { scripts }),
    },
  };
}

/** An unchanged page: what it stated last time, and its Markdown from the file written then. */
async function fromPrevious(outDir: string, reader: PageReader, url: string, known: PageRecord): Promise<ReadResult | undefined> {
  let markdown: string;
  try {
    markdown = splitFrontMatter(await readFile(path.join(outDir, known.file), 'utf8')).body.trim();
  } catch {
    return undefined;
  }
  const { path: _path, file: _file, facts, ...record } = known;
  // A state written before the text's language was kept: identified again, on the reader's thread.
  const textLanguage = facts.textLanguage ?? (await reader.identifyLanguage(facts.title, markdown));
  return { url, facts: { ...facts, markdown, textLanguage }, record };
}

async function writeOutput(
  results: ReadResult[],
  previous: ImportState | undefined,
  gone: ReadonlyMap<string, string>,
  sitemapPages: number | undefined,
  origin: string,
  start: URL,
  options: ImportOptions,
  report: ReportBuilder,
  names: SiteNameSignals = {},
  sitemapLanguage?: (url: string) => string | undefined,
): Promise<ImportReport> {
  const { lang } = options;
  const customRules = await readCustomRules(options.outDir);
  const decisions = decidePages(results, {
    lang,
    customRules,
    includeArchives: options.includeArchives ?? false,
    hasEventDetails: (facts) => eventDetails(facts.jsonLd) !== undefined,
    ...(sitemapLanguage === undefined ? {} : { sitemapLanguage }),
  });
  const candidates: { result: ReadResult; lang: Lang; path: string; decision: PageDecision }[] = [];
  const byPath = new Map<string, string>();
  // Of two addresses of one page (`/post/` and `/post/?replytocom=7`), the one without a query is the page's.
  const withoutQueryFirst = [...results].sort((a, b) => Number(new URL(a.url).search !== '') - Number(new URL(b.url).search !== ''));
  for (const result of withoutQueryFirst) {
    const decision = decisions.get(result.url)!;
    if (!decision.content.value) {
      const pageLanguage = decision.language.value;
      // Skipped for its language alone (not as a redirect, a protected page or an archive): counted by language.
      if (pageLanguage !== undefined && !(LANGS as readonly string[]).includes(pageLanguage) && decision.content.because === message(lang, 'import.reason.page.otherLanguage', { language: pageLanguage })) report.otherLanguage(result.url, pageLanguage);
      else report.skip(result.url, decision.content.because);
      continue;
    }
    const pageLanguage = decision.language.value as Lang;
    const pagePath = result.facts.canonical !== undefined && new URL(result.facts.canonical).origin === origin ? decision.path : contentPathFor(result.url);
    const clash = byPath.get(pagePath);
    if (clash !== undefined) {
      report.skip(result.url, message(lang, 'import.reason.run.samePage', { url: clash, path: pagePath }));
      continue;
    }
    byPath.set(pagePath, result.url);
    candidates.push({ result, lang: pageLanguage, path: pagePath, decision });
  }

  const pathOfUrl = new Map<string, string>();
  for (const { result, path: pagePath } of candidates) {
    pathOfUrl.set(result.url, pagePath);
    if (result.facts.canonical !== undefined) pathOfUrl.set(result.facts.canonical, pagePath);
  }
  const langOfPath = new Map(candidates.map((candidate) => [candidate.path, candidate.lang]));
  const pages: ImportedPage[] = candidates.map(({ result, lang, path: pagePath, decision }) => {
    const { facts } = result;
    const alternate = facts.alternates
      .map((entry) => pathOfUrl.get(entry.url))
      .find((other) => other !== undefined && other !== pagePath && langOfPath.get(other) !== lang);
    const title = decision.title.value;
    return {
      url: result.url,
      ...(facts.siteName === undefined ? {} : { siteName: facts.siteName }),
      path: pagePath,
      lang,
      type: decision.type.value,
      title,
      description: decision.description.value,
      ...(decision.published.value === undefined ? {} : { published: decision.published.value }),
      ...(decision.archive ? { listing: true } : {}),
      alternate,
      jsonLd: facts.jsonLd,
      emails: facts.emails,
      phones: facts.phones,
      tables: facts.tables,
      markdown: withTitleHeading(facts.markdown, title),
    };
  });
  // A service page with service pages below it is the area they belong to.
  const typed = pages.map((page) =>
    page.type === 'service' && pages.some((other) => other.type === 'service' && other.lang === page.lang && other.path !== page.path && other.path.startsWith(page.path)) ? { ...page, type: 'service_area' as PageType } : page,
  );

  const startPage = typed.find((page) => page.url === start.href) ?? typed[0];
  const defaultLanguage = startPage?.lang ?? 'en';
  const titleName = siteTitleAffix(results.map((result) => result.facts.title ?? ''), lang).value?.name;
  // The start page's title, else the title of the default language's shortest path (a book's index page).
  const homePage = typed.find((page) => page.url === start.href) ?? typed.filter((page) => page.lang === defaultLanguage).sort((a, b) => a.path.length - b.path.length)[0];
  const homeTitle = results.find((result) => result.url === homePage?.url)?.facts.title;
  const draft = draftSiteFile(typed, origin, defaultLanguage, { ...names, ...(titleName === undefined ? {} : { titleName }), ...(homeTitle === undefined ? {} : { homeTitle }) }, lang);
  await mkdir(path.join(options.outDir, PAGES_DIR), { recursive: true });
  const records: Record<string, PageRecord> = {};
  const written = new Set<string>();
  for (const page of typed) {
    const result = results.find((candidate) => candidate.url === page.url)!;
    const file = pageFile(page.path);
    const absolute = path.join(options.outDir, file);
    const document = pageDocument(page, result.facts, draft.serviceOfPage.get(page.path), result.record.lastmod);
    let before: string | undefined;
    try {
      before = await readFile(absolute, 'utf8');
    } catch {
      before = undefined;
    }
    if (before !== document) {
      try {
        await mkdir(path.dirname(absolute), { recursive: true });
        // Written beside and renamed: a process killed mid-write never leaves half a page.
        await writeFile(`${absolute}.${process.pid}.tmp`, document);
        await rename(`${absolute}.${process.pid}.tmp`, absolute);
      } catch (error) {
        // One page the disk refuses (a name in the way, a full disk) fails alone; the last good version, if any, stays.
        report.fail(page.url, message(lang, 'import.reason.run.notStored', { why: (error as NodeJS.ErrnoException).code ?? (error as Error).message }));
        continue;
      }
      if (before === undefined) report.added(page.path);
      else report.updated(page.path);
    } else report.unchanged();
    written.add(file);
    const { markdown: _markdown, ...facts } = result.facts;
    records[page.url] = { path: page.path, file, ...result.record, facts };
  }
  // Pages with evidence that they are gone go, and so do pages read (or kept) this time that may no
  // longer be imported (another language, not content); any other page of the last run (its file
  // could not be read back, or not be written) stays as it was.
  const judged = new Set(results.map((result) => result.url));
  const failed = report.failedUrls();
  for (const [url, record] of Object.entries(previous?.pages ?? {})) {
    if (records[url] !== undefined || written.has(record.file)) continue;
    if (!gone.has(url) && !(judged.has(url) && !failed.has(url))) {
      records[url] = record;
      written.add(record.file);
      continue;
    }
    // readState keeps only files inside this folder's pages/: nothing outside it is ever deleted.
    await rm(path.join(options.outDir, record.file), { force: true });
    report.removed(record.path);
  }
  const outcome = await writeSiteFile(options.outDir, path.join(options.outDir, STATE_DIR), draft.site, SITE_FILE_HEADER);
  await writeState(options.outDir, { version: 1, origin, pages: records, ...(sitemapPages === undefined ? {} : { discovery: { sitemapPages } }) });
  const inferred = draft.facts.filter((fact) => !fact.stated).map((fact) => `${fact.field}: ${fact.value} (${fact.source})`);
  return report.finish(written.size, { outcome, missing: draft.missing, unpublished: draft.unpublished, defaulted: draft.defaulted, inferred });
}

/** The site file's `import.pageTypes`, when the site file exists and they are valid (check and serve report them otherwise). */
export async function readCustomRules(outDir: string): Promise<PageTypeRule[]> {
  let site: unknown;
  try {
    site = parseYaml(await readFile(path.join(outDir, 'site.yaml'), 'utf8'));
  } catch {
    return [];
  }
  const rules = siteFileSchema.shape.import.safeParse((site as { import?: unknown } | null)?.import);
  return rules.success ? (rules.data?.pageTypes ?? []) : [];
}

function pageDocument(page: ImportedPage, facts: PageFacts, service: string | undefined, lastmod: string | undefined): string {
  const meta: Record<string, unknown> = { title: page.title, description: page.description, type: page.type, lang: page.lang, path: page.path };
  if (page.alternate !== undefined) meta.alternate = page.alternate;
  // An archive the person asked for (--include-archives) lists other pages: search never ranks it above them.
  if (page.listing === true) meta.listing = true;
  const dates = pageDates(facts, lastmod, page.published);
  if (dates.published !== undefined) meta.published = dates.published;
  if (dates.updated !== undefined) meta.updated = dates.updated;
  if (service !== undefined && (page.type === 'service' || page.type === 'city_page')) meta.service = service;
  if (page.type === 'city_page') {
    const city = servedCity(facts.jsonLd);
    if (city !== undefined) meta.city = city;
  }
  if (page.type === 'event') meta.event = eventDetails(facts.jsonLd);
  const author = page.type === 'blog' || page.type === 'case_studies' ? authorOf(facts.jsonLd) : undefined;
  if (author !== undefined) meta.author = author;
  return `---\n${dump(meta, { lineWidth: -1, noRefs: true })}---\n\n${page.markdown}\n`;
}

/** Dates from the page's meta tags, else its JSON-LD; the sitemap's lastmod when the page states no update. */
function pageDates(facts: PageFacts, lastmod: string | undefined, decided: string | undefined): { published?: string; updated?: string } {
  const node = facts.jsonLd.find((candidate) => candidate.datePublished !== undefined || candidate.dateModified !== undefined);
  const nested = facts.jsonLd.flatMap((candidate) => objects(candidate.mainEntityOfPage)).find((candidate) => candidate.datePublished !== undefined);
  const published = decided ?? facts.published ?? isoDay(text(node?.datePublished) ?? text(nested?.datePublished));
  const updated = facts.updated ?? isoDay(text(node?.dateModified) ?? text(nested?.dateModified)) ?? isoDay(lastmod);
  return { ...(published === undefined ? {} : { published }), ...(updated === undefined ? {} : { updated }) };
}

function authorOf(nodes: readonly JsonLdNode[]): string | undefined {
  for (const node of nodes) {
    const author = objects(node.author)[0];
    const name = text(author?.name) ?? text(node.author);
    if (name !== undefined && typesOf(author ?? {}).includes('Person')) return name;
  }
  return undefined;
}

/** The event block from JSON-LD Event: start, end (the start when absent) and where. */
export function eventDetails(nodes: readonly JsonLdNode[]): Record<string, unknown> | undefined {
  const event = nodes.find((node) => typesOf(node).some((type) => type === 'Event' || type.endsWith('Event')));
  const startDate = text(event?.startDate);
  if (event === undefined || startDate === undefined || !/T\d{2}:\d{2}.*([+-]\d{2}:\d{2}|Z)$/.test(startDate)) return undefined;
  const endDate = text(event.endDate) ?? startDate;
  const place = objects(event.location).find((location) => typesOf(location).includes('Place'));
  const online = objects(event.location).some((location) => typesOf(location).includes('VirtualLocation'));
  let location: Record<string, unknown> | undefined;
  if (place !== undefined) {
    const address = objects(place.address)[0];
    const addressText = text(place.address) ?? [text(address?.streetAddress), text(address?.postalCode), text(address?.addressLocality)].filter(Boolean).join(', ');
    const name = text(place.name);
    if (name !== undefined && addressText !== '') location = { name, address: addressText };
  }
  if (location === undefined && online) location = { online: true };
  return location === undefined ? undefined : { start: startDate, end: endDate, location };
}

/** The page starts with its title as the one level-1 heading, as the content format's pages do. */
function withTitleHeading(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first >= 0 && /^#\s/.test(lines[first]!)) return markdown;
  if (first >= 0 && /^#{2,6}\s/.test(lines[first]!)) {
    lines[first] = lines[first]!.replace(/^#{2,6}/, '#');
    return lines.join('\n');
  }
  return `# ${title}\n\n${markdown}`;
}

/** A duration as the language writes it ("30 min", "1,5 s"), from the catalogs. */
function duration(lang: MessageLanguage, ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? message(lang, 'import.duration.minutes', { minutes: ms / 60_000 }) : message(lang, 'import.duration.seconds', { seconds: Math.round(ms / 100) / 10 });
}

/** Counts and lists as the import goes, and reports progress after every change. */
class ReportBuilder {
  #found = 0;
  #fetched = 0;
  #unchanged = 0;
  readonly #added: string[] = [];
  readonly #updated: string[] = [];
  readonly #removed: string[] = [];
  readonly #skipped: { url: string; reason: string }[] = [];
  readonly #failed: { url: string; reason: string }[] = [];
  readonly #otherLanguages: Record<string, number> = {};
  readonly #gone = new Map<string, string>();
  readonly #kept: { url: string; reason: string }[] = [];
  #rechecked = 0;
  #howFound = '';
  #weaker: string | undefined;
  #discovery: ImportDiscovery | undefined;
  #endedEarly = false;
  #deadlineReached = false;
  #renderer: PageRenderer | undefined;
  readonly #rendered: { url: string; reason: string }[] = [];
  readonly #needBrowser: { url: string; reason: string }[] = [];
  #browserMissing: string | undefined;

  constructor(
    private readonly started: number,
    private readonly lang: MessageLanguage,
    private readonly onProgress: ((progress: ImportProgress) => void) | undefined,
  ) {}

  found(count: number): void {
    this.#found = count;
    this.#tick();
  }
  fetched(): void {
    this.#fetched += 1;
    this.#tick();
  }
  unchanged(): void {
    this.#unchanged += 1;
    this.#tick();
  }
  added(pagePath: string): void {
    this.#added.push(pagePath);
    this.#tick();
  }
  updated(pagePath: string): void {
    this.#updated.push(pagePath);
    this.#tick();
  }
  /** The import ended before every page found was read (its deadline, or it was stopped). */
  endedEarly(byDeadline: boolean): void {
    this.#endedEarly = true;
    this.#deadlineReached = byDeadline;
  }
  /** True after endedEarly: what the import did not reach is kept as it was. */
  stoppedEarly(): boolean {
    return this.#endedEarly;
  }
  discovered(discovery: ImportDiscovery): void {
    this.#discovery = discovery;
  }
  removed(pagePath: string): void {
    this.#removed.push(pagePath);
  }
  skip(url: string, reason: string): void {
    this.#skipped.push({ url, reason });
    this.#tick();
  }
  otherLanguage(url: string, lang: string): void {
    const key = lang.slice(0, 2);
    this.#otherLanguages[key] = (this.#otherLanguages[key] ?? 0) + 1;
    this.skip(url, message(this.lang, 'import.reason.page.otherLanguage', { language: lang }));
  }
  renderingWith(renderer: PageRenderer | undefined): void {
    this.#renderer = renderer;
  }
  rendered(url: string, because: string): void {
    this.#rendered.push({ url, reason: because });
  }
  /** A page that needs a browser, where there is none: skipped, and listed with how to get one. */
  needsBrowser(url: string, because: string, missing: string): void {
    this.#needBrowser.push({ url, reason: because });
    this.#browserMissing = missing;
    this.skip(url, message(this.lang, 'import.reason.run.needsBrowser', { because, missing }));
  }
  /** Why pages were not read for want of a browser, when they were not: the first page's reason and what is missing. */
  browserNeeded(): { because: string; missing: string } | undefined {
    const first = this.#needBrowser[0];
    return first === undefined || this.#browserMissing === undefined ? undefined : { because: first.reason, missing: this.#browserMissing };
  }
  fail(url: string, reason: string): void {
    this.#failed.push({ url, reason });
    this.#tick();
  }
  failedCount(): number {
    return this.#failed.length;
  }
  firstFailure(): string {
    const first = this.#failed[0];
    return first === undefined ? '' : `${first.url}: ${first.reason}`;
  }
  failedUrls(): ReadonlySet<string> {
    return new Set(this.#failed.map((failure) => failure.url));
  }
  /** A 404 or 410: evidence that the page is gone. */
  gone(url: string, reason: string): void {
    this.#gone.set(url, reason);
    this.skip(url, reason);
  }
  goneUrls(): ReadonlyMap<string, string> {
    return this.#gone;
  }
  rechecked(): void {
    this.#rechecked += 1;
  }
  kept(url: string, reason: string): void {
    this.#kept.push({ url, reason });
  }
  howFound(description: string, weaker: string | undefined): void {
    this.#howFound = description;
    this.#weaker = weaker;
  }
  /** Why this run did not read a page: its last failure or skip. */
  lastWordOn(url: string): string | undefined {
    return [...this.#failed, ...this.#skipped].findLast((item) => item.url === url)?.reason;
  }

  fatal(reason: string): ImportReport {
    return { ...this.#base(0), fatal: reason };
  }

  finish(pagesInOutput: number, siteFile: ImportReport['siteFile']): ImportReport {
    return { ...this.#base(pagesInOutput), ...(siteFile === undefined ? {} : { siteFile }) };
  }

  #base(pagesInOutput: number): ImportReport {
    const byUrl = (a: { url: string }, b: { url: string }) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
    return {
      found: this.#found,
      fetched: this.#fetched,
      added: [...this.#added].sort(),
      updated: [...this.#updated].sort(),
      unchanged: this.#unchanged,
      removed: [...this.#removed].sort(),
      skipped: [...this.#skipped].sort(byUrl),
      failed: [...this.#failed].sort(byUrl),
      otherLanguages: { ...this.#otherLanguages },
      pagesInOutput,
      howFound: this.#howFound,
      ...(this.#weaker === undefined ? {} : { weaker: this.#weaker }),
      rechecked: this.#rechecked,
      kept: [...this.#kept].sort(byUrl),
      ...(this.#discovery === undefined ? {} : { discovery: this.#discovery }),
      ...(this.#deadlineReached ? { deadlineReached: true } : {}),
      ...(this.#renderer === undefined
        ? {}
        : {
            rendering: {
              mode: this.#renderer.mode,
              rendered: [...this.#rendered].sort(byUrl),
              needBrowser: [...this.#needBrowser].sort(byUrl),
              ...(this.#browserMissing === undefined ? {} : { browserMissing: this.#browserMissing }),
              browserLaunches: this.#renderer.launches,
            },
          }),
      durationMs: Date.now() - this.started,
    };
  }

  #tick(): void {
    this.onProgress?.({ found: this.#found, fetched: this.#fetched, written: this.#added.length + this.#updated.length + this.#unchanged, skipped: this.#skipped.length, failed: this.#failed.length });
  }
}
