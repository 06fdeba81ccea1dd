import type { HtmlPage, ScriptTag } from '../../../net/page/html-page.js';
import { quote } from '../evidence.js';

/** What a tag is for: decides how consent and privacy checks treat it. */
export type TagClass = 'tag-manager' | 'analytics' | 'advertising' | 'session-replay' | 'fingerprinting';

export type Vendor =
  | 'gtm'
  | 'ga4'
  | 'universal-analytics'
  | 'google-ads'
  | 'floodlight'
  | 'meta-pixel'
  | 'linkedin'
  | 'tiktok'
  | 'bing-uet'
  | 'clarity'
  | 'hotjar'
  | 'matomo'
  | 'plausible'
  | 'fullstory'
  | 'mouseflow'
  | 'logrocket'
  | 'smartlook'
  | 'fingerprintjs';

export const VENDORS: Readonly<Record<Vendor, { readonly label: string; readonly class: TagClass; readonly google?: boolean }>> = {
  gtm: { label: 'Google Tag Manager', class: 'tag-manager', google: true },
  ga4: { label: 'Google Analytics 4', class: 'analytics', google: true },
  'universal-analytics': { label: 'Universal Analytics (retired)', class: 'analytics', google: true },
  'google-ads': { label: 'Google Ads', class: 'advertising', google: true },
  floodlight: { label: 'Floodlight (Campaign Manager 360)', class: 'advertising', google: true },
  'meta-pixel': { label: 'Meta Pixel', class: 'advertising' },
  linkedin: { label: 'LinkedIn Insight Tag', class: 'advertising' },
  tiktok: { label: 'TikTok Pixel', class: 'advertising' },
  'bing-uet': { label: 'Microsoft Advertising UET', class: 'advertising' },
  clarity: { label: 'Microsoft Clarity', class: 'session-replay' },
  hotjar: { label: 'Hotjar', class: 'session-replay' },
  matomo: { label: 'Matomo', class: 'analytics' },
  plausible: { label: 'Plausible', class: 'analytics' },
  fullstory: { label: 'FullStory', class: 'session-replay' },
  mouseflow: { label: 'Mouseflow', class: 'session-replay' },
  logrocket: { label: 'LogRocket', class: 'session-replay' },
  smartlook: { label: 'Smartlook', class: 'session-replay' },
  fingerprintjs: { label: 'FingerprintJS', class: 'fingerprinting' },
};

/** One tag found on a page: a loader script, a configuration call, a pixel. */
export interface DetectedTag {
  readonly vendor: Vendor;
  /** The account, container or pixel id, when the page shows it. */
  readonly id: string | undefined;
  /** loader: the library is loaded; config: an id is configured (gtag config, fbq init); noscript: the no-JS fallback. */
  readonly kind: 'loader' | 'config' | 'noscript';
  readonly script: ScriptTag | undefined;
  readonly order: number;
  readonly inHead: boolean;
  readonly evidence: string;
  readonly pageUrl: string;
}

interface SourcePattern {
  readonly vendor: Vendor;
  readonly src: RegExp;
  /** Capturing group 1 is the id, if the URL carries one. */
  readonly id?: RegExp;
}

const SOURCE_PATTERNS: readonly SourcePattern[] = [
  { vendor: 'gtm', src: /\/gtm\.js(\?|$)/i, id: /[?&]id=([^&#]+)/ },
  { vendor: 'ga4', src: /googletagmanager\.com\/gtag\/js|\/gtag\/js\?id=G-/i, id: /[?&]id=([^&#]+)/ },
  { vendor: 'universal-analytics', src: /google-analytics\.com\/(analytics|ga|urchin)\.js/i },
  { vendor: 'meta-pixel', src: /connect\.facebook\.net\/[^/]+\/(fbevents|sdk)\.js/i },
  { vendor: 'linkedin', src: /snap\.licdn\.com\/li\.lms-analytics\/insight/i },
  { vendor: 'tiktok', src: /analytics\.tiktok\.com\/i18n\/pixel/i },
  { vendor: 'bing-uet', src: /bat\.bing\.com\/bat\.js/i },
  { vendor: 'clarity', src: /(www\.)?clarity\.ms\/tag\//i, id: /clarity\.ms\/tag\/([a-z0-9]+)/i },
  { vendor: 'hotjar', src: /static\.hotjar\.com\/c\/hotjar-/i, id: /hotjar-(\d+)\.js/i },
  { vendor: 'matomo', src: /\/(matomo|piwik)\.js/i },
  { vendor: 'plausible', src: /plausible\.io\/js\//i },
  { vendor: 'fullstory', src: /(edge\.)?fullstory\.com\/s\/fs\.js/i },
  { vendor: 'mouseflow', src: /cdn\.mouseflow\.com\/projects\//i },
  { vendor: 'logrocket', src: /cdn\.(logrocket\.io|lr-ingest\.io|lr-in\.com)\//i },
  { vendor: 'smartlook', src: /web-sdk\.smartlook\.com|rec\.smartlook\.com/i },
  { vendor: 'fingerprintjs', src: /fpjs\.io|fpnpmcdn\.net|openfpcdn\.io|fingerprintjs/i },
];

interface InlinePattern {
  readonly vendor: Vendor | ((id: string) => Vendor | undefined);
  readonly pattern: RegExp;
  readonly kind: DetectedTag['kind'];
}

/** Google product by id prefix. */
export function googleVendor(id: string): Vendor | undefined {
  if (/^GTM-/i.test(id)) return 'gtm';
  if (/^G-/i.test(id)) return 'ga4';
  if (/^UA-/i.test(id)) return 'universal-analytics';
  if (/^AW-/i.test(id)) return 'google-ads';
  if (/^DC-/i.test(id)) return 'floodlight';
  if (/^GT-/i.test(id)) return 'ga4';
  return undefined;
}

/** Inline code: the standard snippets and configuration calls, each with the id in group 1. */
const INLINE_PATTERNS: readonly InlinePattern[] = [
  // The GTM snippet: (function(w,d,s,l,i){...})(window,document,'script','dataLayer','GTM-A1B2C3');
  { vendor: 'gtm', pattern: /\(\s*window\s*,\s*document\s*,\s*['"]script['"]\s*,\s*['"][\w$]+['"]\s*,\s*['"]([^'"]+)['"]\s*\)/g, kind: 'loader' },
  { vendor: (id) => googleVendor(id), pattern: /gtag\(\s*['"]config['"]\s*,\s*['"]([^'"]+)['"]/g, kind: 'config' },
  { vendor: 'universal-analytics', pattern: /\bga\(\s*['"]create['"]\s*,\s*['"]([^'"]+)['"]/g, kind: 'config' },
  { vendor: 'universal-analytics', pattern: /_setAccount['"]\s*,\s*['"]([^'"]+)['"]/g, kind: 'config' },
  { vendor: 'meta-pixel', pattern: /fbq\(\s*['"]init['"]\s*,\s*['"]?([^'"),\s]+)['"]?/g, kind: 'config' },
  { vendor: 'meta-pixel', pattern: /connect\.facebook\.net\/[^'"]*fbevents\.js()/g, kind: 'loader' },
  { vendor: 'linkedin', pattern: /_linkedin_partner_id\s*=\s*['"]?(\d+)['"]?/g, kind: 'config' },
  { vendor: 'linkedin', pattern: /snap\.licdn\.com\/li\.lms-analytics()/g, kind: 'loader' },
  { vendor: 'tiktok', pattern: /ttq\.load\(\s*['"]([^'"]+)['"]/g, kind: 'config' },
  { vendor: 'bing-uet', pattern: /\bti\s*:\s*['"](\d+)['"][\s\S]{0,80}bat\.bing|bat\.bing\.com\/bat\.js[\s\S]{0,400}?\bti\s*:\s*['"](\d+)['"]/g, kind: 'config' },
  { vendor: 'clarity', pattern: /['"]clarity['"]\s*,\s*['"]script['"]\s*,\s*['"]([a-z0-9]+)['"]/gi, kind: 'loader' },
  { vendor: 'hotjar', pattern: /\bhjid\s*:\s*(\d+)/g, kind: 'loader' },
  { vendor: 'matomo', pattern: /_paq\.push\(\s*\[\s*['"]setSiteId['"]\s*,\s*['"]?([^'"\]\s]+)['"]?/g, kind: 'config' },
  { vendor: 'fullstory', pattern: /window\['_fs_org'\]\s*=\s*['"]([^'"]+)['"]|_fs_org\s*=\s*['"]([^'"]+)['"]/g, kind: 'loader' },
];

/** Script types that run as JavaScript; anything else (text/plain, a delayer's type) does not run as loaded. */
export function isExecutableType(type: string): boolean {
  return type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type) || type === 'text/jscript' || type === 'text/livescript';
}

export function detectTags(page: HtmlPage): DetectedTag[] {
  const tags: DetectedTag[] = [];
  for (const script of page.scripts) {
    if (script.src !== undefined) {
      for (const pattern of SOURCE_PATTERNS) {
        if (!pattern.src.test(script.src)) continue;
        const id = pattern.id?.exec(script.src)?.[1];
        const vendor = pattern.vendor === 'ga4' && id !== undefined ? (googleVendor(id) ?? 'ga4') : pattern.vendor;
        tags.push({ vendor, id: id === undefined ? undefined : decodeURIComponent(id), kind: 'loader', script, order: script.order, inHead: script.inHead, evidence: quote(script.tag), pageUrl: page.url });
        break;
      }
      continue;
    }
    if (script.type === 'application/ld+json' || script.code.length === 0) continue;
    for (const { vendor, pattern, kind } of INLINE_PATTERNS) {
      for (const match of script.code.matchAll(pattern)) {
        const id = match.slice(1).find((group) => group !== undefined && group !== '');
        const resolved = typeof vendor === 'function' ? (id === undefined ? undefined : vendor(id)) : vendor;
        if (resolved === undefined) continue;
        if (resolved === 'gtm' && id !== undefined && !/^GTM-/i.test(id) && !/X{4,}/i.test(id)) continue;
        tags.push({ vendor: resolved, id, kind, script, order: script.order, inHead: script.inHead, evidence: quote(snippetAround(script.code, match.index ?? 0)), pageUrl: page.url });
      }
    }
  }
  for (const frame of page.iframes) {
    const gtm = /googletagmanager\.com\/ns\.html\?id=([^&#"']+)/i.exec(frame.src);
    if (gtm !== null) tags.push({ vendor: 'gtm', id: decodeURIComponent(gtm[1]!), kind: 'noscript', script: undefined, order: frame.order, inHead: false, evidence: quote(frame.tag), pageUrl: page.url });
  }
  const pixel = /facebook\.com\/tr\?id=(\d+)/i.exec(page.html);
  if (pixel !== null && !tags.some((tag) => tag.vendor === 'meta-pixel')) {
    tags.push({ vendor: 'meta-pixel', id: pixel[1], kind: 'noscript', script: undefined, order: Number.MAX_SAFE_INTEGER, inHead: false, evidence: quote(pixel[0]), pageUrl: page.url });
  }
  return tags;
}

function snippetAround(code: string, index: number): string {
  const start = Math.max(0, index - 20);
  return `…${code.slice(start, index + 120)}…`;
}

/** A consent platform (CMP) signature. `autoBlocks`: it can hold back other scripts by itself. */
interface ConsentPlatform {
  readonly name: string;
  readonly pattern: RegExp;
  readonly autoBlocking?: RegExp;
}

export const CONSENT_PLATFORMS: readonly ConsentPlatform[] = [
  { name: 'Cookiebot', pattern: /consent\.cookiebot\.(com|eu)\/uc\.js|Cookiebot/, autoBlocking: /data-blockingmode=["']?auto/i },
  { name: 'OneTrust', pattern: /cdn\.cookielaw\.org|otSDKStub|optanon/i, autoBlocking: /otAutoBlock\.js/i },
  { name: 'Usercentrics', pattern: /usercentrics\.eu|usercentrics/i, autoBlocking: /autoblocker\.js/i },
  { name: 'Borlabs Cookie', pattern: /borlabs-cookie|BorlabsCookie/i },
  { name: 'Complianz', pattern: /complianz|cmplz/i },
  { name: 'CookieYes', pattern: /cdn-cookieyes\.com|cookieyes/i },
  { name: 'Didomi', pattern: /sdk\.privacy-center\.org|didomi/i },
  { name: 'iubenda', pattern: /cdn\.iubenda\.com\/cs/i },
  { name: 'Termly', pattern: /app\.termly\.io/i },
  { name: 'Klaro', pattern: /klaro(\.min)?\.js|klaroConfig/i },
  { name: 'Osano', pattern: /cmp\.osano\.com/i },
  { name: 'Quantcast Choice', pattern: /quantcast\.mgr\.consensu\.org|cmp\.quantcast\.com/i },
  { name: 'CookieFirst', pattern: /consent\.cookiefirst\.com/i },
  { name: 'Axeptio', pattern: /static\.axept\.io/i },
  { name: 'Google consent messages', pattern: /fundingchoicesmessages\.google\.com/i },
  { name: 'cookieconsent', pattern: /cookieconsent(\.min)?\.js/i },
];

export interface ConsentPlatformHit {
  readonly name: string;
  readonly order: number;
  readonly evidence: string;
  readonly autoBlocking: boolean;
}

export function detectConsentPlatforms(page: HtmlPage): ConsentPlatformHit[] {
  const hits: ConsentPlatformHit[] = [];
  for (const platform of CONSENT_PLATFORMS) {
    const script = page.scripts.find((candidate) => platform.pattern.test(candidate.src ?? '') || platform.pattern.test(candidate.tag) || (candidate.code.length < 20_000 && platform.pattern.test(candidate.code)));
    const link = script === undefined ? page.links.find((candidate) => platform.pattern.test(candidate.href ?? '')) : undefined;
    if (script === undefined && link === undefined) continue;
    const autoBlocking = platform.autoBlocking !== undefined && (platform.autoBlocking.test(page.html.slice(0, 200_000)));
    hits.push({ name: platform.name, order: script?.order ?? 0, evidence: quote(script?.tag ?? link!.tag), autoBlocking });
  }
  if (page.scripts.some((script) => /__tcfapi/.test(script.code))) {
    const script = page.scripts.find((candidate) => /__tcfapi/.test(candidate.code))!;
    if (hits.length === 0) hits.push({ name: 'IAB TCF consent platform', order: script.order, evidence: quote(snippetAround(script.code, script.code.indexOf('__tcfapi'))), autoBlocking: false });
  }
  return hits;
}

/** Markup consent tools use to hold a script back until consent (it does not run as loaded). */
export function isHeldForConsent(script: ScriptTag): boolean {
  if (script.type === 'text/plain' || script.type === 'text/x-cookieconsent') return true;
  return ['data-cookieconsent', 'data-cookiecategory', 'data-usercentrics', 'data-category', 'data-cookie-consent', 'data-cmplz-src', 'data-borlabs-cookie-script-blocker-id'].some(
    (attribute) => script.attribute(attribute) !== undefined && !isExecutableType(script.type),
  ) || /optanon-category|cmplz-script/.test(script.attribute('class') ?? '') && !isExecutableType(script.type);
}
