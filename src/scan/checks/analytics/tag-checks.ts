import type { HtmlPage } from '../../../net/page/html-page.js';
import type { ScanSnapshot } from '../../snapshot.js';
import { notApplicable, notVerified, passed, problem, Findings, type CheckSpec } from '../check.js';
import { listing, plural, quote } from '../evidence.js';
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
    if (live.length === 0) {
      return problem({
            // Nothing measured caps the grade like any critical problem: no setup detail can make up for it.
            severity: 'critical',
            found:
              all.length > 0
                ? 'The only analytics on the site is Universal Analytics, which stopped collecting data in 2023: nothing is measured.'
                : 'No analytics or advertising tag was found in the HTML: visits and conversions are not measured (or tags are added by a script we cannot see without a browser).',
            evidence: all.length > 0 ? all.slice(0, 3).map((tag) => tag.evidence) : [`${plural(snapshot.pages.length, 'page')} read, no GTM, gtag.js, Meta Pixel, LinkedIn, TikTok, UET, Clarity, Hotjar, Matomo or Plausible`],
            fix: 'Install Google Tag Manager with a GA4 tag (or another analytics tool) on every page, behind your consent banner.',
            url: snapshot.home.url,
          });
    }
    return passed(`Tags found: ${listing(tagLabels(all))}.`);
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
          found: `Universal Analytics${tag.id === undefined ? '' : ` (${tag.id})`} is still on the page. Google stopped processing its data on 1 July 2023 (360 properties: 1 July 2024), so it collects nothing and only costs load time.`,
          evidence: [tag.evidence],
          fix: 'Remove the UA tag; measure with a GA4 property (through GTM or gtag.js).',
          url: tag.pageUrl,
        });
        continue;
      }
      if (tag.id === undefined) continue;
      if (PLACEHOLDER.test(tag.id)) {
        findings.add({
          severity: 'high',
          found: `${VENDORS[tag.vendor].label} is set up with the placeholder id "${quote(tag.id, 40)}", so it sends data nowhere.`,
          evidence: [tag.evidence],
          fix: `Replace the placeholder with the real ${VENDORS[tag.vendor].label} id from the account, or remove the tag.`,
          url: tag.pageUrl,
        });
        continue;
      }
      const valid = VALID_ID[tag.vendor];
      if (valid !== undefined && !valid.test(tag.id)) {
        findings.add({
          severity: 'medium',
          found: `The ${VENDORS[tag.vendor].label} id "${quote(tag.id, 40)}" is not in the form such ids take, so the tag probably does not work.`,
          evidence: [tag.evidence],
          fix: 'Copy the id again from the account (upper case, no spaces).',
          url: tag.pageUrl,
        });
      }
    }
    const ids = [...new Set(tags.map((tag) => tag.id).filter((id): id is string => id !== undefined))];
    return findings.orPassed(ids.length === 0 ? 'No tag ids to check.' : `All tag ids are live and well-formed: ${listing(ids.slice(0, 8))}.`);
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
        findings.at(page.url).add({
          severity: 'high',
          found: `${label(first)} is ${what} ${group.length} times on this page, so every page view and event is counted ${group.length} times.`,
          evidence: group.slice(0, 3).map((tag) => tag.evidence),
          fix: first.vendor === 'gtm' ? 'Keep one container snippet per page (often a theme and a plugin both add it).' : `Keep one ${first.kind === 'loader' ? 'loader' : 'configuration call'} for this id; remove the copy added by a plugin, theme or GTM.`
        });
      }
      const containers = [...new Set(tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader' && tag.id !== undefined).map((tag) => tag.id!))];
      if (containers.length > 1) {
        findings.at(page.url).add({
          severity: 'medium',
          found: `The page loads ${containers.length} GTM containers (${listing(containers)}). If both send GA4 or ad conversions, they are counted twice.`,
          evidence: tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader').slice(0, 3).map((tag) => tag.evidence),
          fix: 'Merge the containers, or make sure each tag lives in only one of them.'
        });
      }
    }
    return findings.orPassed('Each tag and id is loaded and configured once per page.');
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
          found: 'The GTM container loads in <body> instead of high in <head>, so it starts late and misses visitors who leave quickly.',
          evidence: [loader.evidence],
          fix: 'Move the GTM snippet as high in <head> as possible (after the Consent Mode default and the consent banner).'
        });
      }
      const noscript = tags.some((tag) => tag.vendor === 'gtm' && tag.kind === 'noscript');
      if (!noscript) {
        findings.at(page.url).add({
          severity: 'low',
          found: 'The GTM <noscript> fallback (the ns.html iframe right after <body>) is missing.',
          evidence: [`no <iframe src="https://www.googletagmanager.com/ns.html?id=${loader.id ?? 'GTM-…'}"> in <noscript>`],
          fix: 'Add the second part of the GTM snippet immediately after the opening <body> tag.'
        });
      }
      const initOrder = page.scripts.find((script) => /dataLayer\s*=\s*(window\.dataLayer\s*\|\|\s*)?\[|w\[l\]\s*=\s*w\[l\]\s*\|\|\s*\[|dataLayer\s*\|\|\s*\[\]/.test(script.code))?.order;
      const earlyPush = page.scripts.find((script) => /(^|[^.\w])dataLayer\.push\(/.test(script.code) && !/dataLayer\s*=|w\[l\]\s*=|dataLayer\s*\|\|/.test(script.code) && (initOrder === undefined || script.order < initOrder));
      if (earlyPush !== undefined) {
        findings.at(page.url).add({
          severity: 'medium',
          found: 'dataLayer.push runs before dataLayer is created, which throws an error: what it pushes is lost.',
          evidence: [quote(earlyPush.code, 160)],
          fix: 'Start the script with "window.dataLayer = window.dataLayer || [];" or move it after the GTM snippet.'
        });
      }
    }
    if (!anyGtm) return notApplicable('No Google Tag Manager container on the pages read: nothing to check.');
    return findings.orPassed('GTM loads in <head>, has its <noscript> fallback, and dataLayer exists before it is used.');
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
    if (!hasTrackers(entries)) return passed(platforms.length === 0 ? 'No tracking tags, so no consent platform is needed.' : `Consent platform: ${listing([...new Set(platforms.map((hit) => hit.name))])}.`);
    if (platforms.length === 0) {
      const tags = entries.flatMap((entry) => entry.tags);
      return problem({
            severity: 'high',
            found: 'Tracking tags load but no consent platform (cookie banner) was found. In the EU, analytics and advertising cookies need consent first (GDPR, ePrivacy), and Google requires consent signals for ads measurement in the EEA.',
            evidence: tagLabels(tags).slice(0, 4),
            fix: 'Add a certified consent platform (e.g. Cookiebot, CookieYes, Usercentrics, OneTrust) before the tags, connected to Consent Mode v2.',
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
          found: `The consent platform (${platform.name}) loads after ${label(firstTag)}, so the tag starts before consent is known.`,
          evidence: [firstTag.evidence, platform.evidence],
          fix: 'Load the consent platform first in <head>, then the Consent Mode default, then GTM.'
        });
      }
    }
    return findings.orPassed(`Consent platform: ${listing([...new Set(platforms.map((hit) => hit.name))])}, loaded before the tags.`);
  },
};

export const consentModeDefaults: CheckSpec = {
  id: 'T6',
  title: 'Consent Mode v2 defaults: all four keys, set before the Google tags',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const google = entries.flatMap((entry) => entry.tags).filter((tag) => VENDORS[tag.vendor].google === true && tag.vendor !== 'universal-analytics');
    if (google.length === 0) return notApplicable('No Google tags, so Consent Mode does not apply.');
    const defaults = entries.flatMap((entry) => entry.defaults);
    const platforms = entries.flatMap((entry) => entry.platforms);
    if (defaults.length === 0) {
      const platform = platforms.find((hit) => SETS_CONSENT_MODE.test(hit.name));
      if (platform !== undefined) {
        return notVerified(`No gtag('consent', 'default', ...) in the HTML; ${platform.name} (or a GTM consent template) usually sets the Consent Mode v2 defaults itself, which only a browser can confirm (T8).`);
      }
      return problem({
            severity: 'high',
            found: 'Google tags load without any Consent Mode v2 default. Since March 2024 Google needs consent signals (ad_user_data, ad_personalization) for ads measurement and audiences in the EEA, and without a default the tags run as if consent were granted.',
            evidence: google.slice(0, 2).map((tag) => tag.evidence),
            fix: "Before GTM or gtag.js, add gtag('consent', 'default', {ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500}) and let the consent platform update it.",
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
          found: `The Consent Mode default ${v1 ? 'is v1 only: it lacks' : 'lacks'} ${listing(missing)}. ${v1 ? 'Without the v2 keys Google treats EEA traffic as without consent for ads.' : ''}`.trim(),
          evidence: [consentDefault.evidence],
          fix: `Add ${listing(missing.map((key) => `${key}: 'denied'`))} to the default, and have the consent platform update them.`
        });
      }
      if (firstGoogle !== undefined && consentDefault.order > firstGoogle.order) {
        findings.at(page.url).add({
          severity: 'high',
          found: `The Consent Mode default is set after ${label(firstGoogle)} loads, so the first hits go out before the default applies.`,
          evidence: [firstGoogle.evidence, consentDefault.evidence],
          fix: 'Move the gtag(\'consent\', \'default\', ...) script above the GTM / gtag.js snippet.'
        });
      }
      const granted = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'].filter((key) => consentDefault.values.get(key) === 'granted');
      if (granted.length > 0 && !consentDefault.regional) {
        findings.at(page.url).add({
          severity: 'medium',
          found: `The default grants ${listing(granted)} before anyone chose: in the EU this is tracking without consent.`,
          evidence: [consentDefault.evidence],
          fix: "Default to 'denied' (at least for EEA and UK regions with the region parameter) and grant only after consent."
        });
      }
      if (!consentDefault.values.has('wait_for_update') && platforms.length > 0) {
        findings.at(page.url).add({
          severity: 'low',
          found: 'The default has no wait_for_update, so tags may fire before an asynchronous consent platform reports the stored choice.',
          evidence: [consentDefault.evidence],
          fix: 'Add wait_for_update: 500 to the default.'
        });
      }
    }
    return findings.orPassed('Consent Mode v2 default with all four keys, denied by default, set before the Google tags.');
  },
};

export const trackingBeforeConsent: CheckSpec = {
  id: 'T7',
  title: 'No tracking before consent (signs in the HTML)',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const findings = new Findings();
    for (const { page, tags, platforms, defaults } of entries) {
      const autoBlocking = platforms.some((hit) => hit.autoBlocking);
      const deniedByDefault = defaults.some((entry) => entry.values.get('analytics_storage') === 'denied' || entry.values.get('ad_storage') === 'denied');
      const running = tags.filter((tag) => tag.kind !== 'noscript' && tag.script !== undefined && isExecutableType(tag.script.type) && !isHeldForConsent(tag.script));
      const early = running.filter((tag) => {
        if (tag.vendor === 'universal-analytics') return false;
        if (VENDORS[tag.vendor].google === true) return !deniedByDefault && platforms.length === 0;
        return true;
      });
      if (early.length === 0) continue;
      if (platforms.length > 0 && autoBlocking) continue;
      const names = tagLabels(early);
      findings.at(page.url).add({
        severity: 'high',
        found:
          platforms.length === 0
            ? `${listing(names)} ${names.length === 1 ? 'loads' : 'load'} on every visit and nothing holds ${names.length === 1 ? 'it' : 'them'} back until consent (no consent platform, no Consent Mode default).`
            : `${listing(names)} ${names.length === 1 ? 'is' : 'are'} loaded as ordinary scripts although there is a consent platform (${platforms[0]!.name}); unless it blocks scripts on its own, ${names.length === 1 ? 'it fires' : 'they fire'} before the visitor chooses.`,
        evidence: evidenceOf(early),
        fix: 'Load these tags through GTM with consent checks, or mark the scripts for the consent platform (e.g. type="text/plain" data-cookieconsent="marketing") so they run only after consent.'
      });
    }
    return findings.orPassed(hasTrackers(entries) ? 'The tags in the HTML wait for consent (held back by the consent platform or governed by Consent Mode).' : 'No tracking tags in the HTML.');
  },
};

export { hasTrackers };
