import { isTrackerRequest, trackingHits, TRACKING_COOKIE, type BrowserObservation, type BrowserPage, type TrackingHit } from '../../browser/observation.js';
import type { ScanSnapshot } from '../../snapshot.js';
import { message } from '../../../messages/catalog.js';
import { Findings, m, notApplicable, notVerified, passed, problem, type CheckResult, type CheckSpec, type Text, t } from '../check.js';
import { listing, plural, quote, listingPl, pluralPl } from '../evidence.js';

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
          found: t(`${label} otrzymuje ${pluralPl(hits.length, 'wywołanie', 'wywołania', 'wywołań')} page view z jednego wczytania strony, więc każda wizyta jest liczona ${hits.length} razy.`, `${label} receives ${hits.length} page view hits from one load of the page, so every visit is counted ${hits.length} times.`),
          evidence: hits.slice(0, 3).map(describeHit),
          fix: t('Wysyłaj page view raz: usuń drugi tag lub drugą konfigurację (często fragment kodu wklejony na sztywno obok tego samego tagu w GTM) albo ustaw send_page_view: false w kopii.', 'Send the page view once: remove the second tag or configuration (often a hard-coded snippet next to the same tag in GTM), or set send_page_view: false on the copy.'),
        });
      }
    }
  }
  return findings.orPassed(t(counted.length === 0 ? 'Podczas wczytywania stron nie wysłano żadnego wywołania page view, więc żadne nie zostało zdublowane.' : `Jedno wywołanie page view na wczytanie: ${listingPl([...new Set(counted)])}.`, counted.length === 0 ? 'No page view hit was sent while the pages loaded, so none was doubled.' : `One page view hit per load: ${listing([...new Set(counted)])}.`));
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
        found: t(`${listingPl([...new Set(tracking.map(hitLabel))].sort())}: dane zostały wysłane, zanim użytkownik dokonał jakiegokolwiek wyboru w banerze zgody.`, `${listing([...new Set(tracking.map(hitLabel))].sort())} ${tracking.length === 1 ? 'was' : 'were'} sent data before the visitor made any choice on the consent banner.`),
        evidence: tracking.slice(0, 4).map(describeHit),
        fix: t('Uruchamiaj te tagi dopiero po wyrażeniu zgody (warunki zgody w GTM lub blokowanie przez platformę zgód), a tagi Google trzymaj na domyślnym denied w Consent Mode do czasu wyboru.', 'Fire these tags only after consent (GTM consent checks, or the consent platform blocking them), and keep Google tags on a denied Consent Mode default until the choice.'),
      });
    }
    const cookies = page.cookiesBeforeChoice.filter((cookie) => TRACKING_COOKIE.test(cookie.name));
    if (cookies.length > 0) {
      findings.at(page.url).add({
        severity: 'high',
        found: t(`Śledzące pliki cookie są zapisywane przed jakimkolwiek wyborem zgody: ${listingPl([...new Set(cookies.map((cookie) => cookie.name))])}. W UE wymaga to wcześniejszej zgody (art. 5 ust. 3 dyrektywy ePrivacy).`, `Tracking cookies are set before any consent choice: ${listing([...new Set(cookies.map((cookie) => cookie.name))])}. In the EU this needs consent first (ePrivacy art. 5(3)).`),
        evidence: cookies.slice(0, 5).map((cookie) => quote(`cookie ${cookie.name} (${cookie.domain})`)),
        fix: t('Niech platforma zgód wstrzymuje tagi zapisujące te pliki cookie, dopóki użytkownik ich nie zaakceptuje.', 'Let the consent platform hold the tags that set these cookies until the visitor accepts.'),
      });
    }
  }
  const banner = pages.find((page) => page.consent.accept !== undefined);
  return findings.orPassed(t(`Brak wywołań śledzących i śledzących plików cookie przed wyborem zgody (${pluralPl(pages.length, 'strona', 'strony', 'stron')})${banner === undefined ? '' : `; następnie kliknięto w banerze „${quote(banner.consent.accept!, 40)}”`}.`, `No tracking hits and no tracking cookies before a choice on ${plural(pages.length, 'page')}${banner === undefined ? '' : `; the banner's "${quote(banner.consent.accept!, 40)}" was then clicked`}.`));
});

/** Google's hits must carry the consent state: denied before and after a rejection, granted after acceptance. */
export const consentStateInHits = browserCheck('T8', 'Consent state reaches Google (gcs/gcd in the hits)', 8, (pages) => {
  const google = pages.flatMap((page) => hitsOf(page).map((hit) => ({ page, hit }))).filter(({ hit }) => hit.vendor === 'ga4' || hit.vendor === 'google-ads');
  if (google.length === 0) return nothingToJudge(pages, t('W przeglądarce nie wysłano żadnego wywołania Google Analytics ani Google Ads, więc nie ma stanu zgody do odczytania.', 'No Google Analytics or Google Ads hit was sent in the browser, so there is no consent state to read.'));
  const findings = new Findings();
  const stateless = google.filter(({ hit }) => hit.gcs === undefined && hit.gcd === undefined);
  if (stateless.length > 0) {
    findings.at(stateless[0]!.page.url).add({
      severity: 'high',
      found: t('Wywołania Google nie przekazują stanu zgody (brak parametru gcs i gcd): Consent Mode nie działa, więc Google traktuje dane jako zebrane za zgodą i nie może modelować pozostałych.', 'Google hits carry no consent state (no gcs or gcd parameter): Consent Mode is not active, so Google treats the data as collected with consent and cannot model the rest.'),
      evidence: stateless.slice(0, 3).map(({ hit }) => describeHit(hit)),
      fix: t("Wdróż Consent Mode v2: gtag('consent', 'default', ...) przed tagami, aktualizowane przez platformę zgód.", "Set up Consent Mode v2: a gtag('consent', 'default', ...) before the tags, updated by the consent platform."),
    });
  }
  const granted = (gcs: string | undefined) => gcs === 'G111' || gcs === 'G101' || gcs === 'G110';
  for (const phase of ['before-choice', 'after-reject'] as const) {
    const wrong = google.filter(({ hit }) => hit.request.phase === phase && granted(hit.gcs));
    if (wrong.length > 0) {
      findings.at(wrong[0]!.page.url).add({
        severity: 'high',
        found: t(phase === 'before-choice' ? 'Wywołania Google zgłaszają udzieloną zgodę, zanim użytkownik czegokolwiek wybrał (gcs pokazuje zgodę na zapis danych).' : 'Po odrzuceniu plików cookie przez użytkownika wywołania Google nadal zgłaszają udzieloną zgodę.', phase === 'before-choice' ? 'Google hits say consent was granted before the visitor chose anything (gcs shows granted storage).' : 'After the visitor rejected cookies, Google hits still say consent was granted.'),
        evidence: wrong.slice(0, 3).map(({ hit }) => describeHit(hit)),
        fix: t('Ustaw domyślnie ad_storage i analytics_storage na denied i pozwól platformie zgód aktualizować je wyłącznie zgodnie z wyborem użytkownika.', 'Default ad_storage and analytics_storage to denied, and let the consent platform update them only to what the visitor chose.'),
      });
    }
  }
  const afterAccept = google.filter(({ hit }) => hit.request.phase === 'after-accept');
  if (afterAccept.length > 0 && afterAccept.every(({ hit }) => hit.gcs === 'G100')) {
    findings.at(afterAccept[0]!.page.url).add({
      severity: 'medium',
      found: t('Po akceptacji przez użytkownika wywołania Google nadal zgłaszają brak zgody (gcs=G100): platforma zgód nie aktualizuje Consent Mode, więc wizyty ze zgodą są mierzone jak wizyty bez zgody.', 'After the visitor accepted, Google hits still say consent is denied (gcs=G100): the consent platform does not update Consent Mode, so consented visits are measured as unconsented.'),
      evidence: afterAccept.slice(0, 3).map(({ hit }) => describeHit(hit)),
      fix: t("Połącz platformę zgód z Consent Mode (jej szablon w GTM lub gtag('consent', 'update', ...) po akceptacji).", "Connect the consent platform to Consent Mode (its GTM template or gtag('consent', 'update', ...) on acceptance)."),
    });
  }
  const states = [...new Set(google.map(({ hit }) => `${hit.request.phase}: gcs=${hit.gcs ?? '-'}${hit.gcd === undefined ? '' : `, gcd=${hit.gcd}`}`))];
  return findings.orPassed(t(`Wywołania Google przekazują stan zgody (${listingPl(states.slice(0, 4))}).`, `Google hits carry the consent state (${listing(states.slice(0, 4))}).`));
});

export const runtimeFingerprinting = browserCheck('T11b', 'No canvas or audio fingerprinting at run time', 2, (pages) => {
  const findings = new Findings();
  for (const page of pages) {
    if (page.fingerprinting.length === 0) continue;
    findings.at(page.url).add({
      severity: 'medium',
      found: t('Skrypty na stronie odczytują to, co przeglądarka rysuje lub odtwarza, tak jak robi to fingerprinting identyfikujący użytkowników bez plików cookie; w UE wymaga to zgody tak samo jak cookie.', 'Scripts on the page read back what the browser draws or plays, the way fingerprinting identifies visitors without cookies; in the EU that needs consent like a cookie.'),
      evidence: page.fingerprinting.slice(0, 3),
      fix: t('Znajdź ten skrypt (często narzędzie antyfraudowe lub analityka „bez cookies”); uruchamiaj go dopiero po zgodzie albo tylko tam, gdzie uzasadnia to zapobieganie nadużyciom, i poinformuj o nim.', 'Find the script (often a fraud or "cookieless" analytics tool); run it only after consent, or only where fraud prevention justifies it, and disclose it.'),
    });
  }
  return findings.orPassed(t(`Brak odczytu canvas, zapytań o renderer WebGL i fingerprintingu audio podczas działania stron (${pluralPl(pages.length, 'strona', 'strony', 'stron')}).`, `No canvas read-back, WebGL renderer query or audio fingerprint while ${plural(pages.length, 'page')} ran.`));
});

const CONVERSION_EVENT = /^(generate_lead|form_submit|sign_up|contact|submit_application|conversion|purchase|Lead|Contact|SubmitApplication|CompleteRegistration|Schedule)$/;

export const formFiresConversion = browserCheck('T15b', 'Form submissions fire a conversion event', 2, (pages) => {
  const withForm = pages.find((page) => page.form?.submitted === true);
  if (withForm === undefined) return notApplicable(t('Na stronach wczytanych w przeglądarce nie ma formularza, więc nie ma wysłania do zmierzenia.', 'No form on the pages loaded in the browser, so there is no submission to measure.'));
  if (!anyTracking(pages)) return nothingToJudge(pages, NO_TRACKING);
  const after = hitsOf(withForm).filter((hit) => hit.request.phase === 'after-submit');
  const conversions = after.filter((hit) => CONVERSION_EVENT.test(hit.event ?? ''));
  if (conversions.length === 0) {
    return problem({
      severity: 'low',
      found: t(after.length === 0 ? 'Wysłanie formularza nie wygenerowało żadnego wywołania: zapytania z niego nie są mierzone jako konwersje.' : `Wysłanie formularza wygenerowało wywołania, ale żadne nie jest zdarzeniem konwersji (${listingPl([...new Set(after.map((hit) => `${hitLabel(hit)} ${hit.event ?? '?'}`))])}).`, after.length === 0 ? 'Submitting the form sent no hit at all: enquiries from it are not measured as conversions.' : `Submitting the form sent hits, but none is a conversion event (${listing([...new Set(after.map((hit) => `${hitLabel(hit)} ${hit.event ?? '?'}`))])}).`),
      evidence: [quote(withForm.form!.tag), ...after.slice(0, 2).map(describeHit)],
      fix: t('Wysyłaj konwersję po udanym wysłaniu formularza: zdarzenie GA4 generate_lead (oznaczone jako kluczowe) oraz zdarzenia leadów platform reklamowych, z GTM przy wysłaniu lub na stronie podziękowania.', 'Send a conversion on a successful submission: a GA4 generate_lead event (marked as a key event), and the ads platforms\' lead events, from GTM on the submit or the thank-you page.'),
      url: withForm.url,
    });
  }
  return passed(t(`Wysłanie formularza wywołało ${listingPl([...new Set(conversions.map((hit) => `${hitLabel(hit)} ${hit.event}`))])} (samo wysłanie zostało wstrzymane).`, `Submitting the form fired ${listing([...new Set(conversions.map((hit) => `${hitLabel(hit)} ${hit.event}`))])} (the submission itself was held back).`));
});
