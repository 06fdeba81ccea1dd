import { message, type MessageLanguage } from '../messages/catalog.js';
import { describeFailure } from '../net/failure-text.js';
import type { FetchFailure } from '../net/fetcher.js';
import type { RefusalReason } from '../net/target.js';

/** The target rules' own words, where they speak of scans, in the import's words (the catalogs' `import.*`), in the run's language. */
export function describeRefusal(lang: MessageLanguage, reason: RefusalReason, detail: string): string {
  return message(lang, 'import.refusal', { reason: reason.replace(/-/g, '_'), detail });
}

/** How the importer words a request that produced no response, in the run's language. */
export function describeFetchFailure(lang: MessageLanguage, failure: FetchFailure): string {
  return describeFailure(failure, lang, (one) => importWords(lang, one));
}

function importWords(lang: MessageLanguage, failure: FetchFailure): string | undefined {
  switch (failure.reason) {
    case 'target-refused': {
      const rule = failure.refusal === undefined ? message(lang, 'net.failure', { reason: 'target_refused' }) : describeRefusal(lang, failure.refusal.reason, failure.refusal.message);
      return message(lang, 'import.refused', { rule, redirected: failure.redirects.length === 0 ? 'no' : 'yes' });
    }
    case 'budget':
      return message(lang, 'import.budgetUsed');
    case 'job-aborted':
      return message(lang, 'import.stopped');
    default:
      return undefined;
  }
}
