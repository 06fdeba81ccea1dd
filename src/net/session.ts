import { Fetcher, type FetchSettings } from './fetcher.js';
import type { NetworkPolicy } from './network-policy.js';

/** What one job (a scan, an import) brings to its session: its own limits and its own stop signal. */
export interface SessionOptions {
  readonly settings: FetchSettings;
  /** Aborted when the job as a whole runs out of time or is stopped; every open request ends then. */
  readonly signal: AbortSignal;
  /** Called after each request (each redirect hop), for progress reports. */
  readonly onRequest?: () => void;
}

/** A network session for one job under the process's policy. Close it when the job ends: that drops every connection at once. */
export function openSession(policy: NetworkPolicy, options: SessionOptions): Fetcher {
  return new Fetcher(options.settings, policy.rules, policy.resolver, options.signal, options.onRequest);
}
