import { Deadline } from '../../deadline.js';
import { quote } from '../checks/evidence.js';
import { m } from '../report-language.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Fetcher } from '../../net/fetcher.js';
import { launchGuardedBrowser } from '../../net/browser/guarded-browser.js';
import { guardRequests, type RequestLog } from './guarded-requests.js';
import { trackingHits, type AttemptedRequest, type BrowserObservation, type BrowserPage, type ConsentPhase } from './observation.js';

export interface BrowserSettings {
  /** The Chromium to run (Debian's /usr/bin/chromium); never a downloaded one. */
  readonly executablePath: string;
  /** The whole browser part of one scan, launch included. */
  readonly budgetMs: number;
  /** How long a page may keep loading after `load` (tags fire late) before it is read. */
  readonly settleMs: number;
}

export interface ObserveOptions {
  readonly settings: BrowserSettings;
  readonly fetcher: Fetcher;
  readonly userAgent: string;
  /** The home page first, then the inner page. */
  readonly urls: readonly string[];
  /** analytics: consent choices and a form submission too; ai_visibility: the rendered text only. */
  readonly withConsent: boolean;
  readonly signal: AbortSignal;
}

const ACCEPT = /^\s*(accept( all)?( cookies)?|allow( all)?( cookies)?|agree|i agree|ok|got it|akceptuj(ę)?( wszystkie)?|zaakceptuj( wszystkie)?|zgadzam się|zezwól na wszystkie|alle akzeptieren|akzeptieren|zustimmen|tout accepter|accepter)\s*$/i;
const REJECT = /^\s*(reject( all)?|decline( all)?|deny|refuse|only (necessary|essential)( cookies)?|odrzuć( wszystkie)?|odrzucam|tylko niezbędne|nur notwendige|ablehnen|alle ablehnen|tout refuser|refuser)\s*$/i;
const ACCEPT_IDS = '#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll, #onetrust-accept-btn-handler, .cky-btn-accept, #didomi-notice-agree-button, [data-testid="uc-accept-all-button"], .cmplz-accept';
const REJECT_IDS = '#CybotCookiebotDialogBodyButtonDecline, #onetrust-reject-all-handler, .cky-btn-reject, #didomi-notice-disagree-button, [data-testid="uc-deny-all-button"], .cmplz-deny';

/**
 * Records the fingerprinting calls a page makes, before any of its scripts run: canvas
 * read-back after text was drawn, the unmasked WebGL renderer, and an offline audio context.
 */
const FINGERPRINT_PROBE = `(() => {
  const calls = (window.__scanFingerprint = []);
  const note = (what) => { if (calls.length < 20) calls.push(what); };
  let textDrawn = false;
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) { textDrawn = true; return fillText.apply(this, args); };
  const toDataURL = HTMLCanvasElement.prototype.toDataURL;
  HTMLCanvasElement.prototype.toDataURL = function (...args) { if (textDrawn) note('canvas: text drawn, then read back with toDataURL()'); return toDataURL.apply(this, args); };
  const getImageData = CanvasRenderingContext2D.prototype.getImageData;
  CanvasRenderingContext2D.prototype.getImageData = function (...args) { if (textDrawn) note('canvas: text drawn, then read back with getImageData()'); return getImageData.apply(this, args); };
  for (const proto of [window.WebGLRenderingContext, window.WebGL2RenderingContext].filter(Boolean).map((type) => type.prototype)) {
    const getParameter = proto.getParameter;
    proto.getParameter = function (name) { if (name === 37445 || name === 37446) note('WebGL: the unmasked graphics vendor/renderer was read'); return getParameter.call(this, name); };
  }
  if (window.OfflineAudioContext) {
    const Offline = window.OfflineAudioContext;
    window.OfflineAudioContext = function (...args) { note('audio: an OfflineAudioContext was created (audio fingerprint)'); return new Offline(...args); };
    window.OfflineAudioContext.prototype = Offline.prototype;
  }
})();`;

/**
 * Runs the pages in a fresh headless Chromium: each page in its own fresh profile (no cookies,
 * storage or credentials of anyone's), its requests guarded and recorded. The analytics scan
 * also accepts the consent banner (and, in another fresh profile, rejects it) and submits a
 * form with its request held back. Ends by the budget or the scan's signal; what was seen by
 * then is returned, with `incomplete` saying why it stopped.
 */
export async function observeInBrowser(options: ObserveOptions): Promise<BrowserObservation> {
  const budget = new Deadline(options.settings.budgetMs, [options.signal]);
  const deadline = budget.signal;
  const pages: BrowserPage[] = [];
  let browser: Browser | undefined;
  const stop = () => void browser?.close().catch(() => {});
  deadline.addEventListener('abort', stop, { once: true });
  try {
    browser = await launchGuardedBrowser(options.settings.executablePath, options.settings.budgetMs);
    if (deadline.aborted) throw new Error('budget');
    const launched = browser;
    // The pages at once, each in its own profile: most of a visit is waiting for late tags.
    pages.push(...(await Promise.all(options.urls.map((url, index) => visit(launched, url, options, options.withConsent && index === 0, deadline)))));
    return { pages };
  } catch (error) {
    const reason = deadline.aborted
      ? m('browser.outOfTime', { seconds: options.settings.budgetMs / 1000 })
      : m('browser.failed', { error: quote(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error), 160) });
    return { pages, incomplete: reason };
  } finally {
    budget.dispose();
    deadline.removeEventListener('abort', stop);
    await browser?.close().catch(() => {});
  }
}

/**
 * One page in a fresh profile: what it does before any choice, then (home page of the analytics
 * scan) after "accept" and after a form submission; the "reject" choice runs at the same time in
 * a second fresh profile, of which only what follows the choice is kept.
 */
async function visit(browser: Browser, url: string, options: ObserveOptions, choices: boolean, deadline: AbortSignal): Promise<BrowserPage> {
  const [main, rejected] = await Promise.all([visitAccepting(browser, url, options, choices, deadline), choices ? visitRejecting(browser, url, options) : undefined]);
  if (rejected === undefined || rejected.label === undefined) return main;
  return { ...main, requests: [...main.requests, ...rejected.requests], consent: { ...main.consent, reject: rejected.label } };
}

async function visitAccepting(browser: Browser, url: string, options: ObserveOptions, choices: boolean, deadline: AbortSignal): Promise<BrowserPage> {
  const log: RequestLog = { requests: [], phase: 'before-choice' };
  const context = await freshContext(browser, options, log);
  try {
    const page = await context.newPage();
    await load(page, url, options.settings);
    const cookiesBeforeChoice = (await context.cookies()).map((cookie) => ({ name: cookie.name, domain: cookie.domain }));
    const renderedText = await page.evaluate<string>('document.body ? document.body.innerText : ""').catch(() => '');
    const consent: { accept?: string; reject?: string } = {};
    let form: BrowserPage['form'];
    if (choices && !deadline.aborted) {
      const accept = await clickChoice(page, ACCEPT_IDS, ACCEPT, log, 'after-accept');
      if (accept !== undefined) {
        consent.accept = accept;
        await settle(page, options.settings);
      }
      form = await submitForm(page, log, options.settings);
    }
    const fingerprinting = await page.evaluate<string[]>('window.__scanFingerprint || []').catch((): string[] => []);
    return { url, requests: log.requests, cookiesBeforeChoice, renderedText, fingerprinting: [...new Set(fingerprinting)], consent, ...(form === undefined ? {} : { form }) };
  } finally {
    await context.close().catch(() => {});
  }
}

async function visitRejecting(browser: Browser, url: string, options: ObserveOptions): Promise<{ label: string | undefined; requests: AttemptedRequest[] }> {
  const log: RequestLog = { requests: [], phase: 'before-choice' };
  const context = await freshContext(browser, options, log);
  try {
    const page = await context.newPage();
    await load(page, url, options.settings);
    const label = await clickChoice(page, REJECT_IDS, REJECT, log, 'after-reject');
    if (label !== undefined) await settle(page, options.settings);
    return { label, requests: log.requests.filter((request) => request.phase === 'after-reject') };
  } finally {
    await context.close().catch(() => {});
  }
}

async function freshContext(browser: Browser, options: ObserveOptions, log: RequestLog): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: options.userAgent, serviceWorkers: 'block', acceptDownloads: false, locale: 'en-GB' });
  await context.addInitScript(FINGERPRINT_PROBE);
  await guardRequests(context, options.fetcher, log, (request) => trackingHits(request).length > 0);
  return context;
}

async function load(page: Page, url: string, settings: BrowserSettings): Promise<void> {
  await page.goto(url, { waitUntil: 'load', timeout: settings.budgetMs }).catch(() => {});
  await settle(page, settings);
}

/** Lets late tags fire: until the network is quiet, at most `settleMs`. */
async function settle(page: Page, settings: BrowserSettings): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: settings.settleMs }).catch(() => {});
}

/** Clicks the banner's accept (or reject) button, found by the consent platforms' ids or its words; its label, when found. */
async function clickChoice(page: Page, ids: string, words: RegExp, log: RequestLog, phase: ConsentPhase): Promise<string | undefined> {
  const byId = page.locator(ids).first();
  const byWords = page.locator('button, a, [role="button"], input[type="button"], input[type="submit"]').filter({ hasText: words }).first();
  for (const candidate of [byId, byWords]) {
    if ((await candidate.count().catch(() => 0)) === 0 || !(await candidate.isVisible().catch(() => false))) continue;
    const label = ((await candidate.innerText().catch(() => '')) || (await candidate.getAttribute('value').catch(() => '')) || '').trim();
    // The phase changes before the click: the hits its handler sends go out during the click.
    const previous = log.phase;
    log.phase = phase;
    if (await candidate.click({ timeout: 2_000 }).then(() => true, () => false)) return label.slice(0, 60);
    log.phase = previous;
  }
  return undefined;
}

interface FormField {
  type: string;
  tagName: string;
  value: string;
  checked: boolean;
}

/** Placeholder values a visitor would type, so that required fields let the form submit (runs in the page). */
function fillForm(form: { querySelectorAll(selector: string): Iterable<FormField> }): void {
  for (const field of Array.from(form.querySelectorAll('input, textarea, select'))) {
    if (field.type === 'checkbox' || field.type === 'radio') field.checked = true;
    else if (['hidden', 'submit', 'button'].includes(field.type) || field.tagName === 'SELECT' || field.value !== '') continue;
    else field.value = field.type === 'email' ? 'scan@example.invalid' : field.type === 'tel' ? '+48000000000' : field.type === 'number' ? '1' : 'test';
  }
}

/**
 * Fills the first form with placeholder values and submits it as a visitor would (its submit
 * handlers run, so a conversion tag fires); the submission itself is refused by the guard, so
 * the site never receives it.
 */
async function submitForm(page: Page, log: RequestLog, settings: BrowserSettings): Promise<BrowserPage['form']> {
  const form = page.locator('form').first();
  if ((await form.count().catch(() => 0)) === 0) return undefined;
  const tag = await form.evaluate((element: { outerHTML: string }) => element.outerHTML.slice(0, element.outerHTML.indexOf('>') + 1)).catch(() => '<form>');
  await form.evaluate(fillForm).catch(() => {});
  log.phase = 'after-submit';
  const submitted = await form.evaluate((element: { requestSubmit(): void }) => element.requestSubmit()).then(() => true, () => false);
  await settle(page, settings);
  return { tag, submitted };
}
