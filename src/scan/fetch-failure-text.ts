import type { FetchFailure } from '../net/fetcher.js';

/** How a scan words a request that produced no response, for the person reading the report. */
export function describeFetchFailure(failure: FetchFailure): string {
  switch (failure.reason) {
    case 'target-refused': {
      const rule = failure.refusal?.message ?? 'the address cannot be scanned';
      return failure.redirects.length === 0 ? rule : `redirected to an address that cannot be scanned: ${rule}`;
    }
    case 'blocked-address':
      return 'this address does not lead to a public website';
    case 'redirect-loop':
      return 'the redirects go round in a loop';
    case 'too-many-redirects':
      return `more than ${failure.redirects.length - 1} redirects`;
    case 'invalid-redirect':
      return 'the site answered with a redirect to an invalid address';
    case 'budget':
      return "the scan's request budget was used up before this request";
    case 'request-timeout':
      return `no complete answer within ${Math.round((failure.timeoutMs ?? 0) / 100) / 10} s`;
    case 'job-aborted':
      return 'the scan stopped (its time was up, or the server is shutting down) before this request finished';
    case 'connect-timeout':
      return 'the connection could not be made in time';
    case 'response-stalled':
      return 'the site stopped answering';
    case 'dns-not-found':
      return 'the domain name does not resolve';
    case 'tls':
      return `the secure connection failed (${failure.tlsCode ?? 'TLS error'})`;
    case 'connection-failed':
      return 'the site could not be reached';
  }
}
