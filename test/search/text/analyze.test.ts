import { describe, expect, it } from 'vitest';
import { analyzeQuery, analyzeText, type TextLang } from '../../../src/search/text/analyze.js';
import { bodyTermAnalyzer, TermIds } from '../../../src/search/text/body-terms.js';

/** The body analyzer over a term table of its own, giving terms back as strings. */
function bodyAnalyzer(lang: TextLang): (text: string) => string[] {
  const terms: string[] = [];
  const ids = new Map<string, number>();
  const analyze = bodyTermAnalyzer(lang, (term) => ids.get(term) ?? (ids.set(term, terms.push(term) - 1), terms.length - 1));
  return (text) => {
    const found = new TermIds();
    analyze(text, found);
    return found.toArray().map((id) => terms[id]!);
  };
}

describe('analyzeText, Polish', () => {
  it('folds, tokenizes, drops stop words and stems a heading', () => {
    expect(analyzeText('Wdrożenie GA4 w Krakowie i szkolenia z analityki', 'pl')).toEqual([
      'wdrozen',
      'ga4',
      'krak',
      'szkolen',
      'analityk',
    ]);
  });

  it('makes a query typed without diacritics meet the page text', () => {
    expect(analyzeText('wdrozenie uslug analitycznych w Łodzi', 'pl')).toEqual(analyzeText('Wdrożenie usług analitycznych w Lodzi', 'pl'));
  });

  it('makes inflected forms meet', () => {
    expect(analyzeText('usługi', 'pl')).toEqual(analyzeText('usługach', 'pl'));
    expect(analyzeText('o usługach', 'pl')).toEqual(analyzeText('usług', 'pl'));
  });

  it('keeps both spellings of a hyphenated compound', () => {
    expect(analyzeText('server-side tagging i e-commerce', 'pl')).toEqual(['server', 'sid', 'serversid', 'tagging', 'commerc', 'ecommerc']);
  });

  it('drops single letters but keeps single digits', () => {
    expect(analyzeText('Krok 1: a b c', 'pl')).toEqual(['krok', '1']);
  });

  it('does not stem codes and numbers', () => {
    expect(analyzeText('GA4, GTM, błędy 4xx, rok 2024', 'pl')).toEqual(['ga4', 'gtm', 'bled', '4xx', 'rok', '2024']);
  });

  it('keeps repeated terms in order', () => {
    expect(analyzeText('audyt i audyty', 'pl')).toEqual(['audyt', 'audyt']);
  });

  it('returns nothing for a text of stop words only', () => {
    expect(analyzeText('O nas', 'pl')).toEqual([]);
  });
});

describe('analyzeText, English', () => {
  it('folds, tokenizes, drops stop words and stems a heading', () => {
    expect(analyzeText('GA4 implementation services for the e-commerce stores', 'en')).toEqual([
      'ga4',
      'implement',
      'servic',
      'commerc',
      'ecommerc',
      'store',
    ]);
  });

  it('makes English word families meet', () => {
    expect(analyzeText('Tracking dashboards', 'en')).toEqual(analyzeText('track dashboard', 'en'));
  });

  it('uses English stop words, not Polish ones', () => {
    expect(analyzeText('the data on tags', 'en')).toEqual(['data', 'tag']);
    expect(analyzeText('dane na tagach', 'en')).toEqual(['dane', 'na', 'tagach']);
  });
});

describe('analyzeQuery', () => {
  it('analyses like document text', () => {
    expect(analyzeQuery('cennik audytu GA4', 'pl')).toEqual(analyzeText('cennik audytu GA4', 'pl'));
  });

  it('keeps the stop words of a query made only of stop words, unstemmed', () => {
    expect(analyzeQuery('O nas', 'pl')).toEqual(['o', 'nas']);
    expect(analyzeQuery('who we are', 'en')).toEqual(['who', 'we', 'are']);
  });

  it('keeps a single letter that is the whole query', () => {
    expect(analyzeQuery('w', 'pl')).toEqual(['w']);
  });

  it('drops stop words as soon as one word carries content', () => {
    expect(analyzeQuery('o nas i audyt', 'pl')).toEqual(['audyt']);
  });

  it('returns nothing for a query without words', () => {
    expect(analyzeQuery(' ?! ', 'pl')).toEqual([]);
  });
});

describe('the body analyzer of an index build', () => {
  const texts = [
    'Wdrożenie GA4 w sklepie: tagi, zgody i konwersje. Wdrożenie GA4 raz jeszcze!',
    'ZAŻÓŁĆ GĘŚLĄ JAŹŃ\u00a0— Łódź, Kraków… Google\'a i Google’em; server-side e-commerce (GA4/GTM)',
    'wdro\u00adżenie, wdro\u200bżenie i wdro\ufeffżenie są jednym słowem',
    'ﬁrma ｆｕｌｌ width ²³ naïve café Ærø straße a¨b',
    'ΟΔΟΣ ΟΔΟΣ\u3000tab\there\u2028line\u2029para\u202fnarrow\u205fmath\u1680ogham',
    '  leading and trailing spaces  \n\n## Heading ##\n- item 1\n- item 2',
  ];

  it('gives the terms analyzeText gives, for any text, in both languages', () => {
    for (const lang of ['pl', 'en'] as const) {
      const analyze = bodyAnalyzer(lang);
      for (const text of texts) expect(analyze(text), `${lang}: ${text}`).toEqual(analyzeText(text, lang));
      // Again, from its memory.
      for (const text of texts) expect(analyze(text), `${lang}: ${text}`).toEqual(analyzeText(text, lang));
    }
  });
});
