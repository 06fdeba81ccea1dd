import { Deadline } from '../deadline.js';

/**
 * The deadline one request runs under: aborted when the job stops or when the request's own
 * time is up. Held strongly (see Deadline: AbortSignal.timeout/any can be garbage-collected
 * before they fire on Node 20); dispose it when the request ends. Kept in this one place so that
 * how deadlines are held can change without touching the fetcher.
 */
export function requestDeadline(jobSignal: AbortSignal, timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  return new Deadline(timeoutMs, [jobSignal, callerSignal]);
}
