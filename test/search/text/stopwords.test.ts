import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/search/text/fold.js';
import { ENGLISH_STOP_WORDS, POLISH_STOP_WORDS } from '../../../src/search/text/stopwords.js';

describe.each([
  ['Polish', POLISH_STOP_WORDS],
  ['English', ENGLISH_STOP_WORDS],
])('%s stop words', (_language, stopWords) => {
  it('stay a small list of function words', () => {
    expect(stopWords.size).toBeGreaterThanOrEqual(80);
    expect(stopWords.size).toBeLessThanOrEqual(160);
  });

  it('are stored folded, as the tokenizer produces them', () => {
    for (const word of stopWords) expect(word).toMatch(/^[a-z]+$/);
  });
});

describe('Polish stop words', () => {
  it.each(['w', 'z', 'i', 'a', 'o', 'na', 'do', 'dla', 'oraz', 'jest', 'się', 'że', 'są', 'który', 'nasze', 'jak'])(
    'include "%s"',
    (word) => {
      expect(POLISH_STOP_WORDS.has(foldText(word))).toBe(true);
    },
  );

  it.each(['usługi', 'strona', 'analityka', 'cena', 'często', 'it', 'seo', 'ga4', 'kontakt', 'oferta'])(
    'leave out the content word "%s"',
    (word) => {
      expect(POLISH_STOP_WORDS.has(foldText(word))).toBe(false);
    },
  );
});

describe('English stop words', () => {
  it.each(['the', 'a', 'of', 'and', 'to', 'in', 'is', 'for', 'with', 'our', 'dont'])('include "%s"', (word) => {
    expect(ENGLISH_STOP_WORDS.has(word)).toBe(true);
  });

  it.each(['services', 'analytics', 'may', 'contact', 'pricing', 'data', 'seo'])('leave out the content word "%s"', (word) => {
    expect(ENGLISH_STOP_WORDS.has(word)).toBe(false);
  });
});
