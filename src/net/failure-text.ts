import { message, type MessageLanguage } from '../messages/catalog.js';
import type { FetchFailure } from './fetcher.js';

/**
 * Plain words for what happened on the way to the site, for the reasons every caller words
 * alike, in the caller's language (the catalogs' `net.failure`). The reasons that depend on the
 * job (a refused target, the budget, the job stopping) are worded by each caller, which passes
 * them in `ownWords`; nothing here names an internal address.
 */
export function describeFailure(failure: FetchFailure, lang: MessageLanguage, ownWords: (failure: FetchFailure) => string | undefined): string {
  return ownWords(failure) ?? siteWords(failure, lang);
}

function siteWords(failure: FetchFailure, lang: MessageLanguage): string {
  // A caller's veto is in the caller's own words already.
  if (failure.reason === 'redirect-refused' && failure.veto !== undefined) return failure.veto;
  return message(lang, 'net.failure', {
    reason: failure.reason.replace(/-/g, '_'),
    redirects: Math.max(0, failure.redirects.length - 1),
    seconds: Math.round((failure.timeoutMs ?? 0) / 100) / 10,
    tls: failure.tlsCode ?? 'TLS',
  });
}
