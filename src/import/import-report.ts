/**
 * What an import tells its caller: progress while it runs and the report at its end. Its own
 * module so that the summary (import-summary.ts) reads it without importing the importer.
 */
import type { SiteFileOutcome } from './site-file.js';
import type { DiscoveryStop, SitemapFileOutcome } from './sitemaps.js';

export interface ImportProgress {
  readonly found: number;
  readonly fetched: number;
  readonly written: number;
  readonly skipped: number;
  readonly failed: number;
}

export interface PageProblem {
  readonly url: string;
  readonly reason: string;
}

/** How the pages were found: what each sitemap gave, and whether discovery saw everything. */
export interface ImportDiscovery {
  /** `links`: no sitemap listed a page (or none could be read), links were followed; `sitemaps-and-links`: with --discover. */
  readonly via: 'sitemaps' | 'links' | 'sitemaps-and-links';
  /** Each sitemap file tried or known of, with its outcome (read, empty, partial, failed, not a sitemap, not read). */
  readonly sitemaps: readonly SitemapFileOutcome[];
  /** Every sitemap was read to its end: a page absent from them is absent from the site's sitemaps. */
  readonly complete: boolean;
  /** Why sitemap reading stopped early, when it did. */
  readonly stopped?: DiscoveryStop;
}

export interface ImportReport {
  /** Set when the import could not run at all: one line saying why. */
  readonly fatal?: string;
  readonly found: number;
  readonly fetched: number;
  readonly added: readonly string[];
  readonly updated: readonly string[];
  readonly unchanged: number;
  readonly removed: readonly string[];
  readonly skipped: readonly PageProblem[];
  readonly failed: readonly PageProblem[];
  /** Pages skipped because their language is not one the content format supports, by language. */
  readonly otherLanguages: Readonly<Record<string, number>>;
  readonly pagesInOutput: number;
  /** The import's deadline ended it before every page found was read: pages it did not reach were kept as they were. */
  readonly deadlineReached?: boolean;
  /** How pages were found; absent when the import stopped before reading sitemaps. */
  readonly discovery?: ImportDiscovery;
  /** How pages were found, and why, in words (`sitemap read: 6 pages listed`, `the sitemap could not be read (…): links were followed …`). */
  readonly howFound: string;
  /** Set when this run found pages in a weaker way than the last one (the sitemap failed, far fewer pages): why. */
  readonly weaker?: string;
  /** Pages of the last run this one did not reach, asked for again with a conditional request. */
  readonly rechecked: number;
  /** Pages kept as they were because this run could not confirm them, with why (removal needs evidence). */
  readonly kept: readonly PageProblem[];
  /**
   * `missing`: fields the content format needs that the site does not state (filled in by the person);
   * `unpublished`: contact details the site does not publish, left out (served without them);
   * `inferred`: each site fact the importer inferred rather than read as stated, with its source, for the person to check.
   */
  readonly siteFile?: {
    readonly outcome: SiteFileOutcome;
    readonly missing: readonly string[];
    readonly unpublished?: readonly string[];
    readonly defaulted: readonly string[];
    readonly inferred?: readonly string[];
  };
  /** Pages rendered in a browser and why, pages that needed one where there was none; absent with `--render never`. */
  readonly rendering?: ImportRendering;
  readonly durationMs: number;
}

/** What rendering did in one import (docs/import.md, "Pages that only a browser can read"). */
export interface ImportRendering {
  readonly mode: 'auto' | 'always' | 'never';
  /** Pages rendered in this run, with why (`reason`). */
  readonly rendered: readonly PageProblem[];
  /** Pages that needed a browser where none could run: skipped, with why they need one. */
  readonly needBrowser: readonly PageProblem[];
  /** Why no browser could run (`no browser at /usr/bin/chromium`), when pages needed one. */
  readonly browserMissing?: string;
  /** Browsers started (or borrowed, RenderSettings.borrow) by this import: 0 when no page needed one. */
  readonly browserLaunches: number;
}
