import { usableResponse } from '../../snapshot.js';
import { each, joined, m, passed, problem, Findings, type CheckSpec, type Text } from '../check.js';
import { headerEvidence, quote, statusEvidence } from '../evidence.js';
import { PRIVACY_LINK } from './legal-links.js';
import { hasTrackers, pageTags } from './tag-checks.js';
import { VENDORS, type DetectedTag, type Vendor } from './tags.js';
import { siteOfHost } from '../../site-domain.js';

/** Markers of "delay JavaScript" optimisers, which hold scripts until the first interaction. */
const DELAYERS: readonly (readonly [RegExp, string])[] = [
  [/^rocketlazyloadscript$/, 'WP Rocket "Delay JavaScript execution"'],
  [/^[0-9a-f]{16,}-text\/javascript$/, 'Cloudflare Rocket Loader'],
  [/^pmdelayedscript$/, 'Perfmatters "Delay JavaScript"'],
  [/^litespeed\/javascript$/, 'LiteSpeed Cache "Delay JS"'],
  [/^(javascript\/blocked|text\/delayscript|delay|lazyload)$/, 'a "delay JavaScript" optimiser'],
];

export const tagDelayers: CheckSpec = {
  id: 'T9',
  title: 'Tags are not held back by "delay JavaScript" optimisers',
  weight: 4,
  run(snapshot) {
    const findings = new Findings();
    for (const { page, tags } of pageTags(snapshot)) {
      const delayed = tags.filter((tag) => tag.script !== undefined && delayerOf(tag.script.type, tag.script.attribute('data-type')) !== undefined);
      if (delayed.length === 0) continue;
      const by = delayerOf(delayed[0]!.script!.type, delayed[0]!.script!.attribute('data-type'))!;
      findings.at(page.url).add({
        severity: 'medium',
        found: m('check.T9.delayed', { tags: [...new Set(delayed.map((tag) => VENDORS[tag.vendor].label))], count: delayed.length, by }),
        evidence: delayed.slice(0, 3).map((tag) => tag.evidence),
        fix: m('check.T9.fix')
      });
    }
    return findings.orPassed(m('check.T9.passed'));
  },
};

function delayerOf(type: string, dataType: string | undefined): string | undefined {
  if (dataType === 'lazy') return 'Flying Scripts';
  return DELAYERS.find(([pattern]) => pattern.test(type))?.[1];
}

/** Hosts a tag needs to load (script-src) and to send data (connect-src). */
const TAG_HOSTS: Partial<Record<Vendor, { script: readonly string[]; connect: readonly string[] }>> = {
  gtm: { script: ['www.googletagmanager.com'], connect: ['www.google-analytics.com', 'region1.google-analytics.com', 'www.googletagmanager.com'] },
  ga4: { script: ['www.googletagmanager.com'], connect: ['www.google-analytics.com', 'region1.google-analytics.com'] },
  'google-ads': { script: ['www.googletagmanager.com'], connect: ['www.google.com', 'googleads.g.doubleclick.net'] },
  'meta-pixel': { script: ['connect.facebook.net'], connect: ['www.facebook.com'] },
  linkedin: { script: ['snap.licdn.com'], connect: ['px.ads.linkedin.com'] },
  tiktok: { script: ['analytics.tiktok.com'], connect: ['analytics.tiktok.com'] },
  'bing-uet': { script: ['bat.bing.com'], connect: ['bat.bing.com'] },
  clarity: { script: ['www.clarity.ms'], connect: ['k.clarity.ms'] },
  hotjar: { script: ['static.hotjar.com', 'script.hotjar.com'], connect: ['in.hotjar.com'] },
};

type Policy = ReadonlyMap<string, readonly string[]>;

function parseCsp(value: string): Policy {
  const directives = new Map<string, readonly string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '' && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function sourcesFor(policy: Policy, kind: 'script' | 'connect'): readonly string[] | undefined {
  return kind === 'script' ? (policy.get('script-src-elem') ?? policy.get('script-src') ?? policy.get('default-src')) : (policy.get('connect-src') ?? policy.get('default-src'));
}

/** Whether a CSP source list allows https://host (host lists, wildcards, schemes, *). */
function allows(sources: readonly string[], host: string, pageOrigin: string): boolean {
  return sources.some((raw) => {
    const source = raw.toLowerCase();
    if (source === '*' || source === 'https:' || source === 'http:') return true;
    if (source === "'self'") return new URL(pageOrigin).hostname === host;
    const match = /^(?:(https?|wss?):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?(\/.*)?$/.exec(source);
    if (match === null || source.startsWith("'")) return false;
    const [, , wildcard, sourceHost] = match;
    return wildcard !== undefined ? host.endsWith(`.${sourceHost}`) : host === sourceHost;
  });
}

export const cspBlocksTags: CheckSpec = {
  id: 'T10',
  title: 'Content-Security-Policy lets the tags load and send data',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    let anyPolicy = false;
    for (const { page, tags } of pageTags(snapshot)) {
      const policies: { value: string; source: string; reportOnly: boolean }[] = [];
      const header = page.response.headers['content-security-policy'];
      if (header !== undefined) policies.push({ value: header, source: 'Content-Security-Policy', reportOnly: false });
      const reportOnly = page.response.headers['content-security-policy-report-only'];
      if (reportOnly !== undefined) policies.push({ value: reportOnly, source: 'Content-Security-Policy-Report-Only', reportOnly: true });
      for (const meta of page.meta.filter((tag) => tag.key === 'content-security-policy')) policies.push({ value: meta.content, source: '<meta http-equiv="Content-Security-Policy">', reportOnly: false });
      if (policies.length === 0) continue;
      anyPolicy = true;
      const vendors = [...new Set(tags.map((tag) => tag.vendor))];
      for (const policy of policies) {
        const parsed = parseCsp(policy.value);
        const strictDynamic = (sourcesFor(parsed, 'script') ?? []).includes("'strict-dynamic'");
        const blocked: Text[] = [];
        for (const vendor of vendors) {
          const hosts = TAG_HOSTS[vendor];
          if (hosts === undefined) continue;
          const origin = new URL(page.url).origin;
          const script = sourcesFor(parsed, 'script');
          if (!strictDynamic && script !== undefined) {
            for (const host of hosts.script) if (!allows(script, host, origin)) blocked.push(m('T10.notAllowed', { tag: VENDORS[vendor].label, directive: 'script-src', host }));
          }
          const connect = sourcesFor(parsed, 'connect');
          if (connect !== undefined) {
            for (const host of hosts.connect.slice(0, 1)) if (!allows(connect, host, origin)) blocked.push(m('T10.notAllowed', { tag: VENDORS[vendor].label, directive: 'connect-src', host }));
          }
        }
        if (blocked.length === 0) continue;
        findings.at(page.url).add({
          severity: policy.reportOnly ? 'info' : 'high',
          found: m('check.T10.blocked', { reportOnly: policy.reportOnly ? 'yes' : 'no', tags: each(blocked.slice(0, 3)) }),
          checked: joined(blocked.slice(0, 4)),
          evidence: [quote(`${policy.source}: ${policy.value}`, 200)],
          fix: m('check.T10.fix')
        });
      }
    }
    if (!anyPolicy) return passed(m('check.T10.passed'));
    return findings.orPassed(m('check.T10.passed2'));
  },
};

export const replayAndFingerprinting: CheckSpec = {
  id: 'T11',
  title: 'Session recording and fingerprinting are disclosed and consented',
  weight: 3,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const platforms = entries.flatMap((entry) => entry.platforms);
    const findings = new Findings();
    const recording = unique(entries.flatMap((entry) => entry.tags).filter((tag) => VENDORS[tag.vendor].class === 'session-replay'));
    const fingerprinting = unique(entries.flatMap((entry) => entry.tags).filter((tag) => VENDORS[tag.vendor].class === 'fingerprinting'));
    if (recording.length > 0) {
      findings.add({
        severity: platforms.length === 0 ? 'medium' : 'info',
        found: m('check.T11.recording', { tools: recording.map((tag) => VENDORS[tag.vendor].label), platform: platforms.length === 0 ? 'none' : 'found' }),
        evidence: recording.slice(0, 3).map((tag) => tag.evidence),
        fix: m('check.T11.fix'),
        url: recording[0]!.pageUrl,
      });
    }
    if (fingerprinting.length > 0) {
      findings.add({
        severity: 'medium',
        found: m('check.T11.fingerprinting', { tools: fingerprinting.map((tag) => VENDORS[tag.vendor].label) }),
        evidence: fingerprinting.slice(0, 3).map((tag) => tag.evidence),
        fix: m('check.T11.fix2'),
        url: fingerprinting[0]!.pageUrl,
      });
    }
    return findings.orPassed(m('check.T11.passed'));
  },
};

function unique(tags: readonly DetectedTag[]): DetectedTag[] {
  return [...new Map(tags.map((tag) => [tag.vendor, tag])).values()];
}

const HOST_CLASSES: readonly (readonly [RegExp, string])[] = [
  [/googletagmanager|google-analytics|analytics\.google|clarity\.ms|hotjar|plausible|matomo|fullstory|mouseflow|mixpanel|segment\.(com|io)|amplitude/, 'analytics'],
  [/doubleclick|googleadservices|googlesyndication|facebook\.(net|com)|licdn|linkedin|tiktok|bing\.com|criteo|taboola|outbrain|adnxs|pinterest|twitter|x\.com|snapchat/, 'advertising'],
  [/cookiebot|cookielaw|onetrust|usercentrics|cookieyes|didomi|iubenda|termly|osano|consensu|cookiefirst|axept/, 'consent'],
  [/fonts\.(googleapis|gstatic)|typekit|fonts\.bunny/, 'fonts'],
  [/youtube|vimeo|wistia|vidyard/, 'video'],
  [/maps\.google|google\.com\/maps|mapbox|openstreetmap/, 'maps'],
  [/recaptcha|hcaptcha|turnstile|challenges\.cloudflare/, 'captcha'],
  [/jsdelivr|unpkg|cdnjs|cloudflare|jquery|bootstrapcdn|gstatic/, 'CDN'],
];

export const thirdPartyInventory: CheckSpec = {
  id: 'T12',
  title: 'Third-party hosts the pages load from (informational)',
  weight: 0,
  run(snapshot) {
    const byClass = new Map<string, Set<string>>();
    for (const page of snapshot.pages) {
      const own = siteOfHost(new URL(page.url).hostname);
      const urls = [...page.scripts.map((script) => script.src), ...page.iframes.map((frame) => frame.src), ...page.stylesheets, ...page.images.map((image) => image.src)];
      for (const url of urls) {
        if (url === undefined || url === '') continue;
        let host: string;
        try {
          host = new URL(url).hostname;
        } catch {
          continue;
        }
        if (siteOfHost(host) === own) continue;
        const kind = HOST_CLASSES.find(([pattern]) => pattern.test(url))?.[1] ?? 'other';
        if (!byClass.has(kind)) byClass.set(kind, new Set());
        byClass.get(kind)!.add(host);
      }
    }
    const total = [...byClass.values()].reduce((sum, hosts) => sum + hosts.size, 0);
    if (total === 0) return passed(m('check.T12.passed'));
    return passed(m('check.T12.inventory', { count: total, classes: joined([...byClass].map(([kind, hosts]) => m('check.T12.hostClass', { kind, hosts: [...hosts].slice(0, 6).join(', '), more: hosts.size > 6 ? 'yes' : 'no' }))) }));
  },
};

export const euHotSpots: CheckSpec = {
  id: 'T13',
  title: 'EU privacy hot spots: remote Google Fonts, YouTube, Maps, reCAPTCHA',
  weight: 5,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) {
      const fonts = [...page.stylesheets.filter((href) => /fonts\.googleapis\.com|fonts\.gstatic\.com/.test(href)), ...page.styles.flatMap((css) => [...css.matchAll(/@import\s+(?:url\()?['"]?([^'")\s]*fonts\.googleapis\.com[^'")\s]*)/g)].map((match) => match[1]!))];
      if (fonts.length > 0) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.T13.found'),
          evidence: fonts.slice(0, 2).map((href) => quote(href)),
          fix: m('check.T13.fix')
        });
      }
      const youtube = page.iframes.filter((frame) => /youtube\.com\/embed\//.test(frame.src));
      if (youtube.length > 0) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.T13.youtube', { count: youtube.length }),
          evidence: youtube.slice(0, 2).map((frame) => frame.tag),
          fix: m('check.T13.fix2')
        });
      }
      const maps = page.iframes.filter((frame) => /google\.[a-z.]+\/maps|maps\.google\./.test(frame.src));
      if (maps.length > 0) {
        findings.at(page.url).add({ severity: 'low', found: m('check.T13.found2'), evidence: maps.slice(0, 1).map((frame) => frame.tag), fix: m('check.T13.fix3') });
      }
      const recaptcha = page.scripts.find((script) => /google\.com\/recaptcha|recaptcha\.net|gstatic\.com\/recaptcha/.test(script.src ?? ''));
      if (recaptcha !== undefined) {
        findings.at(page.url).add({ severity: 'low', found: m('check.T13.found3'), evidence: [recaptcha.tag], fix: m('check.T13.fix4') });
      }
    }
    return findings.orPassed(m('check.T13.passed'));
  },
};

const COOKIE_SETTINGS = /Cookiebot\.renew|Cookiebot\.show|OneTrust\.ToggleInfoDisplay|ot-sdk-show-settings|optanon-show-settings|UC_UI\.show|cky-banner-element|cmplz-manage-consent|cookie[ -]?(settings|preferences|einstellungen)|ustawienia (plików )?cookie|zarządzaj (zgodami|cookies)|manage cookies|didomi\.preferences\.show|__tcfapi\(['"]displayConsentUi/i;

export const legalLinks: CheckSpec = {
  id: 'T14',
  title: 'Privacy policy, cookie settings and (in DE/AT) Impressum links',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    const anchors = snapshot.pages.flatMap((page) => page.anchors);
    const privacy = anchors.find((anchor) => PRIVACY_LINK.test(`${anchor.href} ${anchor.text}`));
    if (privacy === undefined) {
      findings.add({ severity: 'high', found: m('T14.noPrivacy'), checked: m('T14.noPrivacyChecked', { links: anchors.length, pages: snapshot.pages.length }), evidence: [], fix: m('T14.noPrivacyFix'), url: snapshot.home.url });
    }
    // A link is not a policy: the home page's privacy link was followed (collect.ts), and a page that
    // does not exist is no policy to a visitor or to an ad platform's review.
    const policy = snapshot.resources.get('privacy-policy');
    if (policy !== undefined && policy.outcome.ok && policy.outcome.response.status >= 400) {
      const { status } = policy.outcome.response;
      findings.add({ severity: 'high', found: m('T14.brokenPrivacy', { status }), evidence: [statusEvidence(policy.url, status)], fix: m('T14.brokenPrivacyFix'), url: policy.url });
    }
    const platforms = pageTags(snapshot).flatMap((entry) => entry.platforms);
    if (platforms.length > 0 && !snapshot.pages.some((page) => COOKIE_SETTINGS.test(page.html))) {
      findings.add({ severity: 'low', found: m('T14.noSettings'), checked: m('T14.noSettingsChecked', { platform: platforms[0]!.name }), evidence: [], fix: m('T14.noSettingsFix'), url: snapshot.home.url });
    }
    const host = new URL(snapshot.home.url).hostname;
    const germanSpeaking = /^(de|at)\b/i.test(snapshot.home.lang ?? '') || /\.(de|at)$/.test(host);
    if (germanSpeaking && !anchors.some((anchor) => /impressum|imprint/i.test(`${anchor.href} ${anchor.text}`))) {
      findings.add({ severity: 'medium', found: m('T14.noImpressum'), checked: m('T14.noImpressumChecked', { lang: snapshot.home.lang ?? '-', host }), evidence: [], fix: m('T14.noImpressumFix'), url: snapshot.home.url });
    }
    return findings.orPassed(m('T14.passed', { href: privacy === undefined ? 'none' : quote(privacy.href, 80), settings: platforms.length > 0 ? 'yes' : 'no' }));
  },
};

export const conversionPlumbing: CheckSpec = {
  id: 'T15',
  title: 'Conversion paths can be measured: phone and e-mail links, forms on site and labelled',
  weight: 4,
  run(snapshot) {
    const findings = new Findings();
    const anchors = snapshot.pages.flatMap((page) => page.anchors);
    const tel = anchors.filter((anchor) => /^tel:/i.test(anchor.href)).length;
    const mail = anchors.filter((anchor) => /^mailto:/i.test(anchor.href)).length;
    if (tel === 0 && mail === 0) {
      findings.add({ severity: 'low', found: m('check.T15.found'), checked: m('T15.noLinksChecked', { links: anchors.length, pages: snapshot.pages.length }), evidence: [], fix: m('check.T15.fix'), url: snapshot.home.url });
    }
    for (const page of snapshot.pages) {
      const own = siteOfHost(new URL(page.url).hostname);
      for (const form of page.forms) {
        let host = '';
        try {
          host = new URL(form.action).hostname;
        } catch {
          continue;
        }
        if (/^https?:/.test(form.action) && siteOfHost(host) !== own) {
          findings.at(page.url).add({ severity: 'low', found: m('check.T15.formElsewhere', { host }), evidence: [quote(form.tag)], fix: m('check.T15.fix2') });
        }
        if (form.unlabeledFields > 0) {
          findings.at(page.url).add({ severity: 'low', found: m('check.T15.unlabeled', { count: form.unlabeledFields }), evidence: [quote(form.tag)], fix: m('check.T15.fix3') });
        }
      }
    }
    const forms = snapshot.pages.reduce((sum, page) => sum + page.forms.length, 0);
    return findings.orPassed(m('check.T15.passed', { tel, mail, forms }));
  },
};

export const firstPartyTagging: CheckSpec = {
  id: 'T16',
  title: 'First-party (server-side) tagging (informational)',
  weight: 0,
  run(snapshot) {
    const entries = pageTags(snapshot);
    const custom = entries.flatMap((entry) => entry.tags).find((tag) => tag.vendor === 'gtm' && tag.kind === 'loader' && tag.script?.src !== undefined && !/googletagmanager\.com/.test(tag.script.src));
    const configured = entries.flatMap((entry) => entry.page.scripts).find((script) => /server_container_url|transport_url/.test(script.code));
    if (custom !== undefined) return passed(m('check.T16.ownHost', { evidence: custom.evidence }));
    if (configured !== undefined) return passed(m('check.T16.serverContainer', { setting: quote(/(server_container_url|transport_url)[^,}]*/.exec(configured.code)?.[0] ?? '', 100) }));
    if (!hasTrackers(entries)) return passed(m('check.T16.passed'));
    return problem({
          severity: 'info',
          found: m('check.T16.found'),
          checked: m('T16.checked'),
          evidence: [],
          fix: m('check.T16.fix'),
          url: snapshot.home.url,
        });
  },
};

export const transport: CheckSpec = {
  id: 'T17',
  title: 'HTTPS everywhere: site, redirects, HSTS and tag URLs',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    const home = snapshot.home;
    if (home.url.startsWith('http:')) {
      findings.add({ severity: 'high', found: m('check.T17.found'), checked: m('T17.finalAddress', { url: home.url }), evidence: [], fix: m('check.T17.fix'), url: home.url });
    } else {
      if (home.response.headers['strict-transport-security'] === undefined) {
        findings.add({ severity: 'low', found: m('check.T17.found2'), evidence: [headerEvidence('Strict-Transport-Security', undefined)], fix: m('check.T17.fix2'), url: home.url });
      }
      const probe = usableResponse(snapshot.resources.get('http-probe'), 'http_probe');
      if ('response' in probe) {
        const location = probe.response.redirects[0]?.location ?? probe.response.headers.location ?? '';
        if (!(probe.response.status >= 300 && probe.response.status < 400 && location.startsWith('https:'))) {
          findings.add({ severity: 'medium', found: m('check.T17.found3'), evidence: [`GET ${probe.response.requestedUrl} -> HTTP ${probe.response.status}${location === '' ? '' : ` Location: ${location}`}`], fix: m('check.T17.fix3'), url: probe.response.requestedUrl });
        }
      }
      const insecure = pageTags(snapshot).flatMap((entry) => entry.tags).filter((tag) => tag.script?.src?.startsWith('http:'));
      if (insecure.length > 0) {
        findings.add({ severity: 'high', found: m('check.T17.found4'), evidence: insecure.slice(0, 3).map((tag) => tag.evidence), fix: m('check.T17.fix4'), url: home.url });
      }
    }
    return findings.orPassed(m('check.T17.passed'));
  },
};

