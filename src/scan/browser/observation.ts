/**
 * What a scan saw when it ran the site's pages in a real browser: every request the pages
 * attempted (the tracking hits among them are recorded, never sent), the cookies, what the
 * page drew, run-time fingerprinting calls, and what a form submission fired. Only data: the
 * checks (checks/analytics/browser-checks.ts, checks/ai/rendered-page.ts) judge it.
 */

import type { Text } from '../report-language.js';

/** When a request was attempted, relative to the visitor's consent choice. */
export type ConsentPhase = 'before-choice' | 'after-accept' | 'after-reject' | 'after-submit';

export interface AttemptedRequest {
  readonly url: string;
  readonly method: string;
  readonly resourceType: string;
  /** The request body, when the browser exposed it (beacons carry batched GA4 events there). */
  readonly body?: string;
  readonly phase: ConsentPhase;
  /** Why the scan could not fetch it for the browser (no answer at all), when it could not. */
  readonly failure?: Text;
  /** The status the site answered with, when the scan fetched it for the browser. */
  readonly status?: number;
}

export interface BrowserPage {
  readonly url: string;
  readonly requests: readonly AttemptedRequest[];
  /** Names of the cookies present before any consent choice, with the domain that holds them. */
  readonly cookiesBeforeChoice: readonly { readonly name: string; readonly domain: string }[];
  /** The rendered page's text (document.body.innerText), after its scripts ran. */
  readonly renderedText: string;
  /** Fingerprinting calls the page's scripts made (canvas read-back, WebGL renderer, audio). */
  readonly fingerprinting: readonly string[];
  /** The consent banner's buttons found and clicked, if any. */
  readonly consent: { readonly accept?: string; readonly reject?: string };
  /** A form that was submitted (its request held back), if the page had one. */
  readonly form?: { readonly tag: string; readonly submitted: boolean };
}

export interface BrowserObservation {
  readonly pages: readonly BrowserPage[];
  /** Why the browser part ended early or could not run (time budget, a crash); checks without data are then not verified. */
  readonly incomplete?: Text;
}

export type HitVendor = 'ga4' | 'google-ads' | 'meta' | 'linkedin' | 'tiktok' | 'bing' | 'clarity' | 'hotjar' | 'other-tracker';

/** One measurement hit: which vendor, which property, which event, and the consent state Google hits carry. */
export interface TrackingHit {
  readonly vendor: HitVendor;
  readonly id: string | undefined;
  readonly event: string | undefined;
  /** Google's consent state parameters (gcs: G1xy, gcd: the v2 string), when present. */
  readonly gcs?: string;
  readonly gcd?: string;
  readonly request: AttemptedRequest;
}

const TRACKER_HOSTS: readonly (readonly [RegExp, HitVendor])[] = [
  [/(^|\.)(google-analytics\.com|analytics\.google\.com)$/, 'ga4'],
  [/(^|\.)(doubleclick\.net|googleadservices\.com)$|^www\.google\.[a-z.]+$/, 'google-ads'],
  [/(^|\.)facebook\.(com|net)$/, 'meta'],
  [/(^|\.)(linkedin\.com|licdn\.com)$/, 'linkedin'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)clarity\.ms$/, 'clarity'],
  [/(^|\.)hotjar\.(com|io)$/, 'hotjar'],
];

/** Collection endpoints (the hit itself), as opposed to the vendor's script files. */
const COLLECT_PATH = /\/(g\/collect|collect|j\/collect|tr\/?|pagead\/(viewthroughconversion|conversion|1p-conversion)|ccm\/collect|action\/0|api\/v2\/pixel|li\/track|px\/|c\.gif)/;

/**
 * The measurement hits in a request: none, one, or several (a GA4 beacon batches events, one
 * per line of its body, over the parameters of its URL). A first-party server container
 * (/g/collect with a G- id on the site's own host) counts as GA4.
 */
export function trackingHits(request: AttemptedRequest): TrackingHit[] {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return [];
  }
  const vendor = TRACKER_HOSTS.find(([host]) => host.test(url.hostname))?.[1] ?? (/\/g\/collect$/.test(url.pathname) && /^G-/.test(url.searchParams.get('tid') ?? '') ? 'ga4' : undefined);
  if (vendor === undefined || !COLLECT_PATH.test(url.pathname)) return [];
  const base = url.searchParams;
  const lines = vendor === 'ga4' && request.body !== undefined && request.body.trim() !== '' ? request.body.split(/\r?\n/).filter(Boolean) : [''];
  return lines.map((line) => {
    const params = new URLSearchParams(base);
    for (const [key, value] of new URLSearchParams(line)) params.set(key, value);
    const get = (key: string) => params.get(key) ?? undefined;
    const id = vendor === 'ga4' ? get('tid') : vendor === 'meta' ? get('id') : vendor === 'linkedin' ? get('pid') : vendor === 'bing' ? get('ti') : get('id');
    const event = vendor === 'ga4' ? get('en') : vendor === 'meta' ? get('ev') : vendor === 'google-ads' ? (url.pathname.includes('conversion') ? 'conversion' : get('en')) : get('event') ?? get('evt');
    const gcs = get('gcs');
    const gcd = get('gcd');
    return { vendor, id, event, request, ...(gcs === undefined ? {} : { gcs }), ...(gcd === undefined ? {} : { gcd }) };
  });
}

/** Whether a request goes to a tracking vendor at all (a script load or a hit). */
export function isTrackerRequest(request: AttemptedRequest): boolean {
  try {
    const host = new URL(request.url).hostname;
    return TRACKER_HOSTS.some(([pattern]) => pattern.test(host)) || trackingHits(request).length > 0;
  } catch {
    return false;
  }
}

/** Cookies analytics and advertising tags set (Google, Meta, Microsoft, LinkedIn, TikTok, Hotjar). */
export const TRACKING_COOKIE = /^(_ga($|_)|_gid$|_gat|_gcl_|_fbp$|_fbc$|_ttp$|_tt_|li_(fat_id|sugr)$|_uet(sid|vid)$|_clck$|_clsk$|_hj|MUID$|IDE$|test_cookie$)/;
