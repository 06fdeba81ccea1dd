import type { FetchedResponse } from '../fetcher.js';

/** The site answered the scanner with a bot challenge or a refusal instead of the content. */
export interface BlockSign {
  readonly kind: 'challenge' | 'refused';
  /** What gave it away, quoted from the response (a status, a header or a marker in the page), never words of ours. */
  readonly evidence: string;
}

/**
 * Markers of the challenge and block pages of the common bot-protection services (Cloudflare,
 * DataDome, PerimeterX/HUMAN, Imperva Incapsula, SiteGround, AWS WAF, DDoS-Guard, Vercel, Akamai,
 * generic browser checks). A response carrying one of them says nothing about the site itself: the
 * check it belongs to is "could not verify", never a failure (scanners that grade these pages
 * report false problems, peers.md §3 item 10). The evidence is the marker as the site wrote it,
 * never words of ours: it is quoted in reports of either language.
 */
const CHALLENGE_MARKERS: readonly RegExp[] = [
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /challenges\.cloudflare\.com|\/cdn-cgi\/challenge-platform\/|_cf_chl_opt/i,
  /Attention Required! \| Cloudflare/i,
  /captcha-delivery\.com|geo\.captcha-delivery/i,
  /px-captcha|_pxCaptcha|perimeterx/i,
  /_Incapsula_Resource|Incapsula incident ID/i,
  /sgcaptcha|\/\.well-known\/sgcaptcha/i,
  /awswaf|aws-waf-token|token\.awswaf\.com/i,
  /ddos-guard\.net\/|DDoS-Guard/i,
  /Vercel Security Checkpoint/i,
  /Checking your browser before accessing|Please enable JavaScript and cookies to continue/i,
  /Reference #\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i,
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
    return { kind: 'refused', evidence: `HTTP 429${retry === undefined ? '' : `, Retry-After: ${retry}`}` };
  }
  if (response.status === 401 || response.status === 403) return { kind: 'refused', evidence: `HTTP ${response.status}` };
  return undefined;
}

/** The first marker found, as the page wrote it (the text a reader can find in the page). */
function findMarker(body: string): string | undefined {
  const sample = body.slice(0, 64 * 1024);
  for (const pattern of CHALLENGE_MARKERS) {
    const found = pattern.exec(sample);
    if (found !== null) return found[0];
  }
  return undefined;
}
