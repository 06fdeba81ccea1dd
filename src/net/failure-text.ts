import type { FailureReason, FetchFailure } from './fetcher.js';

/**
 * Plain words for what happened on the way to the site, for the reasons every caller words
 * alike. The reasons that depend on the job (a refused target, the budget, the job stopping)
 * are worded by each caller, which passes them in `ownWords`; nothing here names an internal
 * address.
 */
export function describeFailure(failure: FetchFailure, ownWords: (failure: FetchFailure) => string | undefined): string {
  return ownWords(failure) ?? SITE_WORDS[failure.reason](failure);
}

const SITE_WORDS: Readonly<Record<FailureReason, (failure: FetchFailure) => string>> = {
  'target-refused': (failure) => failure.refusal?.message ?? 'the address is refused',
  'blocked-address': () => 'this address does not lead to a public website',
  'redirect-loop': () => 'the redirects go round in a loop',
  'too-many-redirects': (failure) => `more than ${failure.redirects.length - 1} redirects`,
  'invalid-redirect': () => 'the site answered with a redirect to an invalid address',
  'redirect-refused': (failure) => failure.veto ?? 'the redirect was not followed',
  budget: () => 'the request budget was used up before this request',
  'request-timeout': (failure) => `no complete answer within ${Math.round((failure.timeoutMs ?? 0) / 100) / 10} s`,
  'job-aborted': () => 'the job stopped before this request finished',
  'connect-timeout': () => 'the connection could not be made in time',
  'response-stalled': () => 'the site stopped answering',
  'dns-not-found': () => 'the domain name does not resolve',
  tls: (failure) => `the secure connection failed (${failure.tlsCode ?? 'TLS error'})`,
  'connection-failed': () => 'the site could not be reached',
};
