import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import type { Browser } from 'playwright-core';
import pLimit from 'p-limit';
import { BrowserGate } from '../net/browser/browser-gate.js';
import { launchGuardedBrowser, routeThroughFetcher } from '../net/browser/guarded-browser.js';
import type { Fetcher } from '../net/fetcher.js';
import { describeFetchFailure } from './fetch-words.js';
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

/** How to get a browser, in the words the summary and the explanation use. */
export const HOW_TO_GET_A_BROWSER = "install Debian's chromium package (apt-get install chromium) and give its path with --render-browser (IMPORT_RENDER_BROWSER); or import with --render never";

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
  #release: (() => void) | undefined;
  #held: Promise<void> | undefined;
  #closed = false;

  constructor(
    settings: RenderSettings,
    private readonly fetcher: Fetcher,
    private readonly userAgent: string,
    private readonly origin: string,
    private readonly signal: AbortSignal,
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
      return `no browser at ${this.#settings.executablePath}`;
    }
  }

  /** The page's DOM after its scripts ran, or why it could not be had. */
  render(url: string): Promise<RenderedPage | { readonly failure: string }> {
    return this.#queue(() => this.#render(url));
  }

  async #render(url: string): Promise<RenderedPage | { readonly failure: string }> {
    const left = this.#budgetEnds - this.now();
    if (left <= 0) return { failure: `the import's rendering budget (${Math.round((this.#settings.importBudgetMs ?? IMPORT_BUDGET_MS) / 1000)} s) was used up` };
    if (this.signal.aborted) return { failure: 'the import was stopped' };
    const browser = await this.#launch();
    if (typeof browser === 'string') return { failure: browser };
    const budget = Math.min(this.#settings.pageBudgetMs ?? PAGE_BUDGET_MS, left);
    const scripts = new Map<string, ScriptRecord>();
    const refused = new Set<string>();
    let failure: string | undefined;
    const context = await browser.newContext({ userAgent: this.userAgent, serviceWorkers: 'block', acceptDownloads: false, locale: 'pl-PL' });
    try {
      await routeThroughFetcher(context, this.fetcher, (request) => {
        let target: URL;
        try {
          target = new URL(request.url());
        } catch {
          return { refuse: true };
        }
        if (/^https?:$/.test(target.protocol) && !sameSite(target.origin, this.origin)) {
          refused.add(target.host);
          return { refuse: true };
        }
        const isDocument = request.isNavigationRequest() && request.frame().parentFrame() === null;
        return {
          refuse: false,
          settled: (outcome) => {
            if (!outcome.ok) {
              if (isDocument) failure = describeFetchFailure(outcome.failure);
              return;
            }
            const { response } = outcome;
            if (request.resourceType() === 'script' && response.status === 200) {
              scripts.set(response.finalUrl, {
                url: response.finalUrl,
                ...(response.headers.etag === undefined ? {} : { etag: response.headers.etag }),
                ...(response.headers['last-modified'] === undefined ? {} : { lastModified: response.headers['last-modified'] }),
                sha256: shortHash(response.body),
              });
            }
          },
        };
      });
      const page = await context.newPage();
      const stop = () => void page.close().catch(() => {});
      this.signal.addEventListener('abort', stop, { once: true });
      try {
        const loaded = await page.goto(url, { waitUntil: 'load', timeout: budget }).then(
          () => true,
          () => false,
        );
        if (!loaded) return { failure: failure ?? (this.signal.aborted ? 'the import was stopped' : `the page did not load in the browser within ${Math.round(budget / 1000)} s`) };
        await page.waitForLoadState('networkidle', { timeout: this.#settings.settleMs ?? SETTLE_MS }).catch(() => {});
        const html = await page.content();
        return { html, scripts: [...scripts.values()], refusedHosts: [...refused].sort() };
      } finally {
        this.signal.removeEventListener('abort', stop);
      }
    } catch (error) {
      return { failure: `the browser failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
    } finally {
      await context.close().catch(() => {});
    }
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
      if (this.#closed || this.signal.aborted) return 'the import was stopped';
      try {
        this.launches += 1;
        return await launchGuardedBrowser(this.#settings.executablePath, 30_000);
      } catch (error) {
        return `the browser at ${this.#settings.executablePath} did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      }
    })();
    return this.#browser;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = await this.#browser;
    if (browser !== undefined && typeof browser !== 'string') await browser.close().catch(() => {});
    this.#release?.();
    await this.#held;
  }
}
