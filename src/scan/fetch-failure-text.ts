import { describeFailure } from '../net/failure-text.js';
import type { FetchFailure } from '../net/fetcher.js';

/** How a scan words a request that produced no response, for the person reading the report. */
export function describeFetchFailure(failure: FetchFailure): string {
  return describeFailure(failure, scanWords);
}

function scanWords(failure: FetchFailure): string | undefined {
  switch (failure.reason) {
    case 'target-refused': {
      const rule = failure.refusal?.message ?? 'the address cannot be scanned';
      return failure.redirects.length === 0 ? rule : `redirected to an address that cannot be scanned: ${rule}`;
    }
    case 'budget':
      return "the scan's request budget was used up before this request";
    case 'job-aborted':
      return 'the scan stopped (its time was up, or the server is shutting down) before this request finished';
    default:
      return undefined;
  }
}
