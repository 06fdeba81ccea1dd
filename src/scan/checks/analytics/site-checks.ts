import { usableResponse } from '../../snapshot.js';
import { m, passed, problem, Findings, type CheckSpec, t } from '../check.js';
import { headerEvidence, listing, plural, quote, listingPl, pluralPl, statusEvidence } from '../evidence.js';
import { PRIVACY_LINK } from './legal-links.js';
import { hasTrackers, pageTags } from './tag-checks.js';
import { VENDORS, type DetectedTag, type Vendor } from './tags.js';

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
        found: t(`${listingPl([...new Set(delayed.map((tag) => VENDORS[tag.vendor].label))])}: ${delayed.length === 1 ? 'opóźniony' : 'opóźnione'} przez ${by} do pierwszej interakcji użytkownika. Wizyty bez kliknięcia lub przewinięcia nie są liczone, a kolejność obsługi zgody się psuje.`, `${listing([...new Set(delayed.map((tag) => VENDORS[tag.vendor].label))])} ${delayed.length === 1 ? 'is' : 'are'} delayed by ${by} until the visitor interacts: visits without a click or scroll are never counted and the consent timing breaks.`),
        evidence: delayed.slice(0, 3).map((tag) => tag.evidence),
        fix: t('Wyklucz googletagmanager.com, platformę zgód i pozostałe tagi z listy „opóźniaj JavaScript” w optymalizatorze.', 'Exclude googletagmanager.com, the consent platform and other tags from the optimiser\'s "delay JavaScript" list.')
      });
    }
    return findings.orPassed(t('Żaden tag nie jest opóźniany przez optymalizator JavaScriptu.', 'No tag is delayed by a JavaScript optimiser.'));
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
        const blocked: string[] = [];
        for (const vendor of vendors) {
          const hosts = TAG_HOSTS[vendor];
          if (hosts === undefined) continue;
          const origin = new URL(page.url).origin;
          const script = sourcesFor(parsed, 'script');
          if (!strictDynamic && script !== undefined) {
            for (const host of hosts.script) if (!allows(script, host, origin)) blocked.push(`${VENDORS[vendor].label}: script-src does not allow ${host}`);
          }
          const connect = sourcesFor(parsed, 'connect');
          if (connect !== undefined) {
            for (const host of hosts.connect.slice(0, 1)) if (!allows(connect, host, origin)) blocked.push(`${VENDORS[vendor].label}: connect-src does not allow ${host}`);
          }
        }
        if (blocked.length === 0) continue;
        findings.at(page.url).add({
          severity: policy.reportOnly ? 'info' : 'high',
          found: t(policy.reportOnly ? `Content-Security-Policy w trybie report-only blokowałaby tagi, gdyby ją egzekwowano: ${listingPl(blocked.slice(0, 3))}.` : `Content-Security-Policy blokuje tagi ładowane przez stronę, więc po cichu nic nie zbierają: ${listingPl(blocked.slice(0, 3))}.`, policy.reportOnly
            ? `The report-only Content-Security-Policy would block tags if it were enforced: ${listing(blocked.slice(0, 3))}.`
            : `The Content-Security-Policy blocks tags the page loads, so they silently collect nothing: ${listing(blocked.slice(0, 3))}.`),
          evidence: [quote(`${policy.source}: ${policy.value}`, 200), ...blocked.slice(0, 4)],
          fix: t('Dodaj hosty tagów do script-src i connect-src (zob. przewodnik Google dotyczący CSP dla GTM/GA4: *.googletagmanager.com, *.google-analytics.com, *.analytics.google.com) albo użyj nonce z \'strict-dynamic\'.', 'Add the tag hosts to script-src and connect-src (see Google\'s CSP guide for GTM/GA4: *.googletagmanager.com, *.google-analytics.com, *.analytics.google.com), or use nonces with \'strict-dynamic\'.')
        });
      }
    }
    if (!anyPolicy) return passed(t('Brak Content-Security-Policy, więc nic nie blokuje tagów.', 'No Content-Security-Policy, so nothing blocks the tags.'));
    return findings.orPassed(t('Content-Security-Policy dopuszcza wszystkie znalezione tagi.', 'The Content-Security-Policy allows every tag found.'));
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
        found: t(`Nagrywanie sesji przez ${listingPl(recording.map((tag) => VENDORS[tag.vendor].label))}: kliknięcia, przewijanie i wpisywany tekst użytkowników są rejestrowane.${platforms.length === 0 ? ' Nie znaleziono platformy zgód, która najpierw zapytałaby o zgodę.' : ''}`, `Session recording with ${listing(recording.map((tag) => VENDORS[tag.vendor].label))}: visitors' clicks, scrolls and typing are recorded.${platforms.length === 0 ? ' No consent platform was found to ask first.' : ''}`),
        evidence: recording.slice(0, 3).map((tag) => tag.evidence),
        fix: t('Ładuj je dopiero po wyrażeniu zgody, maskuj pola formularzy i wymień narzędzie w polityce prywatności.', 'Load it only after consent, mask form fields, and name it in the privacy policy.'),
        url: recording[0]!.pageUrl,
      });
    }
    if (fingerprinting.length > 0) {
      findings.add({
        severity: 'medium',
        found: t(`Fingerprinting przeglądarki przez ${listingPl(fingerprinting.map((tag) => VENDORS[tag.vendor].label))}: identyfikuje użytkowników bez plików cookie, co w UE wymaga zgody tak samo jak cookie.`, `Browser fingerprinting with ${listing(fingerprinting.map((tag) => VENDORS[tag.vendor].label))}: it identifies visitors without cookies, which in the EU needs consent like a cookie does.`),
        evidence: fingerprinting.slice(0, 3).map((tag) => tag.evidence),
        fix: t('Używaj go wyłącznie do zapobiegania nadużyciom, na odpowiedniej podstawie prawnej, w innych celach tylko po zgodzie, i poinformuj o nim.', 'Use it only for fraud prevention with a legal basis, behind consent otherwise, and disclose it.'),
        url: fingerprinting[0]!.pageUrl,
      });
    }
    return findings.orPassed(t('Nie znaleziono skryptów nagrywania sesji ani fingerprintingu.', 'No session recording or fingerprinting scripts found.'));
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

/** The host classes above, as a Polish summary names them. */
const HOST_CLASSES_PL: Readonly<Record<string, string>> = {
  analytics: 'analityka',
  advertising: 'reklama',
  consent: 'zgody',
  fonts: 'czcionki',
  video: 'wideo',
  maps: 'mapy',
  captcha: 'captcha',
  CDN: 'CDN',
  other: 'inne',
};

export const thirdPartyInventory: CheckSpec = {
  id: 'T12',
  title: 'Third-party hosts the pages load from (informational)',
  weight: 0,
  run(snapshot) {
    const byClass = new Map<string, Set<string>>();
    for (const page of snapshot.pages) {
      const own = siteKey(new URL(page.url).hostname);
      const urls = [...page.scripts.map((script) => script.src), ...page.iframes.map((frame) => frame.src), ...page.stylesheets, ...page.images.map((image) => image.src)];
      for (const url of urls) {
        if (url === undefined || url === '') continue;
        let host: string;
        try {
          host = new URL(url).hostname;
        } catch {
          continue;
        }
        if (siteKey(host) === own) continue;
        const kind = HOST_CLASSES.find(([pattern]) => pattern.test(url))?.[1] ?? 'other';
        if (!byClass.has(kind)) byClass.set(kind, new Set());
        byClass.get(kind)!.add(host);
      }
    }
    const total = [...byClass.values()].reduce((sum, hosts) => sum + hosts.size, 0);
    if (total === 0) return passed(t('Strony nie ładują niczego z innych hostów.', 'The pages load nothing from other hosts.'));
    return passed(t(`${pluralPl(total, 'host zewnętrzny', 'hosty zewnętrzne', 'hostów zewnętrznych')}: ${[...byClass].map(([kind, hosts]) => `${HOST_CLASSES_PL[kind] ?? kind} (${[...hosts].slice(0, 6).join(', ')}${hosts.size > 6 ? ', …' : ''})`).join('; ')}.`, `${plural(total, 'third-party host')}: ${[...byClass].map(([kind, hosts]) => `${kind} (${[...hosts].slice(0, 6).join(', ')}${hosts.size > 6 ? ', …' : ''})`).join('; ')}.`));
  },
};

/** The registrable part of a host name, roughly (example.co.uk → example.co.uk, www.example.com → example.com). */
function siteKey(host: string): string {
  const labels = host.split('.');
  const twoLevelSuffix = labels.length >= 3 && /^(co|com|org|net|gov|ac|edu)$/.test(labels.at(-2)!) && labels.at(-1)!.length === 2;
  return labels.slice(twoLevelSuffix ? -3 : -2).join('.');
}

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
          found: t('Czcionki Google Fonts są ładowane z serwerów Google, co bez zgody przekazuje Google adres IP każdego użytkownika. Niemiecki sąd (LG München I, 2022) przyznał za to odszkodowanie.', 'Google Fonts are loaded from Google\'s servers, which sends every visitor\'s IP address to Google without consent. A German court (LG München I, 2022) awarded damages for exactly this.'),
          evidence: fonts.slice(0, 2).map((href) => quote(href)),
          fix: t('Hostuj pliki czcionek u siebie (pobierz je i udostępniaj z własnej domeny).', 'Host the font files yourself (download them and serve them from your own domain).')
        });
      }
      const youtube = page.iframes.filter((frame) => /youtube\.com\/embed\//.test(frame.src));
      if (youtube.length > 0) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`Filmy YouTube osadzone z youtube.com (${youtube.length}); serwis ten ustawia śledzące pliki cookie zaraz po wczytaniu strony.`, `${plural(youtube.length, 'YouTube video')} embedded from youtube.com, which sets tracking cookies as soon as the page loads.`),
          evidence: youtube.slice(0, 2).map((frame) => frame.tag),
          fix: t('Osadzaj filmy z youtube-nocookie.com albo pokazuj obraz podglądu, który ładuje odtwarzacz dopiero po kliknięciu (lub po wyrażeniu zgody).', 'Embed from youtube-nocookie.com, or show a preview image that loads the player only after a click (or after consent).')
        });
      }
      const maps = page.iframes.filter((frame) => /google\.[a-z.]+\/maps|maps\.google\./.test(frame.src));
      if (maps.length > 0) {
        findings.at(page.url).add({ severity: 'low', found: t('Mapa Google jest osadzona bezpośrednio, więc Google otrzymuje dane użytkownika już przy wczytaniu strony.', 'Google Maps is embedded directly, so Google receives visitor data on page load.'), evidence: maps.slice(0, 1).map((frame) => frame.tag), fix: t('Ładuj mapę po kliknięciu lub po wyrażeniu zgody (rozwiązanie „dwa kliknięcia”) albo użyj statycznego obrazu mapy z linkiem.', 'Load the map after a click or consent (two-click solution), or use a static map image with a link.') });
      }
      const recaptcha = page.scripts.find((script) => /google\.com\/recaptcha|recaptcha\.net|gstatic\.com\/recaptcha/.test(script.src ?? ''));
      if (recaptcha !== undefined) {
        findings.at(page.url).add({ severity: 'low', found: t('Na stronie ładuje się Google reCAPTCHA; przesyła dane użytkownika do Google i wymaga wzmianki w polityce prywatności (a według części interpretacji także zgody).', 'Google reCAPTCHA loads on the page; it sends visitor data to Google and needs a mention in the privacy policy (and consent in some readings).'), evidence: [recaptcha.tag], fix: t('Ładuj ją tylko na stronach z formularzami, poinformuj o niej albo użyj rozwiązania bardziej przyjaznego prywatności.', 'Load it only on pages with forms, disclose it, or use a privacy-friendly alternative.') });
      }
    }
    return findings.orPassed(t('Na przeczytanych stronach nie ma zdalnych Google Fonts, osadzeń z youtube.com, osadzonych Map Google ani reCAPTCHA.', 'No remote Google Fonts, youtube.com embeds, Google Maps embeds or reCAPTCHA on the pages read.'));
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
      findings.add({ severity: 'low', found: t('Brak linków tel: i mailto:: połączeń i e-maili inicjowanych ze strony nie da się mierzyć jako konwersji, a użytkownicy telefonów nie mogą zadzwonić jednym dotknięciem.', 'No tel: or mailto: links: calls and e-mails started from the site cannot be measured as conversions, and visitors on phones cannot tap to call.'), checked: m('T15.noLinksChecked', { links: anchors.length, pages: snapshot.pages.length }), evidence: [], fix: t('Zamień numery telefonów i adresy e-mail w linki (tel:, mailto:) i mierz kliknięcia w nie w GTM.', 'Make phone numbers and e-mail addresses links (tel:, mailto:) and track clicks on them in GTM.'), url: snapshot.home.url });
    }
    for (const page of snapshot.pages) {
      const own = siteKey(new URL(page.url).hostname);
      for (const form of page.forms) {
        let host = '';
        try {
          host = new URL(form.action).hostname;
        } catch {
          continue;
        }
        if (/^https?:/.test(form.action) && siteKey(host) !== own) {
          findings.at(page.url).add({ severity: 'low', found: t(`Formularz wysyła dane do innej witryny (${host}); zgłoszenia są tam niewidoczne dla analityki strony, chyba że ta usługa je raportuje.`, `A form sends its data to another site (${host}); submissions there are invisible to the site's analytics unless that service reports back.`), evidence: [quote(form.tag)], fix: t('Mierz wysłanie formularza (strona podziękowania we własnej witrynie lub zdarzenia konwersji tej usługi) i wymień usługę w polityce prywatności.', 'Track the submission (a thank-you page on your own site, or the service\'s conversion events) and name the service in the privacy policy.') });
        }
        if (form.unlabeledFields > 0) {
          findings.at(page.url).add({ severity: 'low', found: t(`Formularz ma ${pluralPl(form.unlabeledFields, 'pole', 'pola', 'pól')} bez etykiety: trudniej go wypełnić i mierzyć pole po polu.`, `A form has ${plural(form.unlabeledFields, 'field')} without a label: harder to fill in and to measure field by field.`), evidence: [quote(form.tag)], fix: t('Nadaj każdemu polu <label for> (lub aria-label).', 'Give every field a <label for> (or aria-label).') });
        }
      }
    }
    const forms = snapshot.pages.reduce((sum, page) => sum + page.forms.length, 0);
    return findings.orPassed(t(`Linki tel: ${tel}, linki mailto: ${mail}; ${forms === 0 ? 'na przeczytanych stronach nie ma formularzy' : `formularze: ${forms}, wysyłane do samej witryny, z opisanymi polami`}.`, `${plural(tel, 'tel: link')} and ${plural(mail, 'mailto: link')}; ${forms === 0 ? 'no forms on the pages read' : `${plural(forms, 'form')}, posting to the site itself with labelled fields`}.`));
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
    if (custom !== undefined) return passed(t(`GTM jest serwowany z własnego hosta witryny (tagowanie po stronie serwera): ${custom.evidence}.`, `GTM is served from the site's own host (server-side tagging): ${custom.evidence}.`));
    if (configured !== undefined) return passed(t(`Tagi wysyłają dane przez kontener serwerowy (${quote(/(server_container_url|transport_url)[^,}]*/.exec(configured.code)?.[0] ?? '', 100)}).`, `Tags send data through a server container (${quote(/(server_container_url|transport_url)[^,}]*/.exec(configured.code)?.[0] ?? '', 100)}).`));
    if (!hasTrackers(entries)) return passed(t('Brak tagów, więc tagowanie własne (first-party) nie ma zastosowania.', 'No tags, so first-party tagging does not apply.'));
    return problem({
          severity: 'info',
          found: t('Tagi ładują się z hostów zewnętrznych i do nich wysyłają dane. Tagowanie po stronie serwera we własnej subdomenie pozwala zachować więcej danych (blokery reklam, ograniczenia przeglądarek) i kontrolować, co wychodzi; opcjonalne.', 'Tags load from and send to third-party hosts. Server-side tagging on your own subdomain keeps more data (ad blockers, browser limits) and gives you control over what leaves; optional.'),
          checked: m('T16.checked'),
          evidence: [],
          fix: t('Rozważ serwerowy kontener GTM w subdomenie, np. metrics.example.com.', 'Consider a server-side GTM container on a subdomain such as metrics.example.com.'),
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
      findings.add({ severity: 'high', found: t('Witryna działa na niezabezpieczonym http: przeglądarki oznaczają ją jako „Niezabezpieczona”, a tagi mogą nie zapisać swoich plików cookie.', 'The site is served over plain http: browsers mark it "Not secure" and tags may not set their cookies.'), checked: m('T17.finalAddress', { url: home.url }), evidence: [], fix: t('Udostępniaj witrynę przez https i przekierowuj na nie każdy adres http.', 'Serve the site over https and redirect every http address to it.'), url: home.url });
    } else {
      if (home.response.headers['strict-transport-security'] === undefined) {
        findings.add({ severity: 'low', found: t('Brak nagłówka Strict-Transport-Security, więc przeglądarki mogą najpierw próbować http.', 'No Strict-Transport-Security header, so browsers may still try http first.'), evidence: [headerEvidence('Strict-Transport-Security', undefined)], fix: t('Wysyłaj Strict-Transport-Security: max-age=31536000; includeSubDomains.', 'Send Strict-Transport-Security: max-age=31536000; includeSubDomains.'), url: home.url });
      }
      const probe = usableResponse(snapshot.resources.get('http-probe'), 'the http:// address');
      if ('response' in probe) {
        const location = probe.response.redirects[0]?.location ?? probe.response.headers.location ?? '';
        if (!(probe.response.status >= 300 && probe.response.status < 400 && location.startsWith('https:'))) {
          findings.add({ severity: 'medium', found: t('Adres http:// nie przekierowuje na https://, więc wizyty i linki do niego pozostają nieszyfrowane (i są mierzone jak inna witryna).', 'The plain http:// address does not redirect to https://, so visits and links to it stay unencrypted (and are measured as another site).'), evidence: [`GET ${probe.response.requestedUrl} -> HTTP ${probe.response.status}${location === '' ? '' : ` Location: ${location}`}`], fix: t('Przekierowuj każde żądanie http:// na ten sam adres https:// kodem 301.', 'Redirect every http:// request to the same https:// address with a 301.'), url: probe.response.requestedUrl });
        }
      }
      const insecure = pageTags(snapshot).flatMap((entry) => entry.tags).filter((tag) => tag.script?.src?.startsWith('http:'));
      if (insecure.length > 0) {
        findings.add({ severity: 'high', found: t('Tagi są ładowane przez http:// na stronie https; przeglądarki blokują je jako treść mieszaną, więc nigdy się nie uruchamiają.', 'Tags are loaded over http:// on an https page; browsers block them as mixed content, so they never run.'), evidence: insecure.slice(0, 3).map((tag) => tag.evidence), fix: t('Ładuj każdy tag przez https://.', 'Load every tag over https://.'), url: home.url });
      }
    }
    return findings.orPassed(t('Witryna, jej przekierowania i tagi używają https, z HSTS.', 'The site, its redirects and its tags use https, with HSTS.'));
  },
};

