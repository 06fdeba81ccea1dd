import { describe, expect, it } from 'vitest';
import { isGap, normaliseQuery, redactQuery } from '../../src/insights/gaps.js';

describe('a content gap question', () => {
  it('loses e-mail addresses, phone numbers and long digit runs before anything else', () => {
    expect(redactQuery('write to jan.kowalski@example.com')).toBe('write to [e-mail]');
    expect(redactQuery('zadzwoń +48 601 234 567 lub (22) 555-01-02')).toBe('zadzwoń [phone] lub [phone]');
    expect(redactQuery('PESEL 85010112345, order 12345')).toBe('PESEL [phone], order [digits]');
    expect(redactQuery('GA4 in 2026, 3 pages')).toBe('GA4 in 2026, 3 pages');
  });

  it('is grouped by its normalised form', () => {
    expect(normaliseQuery('  Do you SELL   pizza?! ')).toBe('do you sell pizza');
    expect(normaliseQuery('Ｗdrożenie GA4')).toBe('wdrożenie ga4');
    expect(normaliseQuery('mail me: anna@example.pl')).toBe('mail me: [e-mail]');
    expect(normaliseQuery('?!')).toBe('');
  });

  it('writes any run of spaces, control and invisible format characters as one space', () => {
    expect(normaliseQuery('cennik\u200b\u200bszkoleń')).toBe('cennik szkoleń');
    expect(normaliseQuery('cennik \t\n\u0007 szkoleń')).toBe('cennik szkoleń');
  });

  it('redacts digits written full-width as it redacts ASCII ones', () => {
    expect(normaliseQuery('zadzwoń ６０１ ２３４ ５６７')).toBe('zadzwoń [phone]');
  });

  it('is a search whose best result is missing or weak', () => {
    expect(isGap(0, undefined)).toBe(true);
    expect(isGap(3, 0.2)).toBe(true);
    expect(isGap(3, 1.1)).toBe(false);
  });
});
