import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_LENGTH, tokenizeWords } from '../../../src/search/text/tokenize.js';

describe('tokenizeWords', () => {
  it('splits folded text on spaces and punctuation', () => {
    expect(tokenizeWords('zazolc gesla jazn, lodz.')).toEqual(['zazolc', 'gesla', 'jazn', 'lodz']);
  });

  it('keeps words with non-ASCII letters whole (unlike Orama’s default tokenizer)', () => {
    expect(tokenizeWords('zażółć gęślą jaźń')).toEqual(['zażółć', 'gęślą', 'jaźń']);
  });

  it('keeps letters and digits together', () => {
    expect(tokenizeWords('ga4 v2 4xx h1 2024')).toEqual(['ga4', 'v2', '4xx', 'h1', '2024']);
  });

  it('splits a hyphenated compound into its parts and adds the joined spelling', () => {
    expect(tokenizeWords('server-side')).toEqual(['server', 'side', 'serverside']);
    expect(tokenizeWords('e-commerce')).toEqual(['e', 'commerce', 'ecommerce']);
  });

  it('joins three-part compounds but not longer chains', () => {
    expect(tokenizeWords('business-to-business')).toEqual(['business', 'to', 'business', 'businesstobusiness']);
    expect(tokenizeWords('state-of-the-art')).toEqual(['state', 'of', 'the', 'art']);
  });

  it('treats Unicode hyphens like the ASCII one', () => {
    expect(tokenizeWords('e\u2010mail e\u2011book')).toEqual(['e', 'mail', 'email', 'e', 'book', 'ebook']);
  });

  it('splits slashed pairs without joining them', () => {
    expect(tokenizeWords('ga4/gtm')).toEqual(['ga4', 'gtm']);
  });

  it('treats dashes between words and number ranges as separators', () => {
    expect(tokenizeWords('seo – audyt 2020–2024')).toEqual(['seo', 'audyt', '2020', '2024']);
  });

  it('ignores leading and trailing hyphens', () => {
    expect(tokenizeWords('-5 pre- --a')).toEqual(['5', 'pre', 'a']);
  });

  it('drops an inflection or possessive after an apostrophe', () => {
    expect(tokenizeWords("google'a google'em google’owi company's")).toEqual(['google', 'google', 'google', 'company']);
  });

  it('joins other apostrophe tails instead of splitting them off', () => {
    expect(tokenizeWords("don't o'reilly")).toEqual(['dont', 'oreilly']);
  });

  it('treats emoji and symbols as separators', () => {
    expect(tokenizeWords('🚀start✅ 100% → wynik')).toEqual(['start', '100', 'wynik']);
  });

  it('drops tokens longer than the limit, also inside compounds', () => {
    const long = 'a'.repeat(MAX_TOKEN_LENGTH + 1);
    const longest = 'b'.repeat(MAX_TOKEN_LENGTH);
    expect(tokenizeWords(`${long} ${longest} x-${long}`)).toEqual([longest, 'x']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(tokenizeWords(' — !? 🙂 ')).toEqual([]);
  });
});
