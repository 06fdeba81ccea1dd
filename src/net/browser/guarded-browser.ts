import type { Browser, BrowserContext, Request, Route } from 'playwright-core';
import type { FetchOutcome, Fetcher } from '../fetcher.js';

/**
 * The one guarded Chromium of scans and imports. Chromium itself never reaches the network: every
 * request a page makes is intercepted, and either refused without a connection or fetched by the
 * job's guarded fetcher (the same target rules, pinned-address connect and budget as every other
 * request of the job) and handed back to the browser. The browser is also pointed at a proxy that
 * does not exist, so a request that escaped interception (a WebSocket, a prefetch) goes nowhere.
 */
export const DEAD_PROXY = 'http://127.0.0.1:9';

/** Resource types whose bytes neither a scan nor an import needs: refused, so a visit costs the site less. */
const NOT_NEEDED = new Set(['image', 'media', 'font', 'ping', 'beacon', 'texttrack', 'eventsource', 'websocket', 'manifest', 'other']);

/** A fresh headless Chromium (the given executable, never a downloaded one) that reaches nothing by itself. */
export async function launchGuardedBrowser(executablePath: string, timeoutMs: number): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: timeoutMs,
    args: [
      `--proxy-server=${DEAD_PROXY}`,
      '--proxy-bypass-list=<-loopback>',
      '--disable-background-networking',
      '--dns-prefetch-disable',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--disable-features=InterestFeedContentSuggestions,OptimizationHints,MediaRouter',
      '--no-first-run',
    ],
  });
}

/** What the job makes of one request, before the rules below: whether to refuse it, and what to do with the answer. */
export interface RequestVerdict {
  /** Refused without a connection (a measurement hit, a third party). */
  readonly refuse: boolean;
  /** Told what became of a request that was fetched (or failed); not called for refused ones. */
  readonly settled?: (outcome: FetchOutcome) => void;
}

/**
 * Routes every request of the context through the fetcher. Refused without a connection, besides
 * what `judge` refuses: anything but GET (beacons, form posts: the site's analytics and inbox never
 * see us), images, media and fonts, and anything not http(s).
 */
export async function routeThroughFetcher(context: BrowserContext, fetcher: Fetcher, judge: (request: Request) => RequestVerdict): Promise<void> {
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const verdict = judge(request);
    if (verdict.refuse || request.method() !== 'GET' || NOT_NEEDED.has(request.resourceType()) || !/^https?:/.test(request.url())) {
      await route.abort('blockedbyclient').catch(() => {});
      return;
    }
    const outcome = await fetcher.fetch(request.url(), { followRedirects: false, accept: request.headers().accept ?? '*/*' });
    verdict.settled?.(outcome);
    if (!outcome.ok || outcome.response.bodySkipped) {
      await route.abort(outcome.ok ? 'blockedbyclient' : 'addressunreachable').catch(() => {});
      return;
    }
    const { response } = outcome;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      // The fetcher decoded the body (content-encoding, charset): what the browser gets is UTF-8 text.
      if (/^(content-encoding|content-length|transfer-encoding|connection)$/i.test(name)) continue;
      headers[name] = name === 'content-type' ? value.replace(/;\s*charset=[^;]*/i, '') + '; charset=utf-8' : value;
    }
    await route.fulfill({ status: response.status, headers, body: response.body }).catch(() => {});
  });
}
