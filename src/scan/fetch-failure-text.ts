import { message, type MessageLanguage } from '../messages/catalog.js';
import { describeFailure } from '../net/failure-text.js';
import type { FetchFailure } from '../net/fetcher.js';
import type { Text } from './report-language.js';

/** How a scan words a request that produced no response, for the person reading the report, in every report language. */
export function describeFetchFailure(failure: FetchFailure): Text {
  return { pl: describeFailure(failure, 'pl', scanWords('pl')), en: describeFailure(failure, 'en', scanWords('en')) };
}

const scanWords =
  (lang: MessageLanguage) =>
  (failure: FetchFailure): string | undefined => {
    switch (failure.reason) {
      case 'target-refused':
        return message(lang, 'scan.refused', { rule: (failure.refusal?.reason ?? 'other').replace(/-/g, '_'), redirected: failure.redirects.length === 0 ? 'no' : 'yes' });
      case 'budget':
        return message(lang, 'scan.budgetUsed');
      case 'job-aborted':
        return message(lang, 'scan.stopped');
      default:
        return undefined;
    }
  };
