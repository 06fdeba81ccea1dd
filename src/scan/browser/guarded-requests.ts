import type { BrowserContext, Route } from 'playwright-core';
import type { Fetcher } from '../../net/fetcher.js';
import { describeFetchFailure } from '../fetch-failure-text.js';
import type { AttemptedRequest, ConsentPhase } from './observation.js';

/**
 * Chromium itself never reaches the network. Every request a page makes is intercepted here:
 * it is recorded, and then either refused or fetched by the scan's guarded fetcher (the same
 * target rules, pinned-address connect and budget as every other request of the scan) and
 * handed back to the browser. Refused without a connection: anything but GET (beacons, form
 * posts: the site's analytics and inbox never see the scan), measurement hits, images, media
 * and fonts (no check needs them). The browser is also pointed at a proxy that does not
 * exist, so a request that escaped interception (a WebSocket, a prefetch) goes nowhere.
 */
export const DEAD_PROXY = 'http://127.0.0.1:9';

/** Resource types whose bytes no check needs: refused, so the scan costs the site less. */
const NOT_NEEDED = new Set(['image', 'media', 'font', 'ping', 'beacon', 'texttrack', 'eventsource', 'websocket', 'manifest', 'other']);

export interface RequestLog {
  readonly requests: AttemptedRequest[];
  phase: ConsentPhase;
}

export async function guardRequests(context: BrowserContext, fetcher: Fetcher, log: RequestLog, isHit: (request: AttemptedRequest) => boolean): Promise<void> {
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const body = request.postData() ?? undefined;
    const attempted: AttemptedRequest = { url: request.url(), method: request.method(), resourceType: request.resourceType(), phase: log.phase, ...(body === undefined ? {} : { body }) };
    const index = log.requests.push(attempted) - 1;
    if (request.method() !== 'GET' || NOT_NEEDED.has(request.resourceType()) || isHit(attempted) || !/^https?:/.test(request.url())) {
      await route.abort('blockedbyclient').catch(() => {});
      return;
    }
    const outcome = await fetcher.fetch(request.url(), { followRedirects: false, accept: request.headers().accept ?? '*/*' });
    // What became of it, for the checks: a tag loader that never came is why the pages sent nothing.
    log.requests[index] = outcome.ok ? { ...attempted, status: outcome.response.status } : { ...attempted, failure: describeFetchFailure(outcome.failure) };
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
