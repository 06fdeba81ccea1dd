import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./gc-deadline-child.ts', import.meta.url));
const REQUEST_TIMEOUT_MS = 1_000;

describe('the scan fetcher\'s request deadline', () => {
  it('fires on time while garbage collection runs', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, String(REQUEST_TIMEOUT_MS)], { timeout: 30_000 });
    const result = JSON.parse(stdout) as { elapsedMs: number; outcome: string };
    expect(result.outcome).toBe('timeout');
    // The page trickles for 8 s; the deadline must end the request at 1 s (plus scheduling slack).
    expect(result.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(result.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
  }, 40_000);
});
