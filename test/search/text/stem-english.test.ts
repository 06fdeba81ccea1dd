import { describe, expect, it } from 'vitest';
import { stemEnglish } from '../../../src/search/text/stem-english.js';

describe('stemEnglish', () => {
  it.each([
    [['services', 'service']],
    [['tracking', 'track', 'tracked', 'tracks']],
    [['dashboards', 'dashboard']],
    [['implementation', 'implement', 'implementing', 'implemented']],
    [['attribution', 'attribute', 'attributed']],
    [['production', 'product', 'products']],
    [['conversions', 'conversion']],
    [['audits', 'audit', 'auditing']],
    [['reporting', 'reports', 'report']],
    [['measurement', 'measure', 'measuring']],
    [['campaigns', 'campaign']],
    [['agencies', 'agency']],
    [['integration', 'integrations', 'integrate']],
    [['optimization', 'optimize', 'optimizing']],
    [['cookies', 'cookie']],
    [['trainings', 'training']],
  ])('gives one stem to %j', (words) => {
    const stems = new Set(words.map(stemEnglish));
    expect([...stems]).toHaveLength(1);
  });

  it.each([
    ['analytics', 'analysis'],
    ['price', 'privacy'],
    ['server', 'service'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(stemEnglish(a)).not.toBe(stemEnglish(b));
  });

  it('leaves short words and codes alone', () => {
    expect(['ga', 'ga4', 'seo', 'v2'].map(stemEnglish)).toEqual(['ga', 'ga4', 'seo', 'v2']);
  });
});
