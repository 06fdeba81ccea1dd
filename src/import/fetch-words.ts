import { describeFailure } from '../net/failure-text.js';
import type { FetchFailure } from '../net/fetcher.js';
import type { RefusalReason } from '../net/target.js';

/** The target rules' own words, where they speak of scans. */
export function describeRefusal(reason: RefusalReason, message: string): string {
  if (reason === 'port') return 'only websites on the standard ports (80 for http, 443 for https) can be imported';
  if (reason === 'scheme') return 'only http:// and https:// websites can be imported';
  return message;
}

/** How the importer words a request that produced no response. */
export function describeFetchFailure(failure: FetchFailure): string {
  return describeFailure(failure, 'en', importWords);
}

function importWords(failure: FetchFailure): string | undefined {
  switch (failure.reason) {
    case 'target-refused': {
      const rule = failure.refusal === undefined ? 'the address is refused' : describeRefusal(failure.refusal.reason, failure.refusal.message);
      return failure.redirects.length === 0 ? rule : `redirects to an address that cannot be imported (${rule})`;
    }
    case 'budget':
      return "the import's request budget was used up";
    case 'job-aborted':
      return 'the import was stopped';
    default:
      return undefined;
  }
}
