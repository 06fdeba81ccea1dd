import { message } from '../messages/catalog.js';
import { describeFailure } from '../net/failure-text.js';
import type { FetchFailure } from '../net/fetcher.js';
import type { RefusalReason } from '../net/target.js';

/** The target rules' own words, where they speak of scans, in the import's words (English, from the catalogs' `import.*`). */
export function describeRefusal(reason: RefusalReason, detail: string): string {
  return message('en', 'import.refusal', { reason: reason.replace(/-/g, '_'), detail });
}

/** How the importer words a request that produced no response. */
export function describeFetchFailure(failure: FetchFailure): string {
  return describeFailure(failure, 'en', importWords);
}

function importWords(failure: FetchFailure): string | undefined {
  switch (failure.reason) {
    case 'target-refused': {
      const rule = failure.refusal === undefined ? message('en', 'net.failure', { reason: 'target_refused' }) : describeRefusal(failure.refusal.reason, failure.refusal.message);
      return message('en', 'import.refused', { rule, redirected: failure.redirects.length === 0 ? 'no' : 'yes' });
    }
    case 'budget':
      return message('en', 'import.budgetUsed');
    case 'job-aborted':
      return message('en', 'import.stopped');
    default:
      return undefined;
  }
}
