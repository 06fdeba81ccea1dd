import type { BrowserContext } from 'playwright-core';
import { routeThroughFetcher } from '../../net/browser/guarded-browser.js';
import type { Fetcher } from '../../net/fetcher.js';
import { describeFetchFailure } from '../fetch-failure-text.js';
import type { AttemptedRequest, ConsentPhase } from './observation.js';

export interface RequestLog {
  readonly requests: AttemptedRequest[];
  phase: ConsentPhase;
}

/**
 * The scan's side of the guarded browser (src/net/browser/guarded-browser.ts): every request a
 * page attempts is recorded with the consent phase it came in, measurement hits are refused (the
 * site's analytics never sees the scan), and what became of each fetched one is kept for the checks.
 */
export async function guardRequests(context: BrowserContext, fetcher: Fetcher, log: RequestLog, isHit: (request: AttemptedRequest) => boolean): Promise<void> {
  await routeThroughFetcher(context, fetcher, (request) => {
    const body = request.postData() ?? undefined;
    const attempted: AttemptedRequest = { url: request.url(), method: request.method(), resourceType: request.resourceType(), phase: log.phase, ...(body === undefined ? {} : { body }) };
    const index = log.requests.push(attempted) - 1;
    return {
      refuse: isHit(attempted),
      // What became of it, for the checks: a tag loader that never came is why the pages sent nothing.
      settled: (outcome) => {
        log.requests[index] = outcome.ok ? { ...attempted, status: outcome.response.status } : { ...attempted, failure: describeFetchFailure(outcome.failure) };
      },
    };
  });
}
