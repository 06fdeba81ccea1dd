import { describe, expect, it } from 'vitest';
import { cspBlocksTags, euHotSpots, legalLinks, replayAndFingerprinting, tagDelayers, transport } from '../../src/scan/checks/analytics/site-checks.js';
import { consentModeDefaults, deadIds, gtmHygiene, tagInventory, trackingBeforeConsent } from '../../src/scan/checks/analytics/tag-checks.js';
import { consentStateInHits, nothingBeforeChoice, oneHitPerPageView } from '../../src/scan/checks/analytics/browser-checks.js';
import { doc, findings, htmlPage, runInEnglish, ORIGIN, resource, snapshot } from './snapshot-builder.js';

const GTM = "<script>(function(w,d,s,l,i){w[l]=w[l]||[];})(window,document,'script','dataLayer','GTM-K7PQ2ZX');</script>";
const analytics = (head: string, body = '<main><h1>Acme</h1></main>', options = {}) => snapshot(htmlPage(doc(head, body), options), { kind: 'analytics' });

describe('T2 dead and placeholder ids', () => {
  it('flags a template placeholder and a malformed id', () => {
    const found = findings(deadIds, analytics("<script>gtag('config', 'G-XXXXXXXXXX'); gtag('config', 'G-8r2kj4qx');</script>"));
    expect(found.map((finding) => [finding.severity, finding.found])).toEqual([
      ['high', 'Google Analytics 4 is set up with the placeholder id "G-XXXXXXXXXX", so it sends data nowhere.'],
      ['medium', 'The Google Analytics 4 id "G-8r2kj4qx" is not in the form such ids take, so the tag probably does not work.'],
    ]);
  });
});

describe('T4 GTM hygiene', () => {
  it('flags a container in <body>, a missing <noscript> fallback and dataLayer.push before dataLayer exists', () => {
    const found = findings(gtmHygiene, analytics('', `<script>dataLayer.push({event: 'page'});</script>${GTM}<main><h1>Acme</h1></main>`));
    expect(found.map((finding) => finding.severity)).toEqual(['medium', 'low', 'medium']);
    expect(found[2]!.evidence).toEqual(["dataLayer.push({event: 'page'});"]);
  });
});

describe('T6 Consent Mode v2 defaults', () => {
  it('reports a v1-only default, set after the loader, with granted defaults', () => {
    const found = findings(consentModeDefaults, analytics(`<script src="https://www.googletagmanager.com/gtag/js?id=G-8R2KJ4QX1L"></script><script>gtag('consent','default',{ad_storage:'granted',analytics_storage:'granted'});</script>`));
    expect(found.map((finding) => finding.found)).toEqual([
      'The Consent Mode default is v1 only: it lacks ad_user_data and ad_personalization. Without the v2 keys Google treats EEA traffic as without consent for ads.',
      'The Consent Mode default is set after Google Analytics 4 G-8R2KJ4QX1L loads, so the first hits go out before the default applies.',
      'The default grants ad_storage and analytics_storage before anyone chose: in the EU this is tracking without consent.',
    ]);
  });

  it('accepts granted defaults limited to regions outside the EEA', () => {
    const found = findings(consentModeDefaults, analytics(`<script>gtag('consent','default',{ad_storage:'granted',analytics_storage:'granted',ad_user_data:'granted',ad_personalization:'granted',region:['US']});</script><script src="https://www.googletagmanager.com/gtag/js?id=G-8R2KJ4QX1L"></script>`));
    expect(found).toEqual([]);
  });

  it('is high when Google tags run with no default and no consent platform', () => {
    expect(findings(consentModeDefaults, analytics(GTM))[0]).toMatchObject({ severity: 'high' });
  });
});

describe('T7 tracking before consent', () => {
  it('accepts trackers held back with consent markup', () => {
    const held = '<script src="https://consent.cookiebot.com/uc.js"></script><script type="text/plain" data-cookieconsent="marketing">fbq(\'init\', \'123456789012345\');</script>';
    expect(findings(trackingBeforeConsent, analytics(held))).toEqual([]);
  });

  it('accepts ordinary scripts when the consent platform blocks scripts by itself', () => {
    const auto = '<script src="https://consent.cookiebot.com/uc.js" data-blockingmode="auto"></script><script src="https://connect.facebook.net/en_US/fbevents.js"></script>';
    expect(findings(trackingBeforeConsent, analytics(auto))).toEqual([]);
  });

  it('flags trackers when there is no consent platform at all', () => {
    expect(findings(trackingBeforeConsent, analytics('<script async src="https://static.hotjar.com/c/hotjar-3344556.js?sv=6"></script>'))[0]!.found).toContain('Hotjar 3344556 loads on every visit');
  });
});

describe('T9, T10, T13, T17', () => {
  it('T9: names the optimiser that delays the tags', () => {
    const found = findings(tagDelayers, analytics('<script type="rocketlazyloadscript" data-rocket-src="https://www.googletagmanager.com/gtag/js?id=G-8R2KJ4QX1L" src="https://www.googletagmanager.com/gtag/js?id=G-8R2KJ4QX1L"></script>'));
    expect(found[0]!.found).toContain('WP Rocket');
  });

  it('T10: reports a CSP that blocks the GTM host, quoting the header', () => {
    const csp = "default-src 'self'; script-src 'self' 'unsafe-inline'; connect-src 'self'";
    const found = findings(cspBlocksTags, analytics(GTM, undefined, { headers: { 'content-security-policy': csp } }));
    expect(found[0]).toMatchObject({ severity: 'high' });
    expect(found[0]!.checked?.en).toContain('Google Tag Manager: script-src does not allow www.googletagmanager.com');
  });

  it('T10: accepts wildcard host sources', () => {
    const csp = "script-src 'self' https://*.googletagmanager.com; connect-src 'self' *.google-analytics.com www.googletagmanager.com";
    expect(findings(cspBlocksTags, analytics(GTM, undefined, { headers: { 'content-security-policy': csp } }))).toEqual([]);
  });

  it('T13: flags remote Google Fonts and youtube.com embeds', () => {
    const found = findings(euHotSpots, analytics('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">', '<main><iframe src="https://www.youtube.com/embed/abc"></iframe></main>'));
    expect(found.map((finding) => finding.severity)).toEqual(['medium', 'medium']);
  });

  it('T17: flags an http address that does not redirect to https, and a missing HSTS header', () => {
    const probe = resource('/', 'ok', { status: 200 });
    const page = htmlPage(doc(''));
    const found = findings(transport, snapshot(page, { kind: 'analytics', resources: { 'http-probe': { ...probe, url: 'http://www.acme-heating.example/' } } }));
    expect(found.map((finding) => finding.severity)).toEqual(['low', 'medium']);
    expect(found[1]!.evidence[0]).toBe(`GET ${ORIGIN}/ -> HTTP 200`);
  });
});

describe('T11 and T14', () => {
  it('T11: session recording without a consent platform is a problem, with one it is information', () => {
    const hotjar = '<script async src="https://static.hotjar.com/c/hotjar-3344556.js?sv=6"></script>';
    expect(findings(replayAndFingerprinting, analytics(hotjar))[0]).toMatchObject({ severity: 'medium' });
    expect(findings(replayAndFingerprinting, analytics(`<script src="https://consent.cookiebot.com/uc.js"></script>${hotjar}`))[0]).toMatchObject({ severity: 'info' });
  });

  it('T14: asks for a privacy policy link, and an Impressum on a German-language site', () => {
    const page = htmlPage(doc('', '<main><h1>Heizung</h1><a href="/kontakt/">Kontakt</a></main>', 'de'), { url: 'https://www.heizung-beispiel.de/' });
    expect(findings(legalLinks, snapshot(page, { kind: 'analytics' })).map((finding) => finding.severity)).toEqual(['high', 'medium']);
    const legal = htmlPage(doc('', '<main><h1>Heizung</h1><a href="/datenschutz/">Datenschutz</a> <a href="/impressum/">Impressum</a></main>', 'de'), { url: 'https://www.heizung-beispiel.de/' });
    expect(findings(legalLinks, snapshot(legal, { kind: 'analytics' }))).toEqual([]);
  });
});

describe('the browser checks when the tags could not be loaded in the browser', () => {
  /** GTM in the HTML; in the browser, gtm.js could not be fetched, so the pages sent nothing. */
  function gtmUnreachable(failure: { failure?: { pl: string; en: string }; status?: number }) {
    const home = snapshot(htmlPage(doc(`<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-K7PQ2ZX"></script>`)), { kind: 'analytics' });
    const gtmJs = { url: 'https://www.googletagmanager.com/gtm.js?id=GTM-K7PQ2ZX', method: 'GET', resourceType: 'script', phase: 'before-choice' as const, ...failure };
    return { ...home, browser: { pages: [{ url: home.home.url, requests: [gtmJs], cookiesBeforeChoice: [], renderedText: 'Acme', fingerprinting: [], consent: {} }] } };
  }

  it.each([oneHitPerPageView, nothingBeforeChoice, consentStateInHits])('$id is not verified, with the reason, instead of "no request to an analytics service"', (check) => {
    const result = runInEnglish(check, gtmUnreachable({ failure: { pl: 'nie udało się połączyć ze stroną', en: 'the site could not be reached (DNS lookup failed)' } }));
    expect(result).toEqual({ status: 'not_verified', reason: expect.stringContaining('https://www.googletagmanager.com/gtm.js?id=GTM-K7PQ2ZX could not be fetched (the site could not be reached (DNS lookup failed))') });
  });

  it('names the status when the loader answered with an error', () => {
    expect(runInEnglish(nothingBeforeChoice, gtmUnreachable({ status: 503 }))).toEqual({ status: 'not_verified', reason: expect.stringContaining('could not be fetched (HTTP 503)') });
  });

  it('stays not applicable when the loader came and the pages simply sent nothing', () => {
    expect(runInEnglish(nothingBeforeChoice, gtmUnreachable({})).status).toBe('not_applicable');
  });
});

describe('T1 in a scan with a browser', () => {
  it('does not say tags may be added by a script we cannot see without a browser', () => {
    const plain = snapshot(htmlPage(doc('')), { kind: 'analytics' });
    const withBrowser = { ...plain, browser: { pages: [{ url: plain.home.url, requests: [], cookiesBeforeChoice: [], renderedText: 'Acme', fingerprinting: [], consent: {} }] } };
    const [none] = findings(tagInventory, withBrowser);
    expect(none!.found).not.toContain('without a browser');
    expect(none!.found).toContain('none sent anything when the pages ran in a browser');
    expect(findings(tagInventory, plain)[0]!.found).toContain('without a browser');
  });
});
