/**
 * The signal one request runs under: aborted when the job stops or when the request's own
 * time is up. Kept in this one place so that how deadlines are held can change without
 * touching the fetcher.
 */
export function requestSignal(jobSignal: AbortSignal, timeoutMs: number): AbortSignal {
  return AbortSignal.any([jobSignal, AbortSignal.timeout(timeoutMs)]);
}
