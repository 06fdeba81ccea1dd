import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pLimit from 'p-limit';
import { BrowserGate } from '../net/browser/browser-gate.js';
import { launchGuardedBrowser, routeThroughFetcher } from '../net/browser/guarded-browser.js';
import type { Fetcher } from '../net/fetcher.js';
import { describeFetchFailure } from './fetch-words.js';
import { message, type MessageLanguage } from '../messages/catalog.js';
import type { RenderMode } from './render-signals.js';
import { sameSite } from './same-site.js';

/** How an import renders pages: the mode, the browser, and what one page and the whole import may spend. */
export interface RenderSettings {
  readonly mode: RenderMode;
  /** The Chromium to run (Debian's /usr/bin/chromium); never a downloaded one. Missing: pages that need it are listed, the rest imported. */
  readonly executablePath: string;
  /** Shared with the scans in one process: one browser at a time. */
  readonly gate?: BrowserGate;
  /** One page, from navigation to its DOM. Default 15 s. */
  readonly pageBudgetMs?: number;
  /** Every page of one import together, the browser's start included. Default 5 min. */
  readonly importBudgetMs?: number;
  /** How long a page may keep loading after `load` (data requests of the application) before it is read. Default 2 s. */
  readonly settleMs?: number;
  /**
   * A guarded browser (launchGuardedBrowser) someone else started and closes: the import opens its
   * own profile in it instead of starting one (tests share one browser per file). Counted in
   * `browserLaunches` like a start.
   */
  readonly borrow?: () => Promise<Browser>;
}

/** A script the rendered page ran, as it was served: a sync renders the page again when one changes. */
export interface ScriptRecord {
  readonly url: string;
  readonly etag?: string;
  readonly lastModified?: string;
  /** SHA-256 of its body (base64url, 16 characters): what decides, when the server sends no validator or a new one. */
  readonly sha256: string;
}

export interface RenderedPage {
  /** The DOM after the page's scripts ran, serialized. */
  readonly html: string;
  readonly scripts: readonly ScriptRecord[];
  /** Hosts of other sites the page asked for (analytics, fonts, CDNs): refused. */
  readonly refusedHosts: readonly string[];
}

const PAGE_BUDGET_MS = 15_000;
const IMPORT_BUDGET_MS = 5 * 60_000;
const SETTLE_MS = 2_000;

/** No request of the page for this long after `load`: the application has drawn what it fetched. */
const QUIET_MS = 250;

/** Waits until the page has had no request in flight for QUIET_MS (its data calls answered), at most `limitMs`. */
/** One page's visit: the scripts it ran, the other sites it asked for, its requests in flight. */
interface Visit {
  readonly scripts: Map<string, ScriptRecord>;
  readonly refused: Set<string>;
  inFlight: number;
  last: number;
  failure?: string;
}

async function quiet(activity: { inFlight: number; last: number }, limitMs: number, now: () => number): Promise<void> {
  const until = now() + limitMs;
  while (now() < until && (activity.inFlight > 0 || now() - activity.last < QUIET_MS)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** How to get a browser, in the words the summary and the explanation use. */
/** How to get a browser the import can use, in the run's language. */
export function howToGetABrowser(lang: MessageLanguage): string {
  return message(lang, 'import.browser.how');
}

/**
 * Whether a script a rendered page ran has changed since (a conditional request: 304 is no;
 * a body is compared by its hash; a script gone or unreadable counts as changed).
 */
export async function scriptChanged(fetcher: Fetcher, script: ScriptRecord): Promise<boolean> {
  const conditional = { ...(script.etag === undefined ? {} : { etag: script.etag }), ...(script.lastModified === undefined ? {} : { lastModified: script.lastModified }) };
  const outcome = await fetcher.fetch(script.url, { accept: '*/*', conditional });
  if (!outcome.ok) return true;
  if (outcome.response.status === 304) return false;
  return outcome.response.status !== 200 || shortHash(outcome.response.body) !== script.sha256;
}

export function shortHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 16);
}

/**
 * Renders pages of one import in the guarded Chromium (src/net/browser): started on the first
 * page that needs it (never otherwise), under the process's one-browser gate, each page in a fresh
 * profile with every request through the import's fetcher (its target rules, politeness budget and
 * abort signal), other sites' requests refused. One page at a time; within the page and import budgets.
 */
export class PageRenderer {
  /** How many times a browser was started (0 on a site that needs none). */
  launches = 0;
  readonly #settings: RenderSettings;
  readonly #queue = pLimit(1);
  readonly #budgetEnds: number;
  #browser: Promise<Browser | string> | undefined;
  #context: BrowserContext | undefined;
  #page: Promise<Page | string> | undefined;
  /** The page being rendered: what its requests did. */
  #visit: Visit | undefined;
  #release: (() => void) | undefined;
  #held: Promise<void> | undefined;
  #closed = false;

  constructor(
    settings: RenderSettings,
    private readonly fetcher: Fetcher,
    private readonly userAgent: string,
    private readonly origin: string,
    private readonly signal: AbortSignal,
    /** The language of the reasons a page could not be rendered (the run's). */
    private readonly lang: MessageLanguage,
    private readonly now: () => number = Date.now,
  ) {
    this.#settings = settings;
    this.#budgetEnds = now() + (settings.importBudgetMs ?? IMPORT_BUDGET_MS);
  }

  get mode(): RenderMode {
    return this.#settings.mode;
  }

  /** Why no browser can run, when none can (checked without starting one): the summary says so, with how to get one. */
  get missing(): string | undefined {
    try {
      accessSync(this.#settings.executablePath, constants.X_OK);
      return undefined;
    } catch {
      return message(this.lang, 'import.browser.missing', { path: this.#settings.executablePath });
    }
  }

  /** The page's DOM after its scripts ran, or why it could not be had. */
  render(url: string): Promise<RenderedPage | { readonly failure: string }> {
    return this.#queue(() => this.#render(url));
  }

  async #render(url: string): Promise<RenderedPage | { readonly failure: string }> {
    const left = this.#budgetEnds - this.now();
    if (left <= 0) return { failure: message(this.lang, 'import.browser.budgetUsed', { seconds: Math.round((this.#settings.importBudgetMs ?? IMPORT_BUDGET_MS) / 1000) }) };
    if (this.signal.aborted) return { failure: message(this.lang, 'import.stopped') };
    const tab = await this.#tab();
    if (typeof tab === 'string') return { failure: tab };
    const budget = Math.min(this.#settings.pageBudgetMs ?? PAGE_BUDGET_MS, left);
    const visit: Visit = { scripts: new Map(), refused: new Set(), inFlight: 0, last: this.now() };
    this.#visit = visit;
    const stop = () => void tab.close().catch(() => {});
    this.signal.addEventListener('abort', stop, { once: true });
    try {
      const loaded = await tab.goto(url, { waitUntil: 'load', timeout: budget }).then(
        () => true,
        () => false,
      );
      if (!loaded) {
        // A page that did not load leaves the tab in an unknown state: the next page gets a fresh one.
        this.#page = undefined;
        await tab.close().catch(() => {});
        return { failure: visit.failure ?? (this.signal.aborted ? message(this.lang, 'import.stopped') : message(this.lang, 'import.browser.notLoaded', { seconds: Math.round(budget / 1000) })) };
      }
      await quiet(visit, this.#settings.settleMs ?? SETTLE_MS, this.now);
      const html = await tab.content();
      return { html, scripts: [...visit.scripts.values()], refusedHosts: [...visit.refused].sort() };
    } catch (error) {
      this.#page = undefined;
      return { failure: message(this.lang, 'import.browser.failed', { error: firstLine(error) }) };
    } finally {
      this.signal.removeEventListener('abort', stop);
    }
  }

  /**
   * The import's one tab, in a profile of its own (no cookies, storage or credentials of anyone's),
   * every request routed through the import's fetcher. Pages are visited one after another in it:
   * opening a tab costs a second of the browser's time, a navigation far less.
   */
  #tab(): Promise<Page | string> {
    this.#page ??= (async () => {
      const browser = await this.#launch();
      if (typeof browser === 'string') return browser;
      try {
        this.#context ??= await this.#guardedContext(browser);
        return await this.#context.newPage();
      } catch (error) {
        this.#page = undefined;
        return message(this.lang, 'import.browser.failed', { error: firstLine(error) });
      }
    })();
    return this.#page;
  }

  async #guardedContext(browser: Browser): Promise<BrowserContext> {
    const context = await browser.newContext({ userAgent: this.userAgent, serviceWorkers: 'block', acceptDownloads: false, locale: 'pl-PL' });
    await routeThroughFetcher(context, this.fetcher, (request) => {
      const visit = this.#visit;
      let target: URL;
      try {
        target = new URL(request.url());
      } catch {
        return { refuse: true };
      }
      if (/^https?:$/.test(target.protocol) && !sameSite(target.origin, this.origin)) {
        visit?.refused.add(target.host);
        return { refuse: true };
      }
      const isDocument = request.isNavigationRequest() && request.frame().parentFrame() === null;
      if (visit !== undefined) visit.inFlight += 1;
      return {
        refuse: false,
        settled: (outcome) => {
          if (visit === undefined) return;
          visit.inFlight -= 1;
          visit.last = this.now();
          if (!outcome.ok) {
            if (isDocument) visit.failure = describeFetchFailure(this.lang, outcome.failure);
            return;
          }
          const { response } = outcome;
          if (request.resourceType() === 'script' && response.status === 200) {
            visit.scripts.set(response.finalUrl, {
              url: response.finalUrl,
              ...(response.headers.etag === undefined ? {} : { etag: response.headers.etag }),
              ...(response.headers['last-modified'] === undefined ? {} : { lastModified: response.headers['last-modified'] }),
              sha256: shortHash(response.body),
            });
          }
        },
      };
    });
    return context;
  }

  /** The one browser of this import, started on first use under the gate (a reason when it cannot start). */
  #launch(): Promise<Browser | string> {
    this.#browser ??= (async () => {
      const missing = this.missing;
      if (missing !== undefined) return missing;
      const gate = this.#settings.gate ?? new BrowserGate();
      // The gate is held from the start until close(): one browser at a time in this process.
      await new Promise<void>((acquired) => {
        this.#held = gate.run(
          () =>
            new Promise<void>((release) => {
              this.#release = release;
              acquired();
            }),
        );
      });
      if (this.#closed || this.signal.aborted) return message(this.lang, 'import.stopped');
      try {
        this.launches += 1;
        return await (this.#settings.borrow?.() ?? launchGuardedBrowser(this.#settings.executablePath, 30_000));
      } catch (error) {
        return message(this.lang, 'import.browser.notStarted', { path: this.#settings.executablePath, error: firstLine(error) });
      }
    })();
    return this.#browser;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = await this.#browser;
    await this.#context?.close().catch(() => {});
    // A borrowed browser is its owner's to close; the import's profile in it is closed above.
    if (browser !== undefined && typeof browser !== 'string' && this.#settings.borrow === undefined) await browser.close().catch(() => {});
    this.#release?.();
    await this.#held;
  }
}

/** The first line of an error's message (the browser's own words, English). */
function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}
