import { describe, expect, it } from 'vitest';
import { classifyFailure, retryDelayMs } from '../../src/mail/retry-policy.js';

describe('retry delays', () => {
  it('double from 30 seconds and stop at 30 minutes', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) => retryDelayMs(failures, () => 0.999999) / 1000);
    expect(ceilings.map(Math.round)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
  });

  it('take a random value between half and all of the delay', () => {
    expect(retryDelayMs(3, () => 0)).toBe(60_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(90_000);
  });
});

describe('classifying a delivery failure', () => {
  it('treats a 5xx reply as permanent', () => {
    expect(classifyFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 No such user', command: 'RCPT TO', permanent: true })).toMatchObject({
      kind: 'permanent',
      smtpCode: 550,
      summary: 'EENVELOPE, SMTP 550, after RCPT',
    });
    expect(classifyFailure({ responseCode: 554, response: '554 Rejected' }).kind).toBe('permanent');
  });

  it('treats 503 (bad sequence) as worth another try', () => {
    expect(classifyFailure({ responseCode: 503, response: '503 Bad sequence' }).kind).toBe('transient');
  });

  it('treats a deferral (4xx) as transient for that message', () => {
    expect(classifyFailure({ code: 'EENVELOPE', responseCode: 451, response: '451 Greylisted', permanent: false }).kind).toBe('transient');
  });

  it('treats a server that cannot be reached, or says 421, as unavailable', () => {
    for (const error of [{ code: 'ESOCKET', message: 'connect ECONNREFUSED' }, { code: 'ETIMEDOUT' }, { code: 'ETLS' }, { responseCode: 421, response: '421 Too busy' }]) {
      expect(classifyFailure(error).kind).toBe('server-unavailable');
    }
  });

  it('never dead-letters mail because our credentials were refused (535 is a 5xx, but not about the message)', () => {
    expect(classifyFailure({ code: 'EAUTH', responseCode: 535, response: '535 Authentication failed', permanent: true }).kind).toBe('server-unavailable');
  });

  it('keeps the server reply for the record file and only codes for the log', () => {
    const failure = classifyFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 <jan@firma.pl> unknown', command: 'RCPT TO:<jan@firma.pl>' });
    expect(failure.detail).toContain('jan@firma.pl');
    expect(failure.summary).not.toContain('jan@firma.pl');
  });
});

describe('classifying a TLS failure', () => {
  it('retries when STARTTLS is refused, although the reply is a 500', () => {
    expect(classifyFailure({ code: 'ETLS', responseCode: 500, response: '500 command not recognized', permanent: true }).kind).toBe('server-unavailable');
  });
});
