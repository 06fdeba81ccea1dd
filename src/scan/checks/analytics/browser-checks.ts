import { isTrackerRequest, trackingHits, TRACKING_COOKIE, type BrowserObservation, type BrowserPage, type TrackingHit } from '../../browser/observation.js';
import type { ScanSnapshot } from '../../snapshot.js';
import { message } from '../../../messages/catalog.js';
import { Findings, m, notApplicable, notVerified, passed, problem, type CheckResult, type CheckSpec, type Text } from '../check.js';
import { quote } from '../evidence.js';

/**
 * The checks only a browser can make (T3b, T7b, T8, T11b, T15b): they read what the pages
 * attempted while running in the scan's headless Chromium (src/scan/browser). Without a
 * browser, or when it could not load the pages, they are not verified.
 */
function browserCheck(id: string, title: string, weight: number, judge: (pages: readonly BrowserPage[], snapshot: ScanSnapshot) => CheckResult): CheckSpec {
  return {
    id,
    title,
    weight,
    run(snapshot) {
      const observed: BrowserObservation | undefined = snapshot.browser;
      if (observed === undefined) return notVerified(m('browser.noBrowser'));
      if (observed.pages.length === 0) return notVerified(m('browser.notLoaded', { reason: observed.incomplete ?? { pl: message('pl', 'browser.noPageLoaded'), en: message('en', 'browser.noPageLoaded') } }));
      return judge(observed.pages, snapshot);
    },
  };
}

const hitsOf = (page: BrowserPage) => page.requests.flatMap(trackingHits);
const describeHit = (hit: TrackingHit) => quote(hit.request.url, 200);
/** Code-unit order, as `[...].sort()` gives it. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const hitLabel = (hit: TrackingHit) => `${HIT_VENDOR_LABEL[hit.vendor]}${hit.id === undefined ? '' : ` ${hit.id}`}`;
const HIT_VENDOR_LABEL: Readonly<Record<TrackingHit['vendor'], string>> = {
  ga4: 'GA4',
  'google-ads': 'Google Ads',
  meta: 'Meta Pixel',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  bing: 'Microsoft UET',
  clarity: 'Clarity',
  hotjar: 'Hotjar',
  'other-tracker': 'a tracker',
};
const anyTracking = (pages: readonly BrowserPage[]) => pages.some((page) => page.requests.some(isTrackerRequest) || page.cookiesBeforeChoice.some((cookie) => TRACKING_COOKIE.test(cookie.name)));
const NO_TRACKING = m('browser.noTracking');

/** Where the tags' own scripts come from: when one of these could not be fetched, the tags never ran. */
const TAG_LOADER = /^https?:\/\/([^/]+\.)?(googletagmanager\.com|google-analytics\.com|connect\.facebook\.net|snap\.licdn\.com|analytics\.tiktok\.com|bat\.bing\.com|clarity\.ms|hotjar\.com)\//;

/**
 * Nothing to judge, and why: when a tag loader (gtm.js, gtag.js, fbevents.js...) could not be
 * fetched for the browser, the pages sent nothing because the tags never ran, which says nothing
 * about the site's consent setup: not verified, with the reason. Otherwise: not applicable.
 */
function nothingToJudge(pages: readonly BrowserPage[], otherwise: Text): CheckResult {
  const failed = pages.flatMap((page) => page.requests).filter((request) => TAG_LOADER.test(request.url) && trackingHits(request).length === 0 && (request.failure !== undefined || (request.status ?? 0) >= 400));
  if (failed.length === 0) return notApplicable(otherwise);
  const first = failed[0]!;
  const reason = first.failure ?? { pl: message('pl', 'browser.loaderFailedStatus', { status: first.status! }), en: message('en', 'browser.loaderFailedStatus', { status: first.status! }) };
  return notVerified(m('browser.loaderFailed', { scripts: [...new Set(failed.map((request) => quote(request.url, 120)))], reason }));
}

/** The tracking hits the pages sent in the browser, labelled as the checks name them ("GA4 G-…"). */
export function hitLabels(pages: readonly BrowserPage[]): string[] {
  return [...new Set(pages.flatMap(hitsOf).map(hitLabel))].sort(compareText);
}

/** A page view counted twice: the same property gets two page_view (PageView) hits from one load. */
export const oneHitPerPageView = browserCheck('T3b', 'One hit per page view (no double collection)', 4, (pages) => {
  if (!anyTracking(pages)) return nothingToJudge(pages, NO_TRACKING);
  const findings = new Findings();
  const counted: string[] = [];
  for (const page of pages) {
    for (const phase of ['before-choice', 'after-accept'] as const) {
      const views = hitsOf(page).filter((hit) => hit.request.phase === phase && /^(page_view|PageView)$/.test(hit.event ?? ''));
      const byId = new Map<string, TrackingHit[]>();
      for (const hit of views) byId.set(hitLabel(hit), [...(byId.get(hitLabel(hit)) ?? []), hit]);
      for (const [label, hits] of byId) {
        if (hits.length < 2) {
          counted.push(label);
          continue;
        }
        findings.at(page.url).add({
          severity: 'high',
          found: m('T3b.doubled', { label, count: hits.length }),
          evidence: hits.slice(0, 3).map(describeHit),
          fix: m('T3b.fix'),
        });
      }
    }
  }
  return findings.orPassed(counted.length === 0 ? m('T3b.passedNone') : m('T3b.passed', { labels: [...new Set(counted)] }));
});

/** Hits and cookies before the visitor chose anything on the banner. */
export const nothingBeforeChoice = browserCheck('T7b', 'No tracking requests or cookies before a consent choice', 6, (pages) => {
  if (!anyTracking(pages)) return nothingToJudge(pages, NO_TRACKING);
  const findings = new Findings();
  for (const page of pages) {
    const before = hitsOf(page).filter((hit) => hit.request.phase === 'before-choice');
    // A Google hit that says consent is denied (gcs=G100) is Consent Mode's cookieless ping: allowed by design.
    // In the order of their tags' names, as `found` lists them: the browser sends them in
    // whatever order the network gives, and the same site must give the same report.
    const tracking = before.filter((hit) => !((hit.vendor === 'ga4' || hit.vendor === 'google-ads') && hit.gcs === 'G100')).sort((a, b) => compareText(hitLabel(a), hitLabel(b)));
    if (tracking.length > 0) {
      findings.at(page.url).add({
        severity: 'high',
        found: m('T7b.hits', { tags: [...new Set(tracking.map(hitLabel))].sort(), count: new Set(tracking.map(hitLabel)).size }),
        evidence: tracking.slice(0, 4).map(describeHit),
        fix: m('T7b.hitsFix'),
      });
    }
    const cookies = page.cookiesBeforeChoice.filter((cookie) => TRACKING_COOKIE.test(cookie.name));
    if (cookies.length > 0) {
      findings.at(page.url).add({
        severity: 'high',
        found: m('T7b.cookies', { cookies: [...new Set(cookies.map((cookie) => cookie.name))] }),
        evidence: cookies.slice(0, 5).map((cookie) => quote(`cookie ${cookie.name} (${cookie.domain})`)),
        fix: m('T7b.cookiesFix'),
      });
    }
  }
  const banner = pages.find((page) => page.consent.accept !== undefined);
  return findings.orPassed(m('T7b.passed', { pages: pages.length, button: banner === undefined ? 'none' : quote(banner.consent.accept!, 40) }));
});

/** Google's hits must carry the consent state: denied before and after a rejection, granted after acceptance. */
export const consentStateInHits = browserCheck('T8', 'Consent state reaches Google (gcs/gcd in the hits)', 8, (pages) => {
  const google = pages.flatMap((page) => hitsOf(page).map((hit) => ({ page, hit }))).filter(({ hit }) => hit.vendor === 'ga4' || hit.vendor === 'google-ads');
  if (google.length === 0) return nothingToJudge(pages, m('T8.noGoogle'));
  const findings = new Findings();
  const stateless = google.filter(({ hit }) => hit.gcs === undefined && hit.gcd === undefined);
  if (stateless.length > 0) {
    findings.at(stateless[0]!.page.url).add({
      severity: 'high',
      found: m('T8.stateless'),
      evidence: stateless.slice(0, 3).map(({ hit }) => describeHit(hit)),
      fix: m('T8.statelessFix'),
    });
  }
  const granted = (gcs: string | undefined) => gcs === 'G111' || gcs === 'G101' || gcs === 'G110';
  for (const phase of ['before-choice', 'after-reject'] as const) {
    const wrong = google.filter(({ hit }) => hit.request.phase === phase && granted(hit.gcs));
    if (wrong.length > 0) {
      findings.at(wrong[0]!.page.url).add({
        severity: 'high',
        found: m('T8.granted', { phase: phase === 'before-choice' ? 'before' : 'reject' }),
        evidence: wrong.slice(0, 3).map(({ hit }) => describeHit(hit)),
        fix: m('T8.grantedFix'),
      });
    }
  }
  const afterAccept = google.filter(({ hit }) => hit.request.phase === 'after-accept');
  if (afterAccept.length > 0 && afterAccept.every(({ hit }) => hit.gcs === 'G100')) {
    findings.at(afterAccept[0]!.page.url).add({
      severity: 'medium',
      found: m('T8.notUpdated'),
      evidence: afterAccept.slice(0, 3).map(({ hit }) => describeHit(hit)),
      fix: m('T8.notUpdatedFix'),
    });
  }
  const states = [...new Set(google.map(({ hit }) => `${hit.request.phase}: gcs=${hit.gcs ?? '-'}${hit.gcd === undefined ? '' : `, gcd=${hit.gcd}`}`))];
  return findings.orPassed(m('T8.passed', { states: states.slice(0, 4) }));
});

export const runtimeFingerprinting = browserCheck('T11b', 'No canvas or audio fingerprinting at run time', 2, (pages) => {
  const findings = new Findings();
  for (const page of pages) {
    if (page.fingerprinting.length === 0) continue;
    findings.at(page.url).add({
      severity: 'medium',
      found: m('T11b.found'),
      evidence: page.fingerprinting.slice(0, 3),
      fix: m('T11b.fix'),
    });
  }
  return findings.orPassed(m('T11b.passed', { pages: pages.length }));
});

const CONVERSION_EVENT = /^(generate_lead|form_submit|sign_up|contact|submit_application|conversion|purchase|Lead|Contact|SubmitApplication|CompleteRegistration|Schedule)$/;

export const formFiresConversion = browserCheck('T15b', 'Form submissions fire a conversion event', 2, (pages) => {
  const withForm = pages.find((page) => page.form?.submitted === true);
  if (withForm === undefined) return notApplicable(m('T15b.noForm'));
  if (!anyTracking(pages)) return nothingToJudge(pages, NO_TRACKING);
  const after = hitsOf(withForm).filter((hit) => hit.request.phase === 'after-submit');
  const conversions = after.filter((hit) => CONVERSION_EVENT.test(hit.event ?? ''));
  if (conversions.length === 0) {
    return problem({
      severity: 'low',
      found: after.length === 0 ? m('T15b.nothingSent') : m('T15b.noConversion', { hits: [...new Set(after.map((hit) => `${hitLabel(hit)} ${hit.event ?? '?'}`))] }),
      evidence: [quote(withForm.form!.tag), ...after.slice(0, 2).map(describeHit)],
      fix: m('T15b.fix'),
      url: withForm.url,
    });
  }
  return passed(m('T15b.passed', { hits: [...new Set(conversions.map((hit) => `${hitLabel(hit)} ${hit.event}`))] }));
});
