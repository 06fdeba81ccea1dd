import { readFile } from 'node:fs/promises';

/**
 * Follows a child process's peak resident set size (`VmHWM` in /proc/PID/status, read every
 * 50 ms; the kernel keeps the high-water mark, so a short peak between two reads is not missed).
 * `stop()` ends the sampling and gives the last peak in kB.
 */
export function followPeakRss(pid: number | undefined): { readonly peakKb: () => number; readonly stop: () => number } {
  let peakKb = 0;
  const sampler = setInterval(() => {
    readFile(`/proc/${pid}/status`, 'utf8').then(
      (status) => (peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))),
      () => {},
    );
  }, 50);
  return {
    peakKb: () => peakKb,
    stop: () => {
      clearInterval(sampler);
      return peakKb;
    },
  };
}
