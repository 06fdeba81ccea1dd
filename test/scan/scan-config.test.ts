import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { createContext } from '../../src/context.js';
import { testConfig } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';

function capturedLogger(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines: () => chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('scan options', () => {
  it('keep private targets off by default and wait 20 s', () => {
    const config = testConfig();
    expect(config.scanAllowPrivateTargets).toBe(false);
    expect(config.scanWaitSeconds).toBe(20);
  });

  it('turn private targets on only from the environment or the command line', () => {
    expect(testConfig([], { SCAN_ALLOW_PRIVATE_TARGETS: '1' }).scanAllowPrivateTargets).toBe(true);
    expect(testConfig(['--scan-allow-private-targets', '1']).scanAllowPrivateTargets).toBe(true);
    expect(testConfig([], { SCAN_ALLOW_PRIVATE_TARGETS: '0' }).scanAllowPrivateTargets).toBe(false);
  });

  it('refuse a wait that is not 0-120 seconds, naming the option', () => {
    expect(() => loadConfig(['--scan-wait-seconds', '500'], {})).toThrow(ConfigError);
    expect(() => loadConfig([], { SCAN_WAIT_SECONDS: 'soon' })).toThrow(/SCAN_WAIT_SECONDS \(--scan-wait-seconds\) must be a whole number of seconds from 0 to 120/);
  });

  it('log a warning at start when private targets are on, and nothing when off', async () => {
    const on = capturedLogger();
    const ctx = await createContext(testConfig(['--content-dir', MINI_SITE, '--scan-allow-private-targets', '1']), { logger: on.logger });
    await ctx.close();
    expect(on.lines().filter((line) => line.level === 40 && String(line.msg).startsWith('SCAN_ALLOW_PRIVATE_TARGETS is ON'))).toHaveLength(1);

    const off = capturedLogger();
    const quiet = await createContext(testConfig(['--content-dir', MINI_SITE]), { logger: off.logger });
    await quiet.close();
    expect(off.lines().some((line) => String(line.msg).includes('SCAN_ALLOW_PRIVATE_TARGETS'))).toBe(false);
  });
});
