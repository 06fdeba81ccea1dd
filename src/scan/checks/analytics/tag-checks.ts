import type { HtmlPage } from '../../../net/page/html-page.js';
import type { ScanSnapshot } from '../../snapshot.js';
import { m, notApplicable, notVerified, passed, problem, Findings, type CheckSpec, t } from '../check.js';
import { listing, plural, quote, listingPl, pluralPl } from '../evidence.js';
import { hitLabels } from './browser-checks.js';
import { CONSENT_KEYS, findConsentDefaults, type ConsentDefault } from './consent-mode.js';
import { detectConsentPlatforms, detectTags, isExecutableType, isHeldForConsent, VENDORS, type ConsentPlatformHit, type DetectedTag, type Vendor } from './tags.js';

export interface PageTags {
  readonly page: HtmlPage;
  readonly tags: readonly DetectedTag[];
  readonly platforms: readonly ConsentPlatformHit[];
  readonly defaults: readonly ConsentDefault[];
}

const cache = new WeakMap<ScanSnapshot, readonly PageTags[]>();

/** Tags, consent platforms and Consent Mode defaults of every page read (computed once per scan). */
export function pageTags(snapshot: ScanSnapshot): readonly PageTags[] {
  let value = cache.get(snapshot);
  if (value === undefined) {
    value = snapshot.pages.map((page) => ({ page, tags: detectTags(page), platforms: detectConsentPlatforms(page), defaults: findConsentDefaults(page) }));
    cache.set(snapshot, value);
  }
  return value;
}

const label = (tag: DetectedTag) => `${VENDORS[tag.vendor].label}${tag.id === undefined ? '' : ` ${tag.id}`}`;
/** One label per tag: a vendor's id-less loader is dropped when the same vendor shows an id elsewhere. */
export function tagLabels(tags: readonly DetectedTag[]): string[] {
  const withId = new Set(tags.filter((tag) => tag.id !== undefined).map((tag) => tag.vendor));
  return [...new Set(tags.filter((tag) => tag.id !== undefined || !withId.has(tag.vendor)).map(label))];
}

/** Each snippet once, even when it both loads a tag and configures it. */
const evidenceOf = (tags: readonly DetectedTag[], count = 3) => [...new Set(tags.map((tag) => tag.evidence))].slice(0, count);

const isMeasurement = (vendor: Vendor) => VENDORS[vendor].class !== 'fingerprinting';

export const tagInventory: CheckSpec = {
  id: 'T1',
  title: 'Tag inventory: which analytics and advertising tags the site loads',
  weight: 10,
  run(snapshot) {
    const all = pageTags(snapshot).flatMap((entry) => entry.tags);
    const live = all.filter((tag) => tag.vendor !== 'universal-analytics' && isMeasurement(tag.vendor));
    // With a browser, what the pages sent counts too: tags a script adds are seen there.
    const browserPages = snapshot.browser?.pages ?? [];
    const sent = hitLabels(browserPages);
    if (live.length === 0 && sent.length > 0) return passed(m('T1.passedBrowser', { tags: sent }));
    if (live.length === 0) {
      return problem({
        // Nothing measured caps the grade like any critical problem: no setup detail can make up for it.
        severity: 'critical',
        found: all.length > 0 ? m('T1.onlyUniversal') : m('T1.none', { browser: browserPages.length > 0 ? 'yes' : 'no' }),
        ...(all.length > 0 ? {} : { checked: m('T1.noneChecked', { pages: snapshot.pages.length }) }),
        evidence: all.slice(0, 3).map((tag) => tag.evidence),
        fix: m('T1.fix'),
        url: snapshot.home.url,
      });
    }
    return passed(m('T1.passed', { tags: tagLabels(all) }));
  },
};

/** Google ids and pixel ids that are placeholders from a template: the tag sends to nowhere. */
const PLACEHOLDER = /^(GTM|G|UA|AW|DC|GT)-(X{4,}|0{6,}|1234567|ABC\w*|YOUR\w*)|X{6,}|^(YOUR|INSERT|REPLACE|PIXEL)_?\w*|^0+$|^1234567890?$/i;
const VALID_ID: Partial<Record<Vendor, RegExp>> = {
  gtm: /^GTM-[A-Z0-9]{4,10}$/,
  ga4: /^(G|GT)-[A-Z0-9]{6,12}$/,
  'universal-analytics': /^UA-\d{4,10}-\d{1,4}$/,
  'google-ads': /^AW-\d{6,12}(\/[\w-]+)?$/,
  floodlight: /^DC-\d{5,10}$/,
  'meta-pixel': /^\d{10,20}$/,
};

export const deadIds: CheckSpec = {
  id: 'T2',
  title: 'No retired, placeholder or malformed tag ids',
  weight: 10,
  run(snapshot) {
    const tags = pageTags(snapshot).flatMap((entry) => entry.tags);
    const findings = new Findings();
    const seen = new Set<string>();
    for (const tag of tags) {
      const key = `${tag.vendor}|${tag.id ?? ''}|${tag.pageUrl}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (tag.vendor === 'universal-analytics') {
        findings.add({
          severity: 'high',
          found: t(`Na stronie nadal jest Universal Analytics${tag.id === undefined ? '' : ` (${tag.id})`}. Google przestał przetwarzać jego dane 1 lipca 2023 r. (usługi 360: 1 lipca 2024 r.), więc nic nie zbiera, a jedynie wydłuża ładowanie strony.`, `Universal Analytics${tag.id === undefined ? '' : ` (${tag.id})`} is still on the page. Google stopped processing its data on 1 July 2023 (360 properties: 1 July 2024), so it collects nothing and only costs load time.`),
          evidence: [tag.evidence],
          fix: t('Usuń tag UA; mierz ruch w usłudze GA4 (przez GTM lub gtag.js).', 'Remove the UA tag; measure with a GA4 property (through GTM or gtag.js).'),
          url: tag.pageUrl,
        });
        continue;
      }
      if (tag.id === undefined) continue;
      if (PLACEHOLDER.test(tag.id)) {
        findings.add({
          severity: 'high',
          found: t(`${VENDORS[tag.vendor].label} ma ustawiony przykładowy identyfikator „${quote(tag.id, 40)}”, więc dane nigdzie nie trafiają.`, `${VENDORS[tag.vendor].label} is set up with the placeholder id "${quote(tag.id, 40)}", so it sends data nowhere.`),
          evidence: [tag.evidence],
          fix: t(`Zastąp przykładowy identyfikator prawdziwym identyfikatorem ${VENDORS[tag.vendor].label} z konta albo usuń tag.`, `Replace the placeholder with the real ${VENDORS[tag.vendor].label} id from the account, or remove the tag.`),
          url: tag.pageUrl,
        });
        continue;
      }
      const valid = VALID_ID[tag.vendor];
      if (valid !== undefined && !valid.test(tag.id)) {
        findings.add({
          severity: 'medium',
          found: t(`Identyfikator ${VENDORS[tag.vendor].label} „${quote(tag.id, 40)}” nie ma formatu, jaki mają takie identyfikatory, więc tag najpewniej nie działa.`, `The ${VENDORS[tag.vendor].label} id "${quote(tag.id, 40)}" is not in the form such ids take, so the tag probably does not work.`),
          evidence: [tag.evidence],
          fix: t('Skopiuj identyfikator ponownie z konta (wielkie litery, bez spacji).', 'Copy the id again from the account (upper case, no spaces).'),
          url: tag.pageUrl,
        });
      }
    }
    const ids = [...new Set(tags.map((tag) => tag.id).filter((id): id is string => id !== undefined))];
    return findings.orPassed(t(ids.length === 0 ? 'Brak identyfikatorów tagów do sprawdzenia.' : `Wszystkie identyfikatory tagów są aktywne i poprawne: ${listingPl(ids.slice(0, 8))}.`, ids.length === 0 ? 'No tag ids to check.' : `All tag ids are live and well-formed: ${listing(ids.slice(0, 8))}.`));
  },
};

export const duplicates: CheckSpec = {
  id: 'T3',
  title: 'No duplicate tags (double counting)',
  weight: 10,
  run(snapshot) {
    const findings = new Findings();
    for (const { page, tags } of pageTags(snapshot)) {
      const counts = new Map<string, DetectedTag[]>();
      for (const tag of tags) {
        if (tag.id === undefined || tag.kind === 'noscript') continue;
        const key = `${tag.vendor}|${tag.kind}|${tag.id}`;
        counts.set(key, [...(counts.get(key) ?? []), tag]);
      }
      for (const group of counts.values()) {
        if (group.length < 2) continue;
        const first = group[0]!;
        const what = first.kind === 'loader' ? 'loaded' : first.vendor === 'meta-pixel' ? 'initialised' : 'configured';
        const whatPl = first.kind === 'loader' ? 'ładowany' : first.vendor === 'meta-pixel' ? 'inicjowany' : 'konfigurowany';
        findings.at(page.url).add({
          severity: 'high',
          found: t(`${label(first)} jest ${whatPl} na tej stronie ${group.length} razy, więc każde wyświetlenie strony i każde zdarzenie liczy się ${group.length} razy.`, `${label(first)} is ${what} ${group.length} times on this page, so every page view and event is counted ${group.length} times.`),
          evidence: group.slice(0, 3).map((tag) => tag.evidence),
          fix: t(first.vendor === 'gtm' ? 'Zostaw jeden fragment kodu kontenera na stronie (często dodają go jednocześnie motyw i wtyczka).' : `Zostaw jedno ${first.kind === 'loader' ? 'ładowanie' : 'wywołanie konfiguracji'} dla tego identyfikatora; usuń kopię dodaną przez wtyczkę, motyw lub GTM.`, first.vendor === 'gtm' ? 'Keep one container snippet per page (often a theme and a plugin both add it).' : `Keep one ${first.kind === 'loader' ? 'loader' : 'configuration call'} for this id; remove the copy added by a plugin, theme or GTM.`)
        });
      }
      const containers = [...new Set(tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader' && tag.id !== undefined).map((tag) => tag.id!))];
      if (containers.length > 1) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`Strona ładuje ${pluralPl(containers.length, 'kontener', 'kontenery', 'kontenerów')} GTM (${listingPl(containers)}). Jeśli oba wysyłają GA4 lub konwersje reklamowe, są one liczone podwójnie.`, `The page loads ${containers.length} GTM containers (${listing(containers)}). If both send GA4 or ad conversions, they are counted twice.`),
          evidence: tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader').slice(0, 3).map((tag) => tag.evidence),
          fix: t('Połącz kontenery albo upewnij się, że każdy tag jest tylko w jednym z nich.', 'Merge the containers, or make sure each tag lives in only one of them.')
        });
      }
    }
    return findings.orPassed(t('Każdy tag i identyfikator jest ładowany i konfigurowany raz na stronę.', 'Each tag and id is loaded and configured once per page.'));
  },
};

export const gtmHygiene: CheckSpec = {
  id: 'T4',
  title: 'Google Tag Manager installed as Google documents it',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    let anyGtm = false;
    for (const { page, tags } of pageTags(snapshot)) {
      const loaders = tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader');
      if (loaders.length === 0) continue;
      anyGtm = true;
      const loader = loaders[0]!;
      if (!loader.inHead) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t('Kontener GTM ładuje się w <body> zamiast wysoko w <head>, więc startuje późno i pomija użytkowników, którzy szybko opuszczają stronę.', 'The GTM container loads in <body> instead of high in <head>, so it starts late and misses visitors who leave quickly.'),
          evidence: [loader.evidence],
          fix: t('Przenieś fragment kodu GTM jak najwyżej w <head> (za domyślnymi ustawieniami Consent Mode i banerem zgody).', 'Move the GTM snippet as high in <head> as possible (after the Consent Mode default and the consent banner).')
        });
      }
      const noscript = tags.some((tag) => tag.vendor === 'gtm' && tag.kind === 'noscript');
      if (!noscript) {
        findings.at(page.url).add({
          severity: 'low',
          found: t('Brakuje części <noscript> kodu GTM (ramki iframe ns.html zaraz po <body>).', 'The GTM <noscript> fallback (the ns.html iframe right after <body>) is missing.'),
          checked: m('T4.noscriptChecked', { id: loader.id ?? 'GTM-…' }),
          evidence: [],
          fix: t('Dodaj drugą część fragmentu kodu GTM bezpośrednio po otwierającym znaczniku <body>.', 'Add the second part of the GTM snippet immediately after the opening <body> tag.')
        });
      }
      const initOrder = page.scripts.find((script) => /dataLayer\s*=\s*(window\.dataLayer\s*\|\|\s*)?\[|w\[l\]\s*=\s*w\[l\]\s*\|\|\s*\[|dataLayer\s*\|\|\s*\[\]/.test(script.code))?.order;
      const earlyPush = page.scripts.find((script) => /(^|[^.\w])dataLayer\.push\(/.test(script.code) && !/dataLayer\s*=|w\[l\]\s*=|dataLayer\s*\|\|/.test(script.code) && (initOrder === undefined || script.order < initOrder));
      if (earlyPush !== undefined) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t('dataLayer.push jest wywoływane, zanim powstanie dataLayer, co powoduje błąd: przekazywane dane przepadają.', 'dataLayer.push runs before dataLayer is created, which throws an error: what it pushes is lost.'),
          evidence: [quote(earlyPush.code, 160)],
          fix: t('Zacznij skrypt od „window.dataLayer = window.dataLayer || [];” albo przenieś go za fragment kodu GTM.', 'Start the script with "window.dataLayer = window.dataLayer || [];" or move it after the GTM snippet.')
        });
      }
    }
    if (!anyGtm) return notApplicable(t('Na przeczytanych stronach nie ma kontenera Google Tag Manager: nie ma czego sprawdzać.', 'No Google Tag Manager container on the pages read: nothing to check.'));
    return findings.orPassed(t('GTM ładuje się w <head>, ma część <noscript>, a dataLayer istnieje, zanim zostanie użyty.', 'GTM loads in <head>, has its <noscript> fallback, and dataLayer exists before it is used.'));
  },
};

/** Consent tools that set the Consent Mode v2 defaults themselves (then no inline default is needed). */
const SETS_CONSENT_MODE = /Cookiebot|OneTrust|Usercentrics|Borlabs|Complianz|CookieYes|Didomi|iubenda|CookieFirst|Axeptio|Google consent messages|Termly|Osano/;

function hasTrackers(entries: readonly PageTags[]): boolean {
  return entries.some((entry) => entry.tags.some((tag) => tag.vendor !== 'universal-analytics'));
}

export const consentPlatform: CheckSpec = {
  id: 'T5',
  title: 'A consent platform (cookie banner) is in place before the tags',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const platforms = entries.flatMap((entry) => entry.platforms);
    if (!hasTrackers(entries)) return passed(t(platforms.length === 0 ? 'Brak tagów śledzących, więc platforma zgód nie jest potrzebna.' : `Platforma zgód: ${listingPl([...new Set(platforms.map((hit) => hit.name))])}.`, platforms.length === 0 ? 'No tracking tags, so no consent platform is needed.' : `Consent platform: ${listing([...new Set(platforms.map((hit) => hit.name))])}.`));
    if (platforms.length === 0) {
      const tags = entries.flatMap((entry) => entry.tags);
      return problem({
            severity: 'high',
            found: t('Tagi śledzące się ładują, ale nie znaleziono platformy zgód (banera cookies). W UE pliki cookie analityczne i reklamowe wymagają wcześniejszej zgody (RODO, ePrivacy), a Google wymaga sygnałów zgody do pomiaru reklam w EOG.', 'Tracking tags load but no consent platform (cookie banner) was found. In the EU, analytics and advertising cookies need consent first (GDPR, ePrivacy), and Google requires consent signals for ads measurement in the EEA.'),
            evidence: evidenceOf(tags, 4),
            fix: t('Dodaj certyfikowaną platformę zgód (CMP, np. Cookiebot, CookieYes, Usercentrics, OneTrust) ładowaną przed tagami i połączoną z Consent Mode v2.', 'Add a certified consent platform (e.g. Cookiebot, CookieYes, Usercentrics, OneTrust) before the tags, connected to Consent Mode v2.'),
            url: snapshot.home.url,
          });
    }
    const findings = new Findings();
    for (const { page, tags, platforms: hits } of entries) {
      const platform = hits[0];
      const firstTag = tags.filter((tag) => tag.kind === 'loader').sort((a, b) => a.order - b.order)[0];
      if (platform !== undefined && firstTag !== undefined && platform.order > firstTag.order && !platform.name.includes('TCF')) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`Platforma zgód (${platform.name}) ładuje się po ${label(firstTag)}, więc tag startuje, zanim znana jest decyzja o zgodzie.`, `The consent platform (${platform.name}) loads after ${label(firstTag)}, so the tag starts before consent is known.`),
          evidence: [firstTag.evidence, platform.evidence],
          fix: t('Ładuj najpierw platformę zgód w <head>, potem domyślne ustawienia Consent Mode, a dopiero potem GTM.', 'Load the consent platform first in <head>, then the Consent Mode default, then GTM.')
        });
      }
    }
    return findings.orPassed(t(`Platforma zgód: ${listingPl([...new Set(platforms.map((hit) => hit.name))])}, ładowana przed tagami.`, `Consent platform: ${listing([...new Set(platforms.map((hit) => hit.name))])}, loaded before the tags.`));
  },
};

export const consentModeDefaults: CheckSpec = {
  id: 'T6',
  title: 'Consent Mode v2 defaults: all four keys, set before the Google tags',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const google = entries.flatMap((entry) => entry.tags).filter((tag) => VENDORS[tag.vendor].google === true && tag.vendor !== 'universal-analytics');
    if (google.length === 0) return notApplicable(t('Brak tagów Google, więc Consent Mode nie ma zastosowania.', 'No Google tags, so Consent Mode does not apply.'));
    const defaults = entries.flatMap((entry) => entry.defaults);
    const platforms = entries.flatMap((entry) => entry.platforms);
    if (defaults.length === 0) {
      const platform = platforms.find((hit) => SETS_CONSENT_MODE.test(hit.name));
      if (platform !== undefined) {
        return notVerified(t(`W HTML nie ma gtag('consent', 'default', ...); ${platform.name} (lub szablon zgody w GTM) zwykle sam ustawia domyślne wartości Consent Mode v2, co może potwierdzić tylko przeglądarka (T8).`, `No gtag('consent', 'default', ...) in the HTML; ${platform.name} (or a GTM consent template) usually sets the Consent Mode v2 defaults itself, which only a browser can confirm (T8).`));
      }
      return problem({
            severity: 'high',
            found: t('Tagi Google ładują się bez domyślnych ustawień Consent Mode v2. Od marca 2024 r. Google wymaga sygnałów zgody (ad_user_data, ad_personalization) do pomiaru reklam i list odbiorców w EOG, a bez ustawień domyślnych tagi działają tak, jakby zgoda została udzielona.', 'Google tags load without any Consent Mode v2 default. Since March 2024 Google needs consent signals (ad_user_data, ad_personalization) for ads measurement and audiences in the EEA, and without a default the tags run as if consent were granted.'),
            evidence: google.slice(0, 2).map((tag) => tag.evidence),
            fix: t("Przed GTM lub gtag.js dodaj gtag('consent', 'default', {ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500}) i pozwól platformie zgód je aktualizować.", "Before GTM or gtag.js, add gtag('consent', 'default', {ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500}) and let the consent platform update it."),
            url: snapshot.home.url,
          });
    }
    const findings = new Findings();
    for (const { page, tags, defaults: pageDefaults } of entries) {
      const consentDefault = pageDefaults[0];
      const firstGoogle = tags.filter((tag) => VENDORS[tag.vendor].google === true && tag.kind === 'loader').sort((a, b) => a.order - b.order)[0];
      if (consentDefault === undefined) continue;
      const missing = CONSENT_KEYS.filter((key) => !consentDefault.values.has(key));
      if (missing.length > 0) {
        const v1 = missing.includes('ad_user_data') || missing.includes('ad_personalization');
        findings.at(page.url).add({
          severity: 'high',
          found: t(`Domyślne ustawienia Consent Mode ${v1 ? 'są tylko w wersji v1: brakuje' : 'nie zawierają'} ${listingPl(missing)}. ${v1 ? 'Bez kluczy v2 Google traktuje ruch z EOG jako ruch bez zgody na reklamy.' : ''}`.trim(), `The Consent Mode default ${v1 ? 'is v1 only: it lacks' : 'lacks'} ${listing(missing)}. ${v1 ? 'Without the v2 keys Google treats EEA traffic as without consent for ads.' : ''}`.trim()),
          evidence: [consentDefault.evidence],
          fix: t(`Dodaj do ustawień domyślnych ${listingPl(missing.map((key) => `${key}: 'denied'`))} i pozwól platformie zgód je aktualizować.`, `Add ${listing(missing.map((key) => `${key}: 'denied'`))} to the default, and have the consent platform update them.`)
        });
      }
      if (firstGoogle !== undefined && consentDefault.order > firstGoogle.order) {
        findings.at(page.url).add({
          severity: 'high',
          found: t(`Domyślne ustawienia Consent Mode są ustawiane po załadowaniu ${label(firstGoogle)}, więc pierwsze wywołania wychodzą, zanim zaczną obowiązywać.`, `The Consent Mode default is set after ${label(firstGoogle)} loads, so the first hits go out before the default applies.`),
          evidence: [firstGoogle.evidence, consentDefault.evidence],
          fix: t('Przenieś skrypt gtag(\'consent\', \'default\', ...) nad fragment kodu GTM / gtag.js.', 'Move the gtag(\'consent\', \'default\', ...) script above the GTM / gtag.js snippet.')
        });
      }
      const granted = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'].filter((key) => consentDefault.values.get(key) === 'granted');
      if (granted.length > 0 && !consentDefault.regional) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`Ustawienia domyślne przyznają ${listingPl(granted)}, zanim ktokolwiek dokonał wyboru: w UE to śledzenie bez zgody.`, `The default grants ${listing(granted)} before anyone chose: in the EU this is tracking without consent.`),
          evidence: [consentDefault.evidence],
          fix: t("Ustaw domyślnie 'denied' (co najmniej dla EOG i Wielkiej Brytanii przez parametr region) i przyznawaj zgodę dopiero po jej wyrażeniu.", "Default to 'denied' (at least for EEA and UK regions with the region parameter) and grant only after consent.")
        });
      }
      if (!consentDefault.values.has('wait_for_update') && platforms.length > 0) {
        findings.at(page.url).add({
          severity: 'low',
          found: t('Ustawienia domyślne nie mają wait_for_update, więc tagi mogą zadziałać, zanim asynchroniczna platforma zgód przekaże zapisany wybór.', 'The default has no wait_for_update, so tags may fire before an asynchronous consent platform reports the stored choice.'),
          evidence: [consentDefault.evidence],
          fix: t('Dodaj wait_for_update: 500 do ustawień domyślnych.', 'Add wait_for_update: 500 to the default.')
        });
      }
    }
    return findings.orPassed(t('Domyślne ustawienia Consent Mode v2 ze wszystkimi czterema kluczami, domyślnie denied, ustawiane przed tagami Google.', 'Consent Mode v2 default with all four keys, denied by default, set before the Google tags.'));
  },
};

export const trackingBeforeConsent: CheckSpec = {
  id: 'T7',
  title: 'No tracking before consent (signs in the HTML)',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const platform = entries.flatMap((entry) => entry.platforms)[0];
    const denied = (entry: PageTags) => entry.defaults.some((value) => value.values.get('analytics_storage') === 'denied' || value.values.get('ad_storage') === 'denied');
    const early = entries
      .map((entry) => {
        const { tags, platforms } = entry;
        if (platforms.length > 0 && platforms.some((hit) => hit.autoBlocking)) return { entry, tags: [] };
        const running = tags.filter((tag) => tag.kind !== 'noscript' && tag.script !== undefined && isExecutableType(tag.script.type) && !isHeldForConsent(tag.script));
        return {
          entry,
          tags: running.filter((tag) => {
            if (tag.vendor === 'universal-analytics') return false;
            if (VENDORS[tag.vendor].google === true) return !denied(entry) && platforms.length === 0;
            return true;
          }),
        };
      })
      .filter((page) => page.tags.length > 0);
    if (early.length === 0) return passed(m(hasTrackers(entries) ? 'T7.passedHeld' : 'T7.passedNone'));
    // One problem, listed once with every page it is on: the tags of all pages named together.
    const names = tagLabels(early.flatMap((page) => page.tags));
    // Nothing at all stands between the tags and the visitor: no banner, no denied default anywhere.
    // Tracking before consent is then certain, and in the EU a legal risk (EDPB Guidelines 05/2020
    // on consent, UODO): critical, capping the grade like having no analytics at all.
    const unguarded = platform === undefined && !entries.some(denied);
    const findings = new Findings();
    for (const { entry, tags } of early) {
      findings.at(entry.page.url).add({
        severity: unguarded ? 'critical' : 'high',
        found: unguarded ? m('T7.noConsentAtAll', { tags: names, count: names.length }) : m('T7.withPlatform', { tags: names, count: names.length, platform: platform?.name ?? '' }),
        evidence: evidenceOf(tags),
        fix: m(unguarded ? 'T7.fixNoConsent' : 'T7.fix'),
      });
    }
    return findings.orPassed(m('T7.passedNone'));
  },
};

export { hasTrackers };
