import { describe, expect, it } from 'vitest';
import { configProblems, runConfig } from '../helpers/config.js';



describe('the REST options', () => {
  it('trusts no proxy, deprecates nothing and signs cursors with a per-process key by default', () => {
    expect(runConfig(['serve'])).toMatchObject({ trustProxyHops: 0, apiDeprecationDate: undefined, apiSunsetDate: undefined, cursorSecret: undefined });
  });

  it('reads a proxy hop count', () => {
    expect(runConfig(['serve'], { TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it.each(['true', '-1', 'loopback', '1.5', '100'])('refuses the proxy hop count %s (a count, never "trust everything")', (value) => {
    expect(configProblems([], { TRUST_PROXY_HOPS: value })[0]).toContain('must be a whole number of proxies from 0 to 99');
  });

  it('reads deprecation and sunset as a date or a date-time', () => {
    const config = runConfig([], { API_DEPRECATION_DATE: '2027-01-01', API_SUNSET_DATE: '2027-06-30T12:00:00+02:00' });
    expect(config.apiDeprecationDate).toBe(Date.parse('2027-01-01T00:00:00Z'));
    expect(config.apiSunsetDate).toBe(Date.parse('2027-06-30T10:00:00Z'));
  });

  it.each(['tomorrow', '2027-13-01', '01/02/2027'])('refuses the date %s', (value) => {
    expect(configProblems(['--api-deprecation-date', value])[0]).toContain('--api-deprecation-date');
  });

  it('refuses a sunset earlier than the deprecation (RFC 9745 section 4)', () => {
    expect(configProblems(['--api-deprecation-date', '2027-06-01', '--api-sunset-date', '2027-01-01'])).toEqual([
      expect.stringContaining('must not be earlier than --api-deprecation-date'),
    ]);
  });

  it('refuses a sunset without a deprecation', () => {
    expect(configProblems(['--api-sunset-date', '2027-01-01'])[0]).toContain('needs --api-deprecation-date');
  });

  it('refuses a cursor secret shorter than 32 characters without echoing it', () => {
    const [problem] = configProblems([], { CURSOR_SECRET: 'short-secret' });
    expect(problem).toContain('CURSOR_SECRET (--cursor-secret) must be at least 32 characters');
    expect(problem).not.toContain('short-secret');
  });
});
