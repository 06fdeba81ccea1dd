import type { FetchedResponse } from '../fetcher.js';

/** The site answered the scanner with a bot challenge or a refusal instead of the content. */
export interface BlockSign {
  readonly kind: 'challenge' | 'refused';
  /** What gave it away, quoted (a header or a marker in the page). */
  readonly evidence: string;
}

/**
 * Markers of the challenge and block pages of the common bot-protection services. A response
 * carrying one of them says nothing about the site itself: the check it belongs to is "could not
 * verify", never a failure (scanners that grade these pages report false problems, peers.md §3
 * item 10).
 */
const CHALLENGE_MARKERS: readonly (readonly [RegExp, string])[] = [
  [/<title>\s*Just a moment\.\.\.\s*<\/title>/i, 'Cloudflare challenge page ("Just a moment...")'],
  [/challenges\.cloudflare\.com|\/cdn-cgi\/challenge-platform\/|_cf_chl_opt/i, 'Cloudflare challenge script'],
  [/Attention Required! \| Cloudflare/i, 'Cloudflare block page'],
  [/captcha-delivery\.com|geo\.captcha-delivery/i, 'DataDome captcha'],
  [/px-captcha|_pxCaptcha|perimeterx/i, 'PerimeterX / HUMAN challenge'],
  [/_Incapsula_Resource|Incapsula incident ID/i, 'Imperva Incapsula block page'],
  [/sgcaptcha|\/\.well-known\/sgcaptcha/i, 'SiteGround captcha'],
  [/awswaf|aws-waf-token|token\.awswaf\.com/i, 'AWS WAF challenge'],
  [/ddos-guard\.net\/|DDoS-Guard/i, 'DDoS-Guard challenge'],
  [/Vercel Security Checkpoint/i, 'Vercel Security Checkpoint'],
  [/Checking your browser before accessing|Please enable JavaScript and cookies to continue/i, 'browser check page'],
  [/Reference #\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i, 'Akamai "Access Denied" page'],
];

/** Statuses a bot wall answers with. */
const BLOCK_STATUSES: ReadonlySet<number> = new Set([401, 403, 405, 406, 429, 503]);

export function detectBlock(response: FetchedResponse): BlockSign | undefined {
  const mitigated = response.headers['cf-mitigated'];
  if (mitigated !== undefined && /challenge/i.test(mitigated)) return { kind: 'challenge', evidence: `cf-mitigated: ${mitigated}` };
  if (!BLOCK_STATUSES.has(response.status) && response.status < 500) {
    // A 200 can still be a challenge (some services answer 200 with an interstitial), but only
    // when the page is small and carries a marker; a real page that mentions Cloudflare is not one.
    if (response.status === 200 && response.bodyBytes < 32 * 1024) {
      const marker = findMarker(response.body);
      if (marker !== undefined && /<title>\s*Just a moment|challenge-platform|captcha-delivery|px-captcha|sgcaptcha|Security Checkpoint/i.test(response.body)) {
        return { kind: 'challenge', evidence: marker };
      }
    }
    return undefined;
  }
  const marker = findMarker(response.body);
  if (marker !== undefined) return { kind: 'challenge', evidence: `HTTP ${response.status}, ${marker}` };
  if (response.status === 429) {
    const retry = response.headers['retry-after'];
    return { kind: 'refused', evidence: `HTTP 429 Too Many Requests${retry === undefined ? '' : `, Retry-After: ${retry}`}` };
  }
  if (response.status === 401 || response.status === 403) return { kind: 'refused', evidence: `HTTP ${response.status} for our scanner's request` };
  return undefined;
}

function findMarker(body: string): string | undefined {
  const sample = body.slice(0, 64 * 1024);
  return CHALLENGE_MARKERS.find(([pattern]) => pattern.test(sample))?.[1];
}
