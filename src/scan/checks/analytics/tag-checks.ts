import type { HtmlPage } from '../../../net/page/html-page.js';
import type { ScanSnapshot } from '../../snapshot.js';
import { m, notApplicable, notVerified, passed, problem, Findings, type CheckSpec } from '../check.js';
import { quote } from '../evidence.js';
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
          found: m('check.T2.universal', { id: tag.id ?? 'none' }),
          evidence: [tag.evidence],
          fix: m('check.T2.fix'),
          url: tag.pageUrl,
        });
        continue;
      }
      if (tag.id === undefined) continue;
      if (PLACEHOLDER.test(tag.id)) {
        findings.add({
          severity: 'high',
          found: m('check.T2.placeholder', { tag: VENDORS[tag.vendor].label, id: quote(tag.id, 40) }),
          evidence: [tag.evidence],
          fix: m('check.T2.placeholderFix', { tag: VENDORS[tag.vendor].label }),
          url: tag.pageUrl,
        });
        continue;
      }
      const valid = VALID_ID[tag.vendor];
      if (valid !== undefined && !valid.test(tag.id)) {
        findings.add({
          severity: 'medium',
          found: m('check.T2.malformed', { tag: VENDORS[tag.vendor].label, id: quote(tag.id, 40) }),
          evidence: [tag.evidence],
          fix: m('check.T2.fix2'),
          url: tag.pageUrl,
        });
      }
    }
    const ids = [...new Set(tags.map((tag) => tag.id).filter((id): id is string => id !== undefined))];
    return findings.orPassed(ids.length === 0 ? m('check.T2.passedNone') : m('check.T2.passed', { ids: ids.slice(0, 8) }));
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
        findings.at(page.url).add({
          severity: 'high',
          found: m('check.T3.doubled', { tag: label(first), what: first.kind === 'loader' ? 'loader' : first.vendor === 'meta-pixel' ? 'init' : 'config', count: group.length }),
          evidence: group.slice(0, 3).map((tag) => tag.evidence),
          fix: first.vendor === 'gtm' ? m('check.T3.fixContainer') : m('check.T3.fixOnce', { kind: first.kind === 'loader' ? 'loader' : 'config' })
        });
      }
      const containers = [...new Set(tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader' && tag.id !== undefined).map((tag) => tag.id!))];
      if (containers.length > 1) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.T3.containers', { count: containers.length, ids: containers }),
          evidence: tags.filter((tag) => tag.vendor === 'gtm' && tag.kind === 'loader').slice(0, 3).map((tag) => tag.evidence),
          fix: m('check.T3.fix')
        });
      }
    }
    return findings.orPassed(m('check.T3.passed'));
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
          found: m('check.T4.found'),
          evidence: [loader.evidence],
          fix: m('check.T4.fix')
        });
      }
      const noscript = tags.some((tag) => tag.vendor === 'gtm' && tag.kind === 'noscript');
      if (!noscript) {
        findings.at(page.url).add({
          severity: 'low',
          found: m('check.T4.found2'),
          checked: m('T4.noscriptChecked', { id: loader.id ?? 'GTM-…' }),
          evidence: [],
          fix: m('check.T4.fix2')
        });
      }
      const initOrder = page.scripts.find((script) => /dataLayer\s*=\s*(window\.dataLayer\s*\|\|\s*)?\[|w\[l\]\s*=\s*w\[l\]\s*\|\|\s*\[|dataLayer\s*\|\|\s*\[\]/.test(script.code))?.order;
      const earlyPush = page.scripts.find((script) => /(^|[^.\w])dataLayer\.push\(/.test(script.code) && !/dataLayer\s*=|w\[l\]\s*=|dataLayer\s*\|\|/.test(script.code) && (initOrder === undefined || script.order < initOrder));
      if (earlyPush !== undefined) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.T4.found3'),
          evidence: [quote(earlyPush.code, 160)],
          fix: m('check.T4.fix3')
        });
      }
    }
    if (!anyGtm) return notApplicable(m('check.T4.notApplicable'));
    return findings.orPassed(m('check.T4.passed'));
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
    if (!hasTrackers(entries)) return passed(platforms.length === 0 ? m('check.T5.passedNoTags') : m('check.T5.platform', { platforms: [...new Set(platforms.map((hit) => hit.name))] }));
    if (platforms.length === 0) {
      const tags = entries.flatMap((entry) => entry.tags);
      return problem({
            severity: 'high',
            found: m('check.T5.found'),
            evidence: evidenceOf(tags, 4),
            fix: m('check.T5.fix'),
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
          found: m('check.T5.late', { platform: platform.name, tag: label(firstTag) }),
          evidence: [firstTag.evidence, platform.evidence],
          fix: m('check.T5.fix2')
        });
      }
    }
    return findings.orPassed(m('check.T5.passed', { platforms: [...new Set(platforms.map((hit) => hit.name))] }));
  },
};

export const consentModeDefaults: CheckSpec = {
  id: 'T6',
  title: 'Consent Mode v2 defaults: all four keys, set before the Google tags',
  weight: 12,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const google = entries.flatMap((entry) => entry.tags).filter((tag) => VENDORS[tag.vendor].google === true && tag.vendor !== 'universal-analytics');
    if (google.length === 0) return notApplicable(m('check.T6.notApplicable'));
    const defaults = entries.flatMap((entry) => entry.defaults);
    const platforms = entries.flatMap((entry) => entry.platforms);
    if (defaults.length === 0) {
      const platform = platforms.find((hit) => SETS_CONSENT_MODE.test(hit.name));
      if (platform !== undefined) {
        return notVerified(m('check.T6.notVerified', { platform: platform.name }));
      }
      return problem({
            severity: 'high',
            found: m('check.T6.found'),
            evidence: google.slice(0, 2).map((tag) => tag.evidence),
            fix: m('check.T6.fix'),
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
          found: m('check.T6.missingKeys', { v1: v1 ? 'yes' : 'no', keys: missing }),
          evidence: [consentDefault.evidence],
          fix: m('check.T6.missingKeysFix', { keys: missing.map((key) => `${key}: 'denied'`) })
        });
      }
      if (firstGoogle !== undefined && consentDefault.order > firstGoogle.order) {
        findings.at(page.url).add({
          severity: 'high',
          found: m('check.T6.late', { tag: label(firstGoogle) }),
          evidence: [firstGoogle.evidence, consentDefault.evidence],
          fix: m('check.T6.fix2')
        });
      }
      const granted = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'].filter((key) => consentDefault.values.get(key) === 'granted');
      if (granted.length > 0 && !consentDefault.regional) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.T6.granted', { keys: granted }),
          evidence: [consentDefault.evidence],
          fix: m('check.T6.fix3')
        });
      }
      if (!consentDefault.values.has('wait_for_update') && platforms.length > 0) {
        findings.at(page.url).add({
          severity: 'low',
          found: m('check.T6.found2'),
          evidence: [consentDefault.evidence],
          fix: m('check.T6.fix4')
        });
      }
    }
    return findings.orPassed(m('check.T6.passed'));
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
