import { describe, expect, it } from 'vitest';
import { analyzeText, type TextLang } from '../../../src/search/text/analyze.js';
import { bodyTermAnalyzer, TermIds } from '../../../src/search/text/body-terms.js';

/** An analyzer over a term table of its own, giving terms back as strings. */
function analyzer(lang: TextLang): (text: string) => string[] {
  const terms: string[] = [];
  const ids = new Map<string, number>();
  const termId = (term: string) => {
    let id = ids.get(term);
    if (id === undefined) {
      id = terms.push(term) - 1;
      ids.set(term, id);
    }
    return id;
  };
  const analyze = bodyTermAnalyzer(lang, termId);
  return (text) => {
    const found = new TermIds();
    analyze(text, found);
    return found.toArray().map((id) => terms[id]!);
  };
}

/** A deterministic generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('bodyTermAnalyzer', () => {
  it('gives the terms analyzeText gives, in order, for Polish and English prose', () => {
    const polish = analyzer('pl');
    const english = analyzer('en');
    const pl = 'Wdrożenie Google Tag Managera w sklepie — „Consent Mode v2” i baner zgody… Ile to kosztuje? Łódź, Kraków, e-commerce, Google\u2019a.';
    const en = "Server-side tagging for e-commerce: the company's GA4 set-up, don't worry \u2013 it's a 2-day job.";
    expect(polish(pl)).toEqual(analyzeText(pl, 'pl'));
    expect(english(en)).toEqual(analyzeText(en, 'en'));
  });

  // Every character the word-by-word path accepts, and some it must leave to folding, each
  // between letters, next to apostrophes and hyphens, doubled and at both ends.
  const characters = [
    ...'\u00a0\u00ab\u00bb\u2010\u2011\u2012\u2013\u2014\u2015\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2022\u2026',
    ...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ',
    ...`'-_.,;:!?"()[]{}/\\@#$%^&*+=<>|~\`\t\n`,
    ...'\u00ad\u200béÉßﬁ™½²\u2060\ufefføŁİ',
  ];
  const contexts = (c: string) => [`ab${c}cd`, `${c}ab`, `ab${c}`, `Ab${c}${c}Cd`, `x'${c}y`, `a-${c}b`, `ab${c}-cd`, `1${c}2`, `${c}`, `Zażółć${c}gęślą`];
  it.each(characters.map((character) => [character.charCodeAt(0).toString(16).padStart(4, '0'), character]))('analyses text around U+%s as analyzeText does', (_, character) => {
    const polish = analyzer('pl');
    const english = analyzer('en');
    for (const text of contexts(character)) {
      expect(polish(text), text).toEqual(analyzeText(text, 'pl'));
      expect(english(text), text).toEqual(analyzeText(text, 'en'));
    }
  });

  it('analyses random text as analyzeText does', () => {
    const random = seeded(16);
    const alphabet = [...'aąbcćdeęfghijklłmnńoóprsśtuwyzźżAĄCĆEĘLŁNŃOÓSŚZŹŻ0123456789', ...'      ', ..."''--\u2019\u2010\u2011", ...'.,;:!?()\u2013\u2014\u201e\u201d\u2026\u00a0', ...'é\u00adß™'];
    const polish = analyzer('pl');
    const english = analyzer('en');
    for (let text = 0; text < 2000; text++) {
      const length = 1 + Math.floor(random() * 60);
      const value = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(polish(value), value).toEqual(analyzeText(value, 'pl'));
      expect(english(value), value).toEqual(analyzeText(value, 'en'));
    }
  });

  it('reads a range of a text in place as it reads the range cut out', () => {
    const terms: string[] = [];
    const analyze = bodyTermAnalyzer('pl', (term) => terms.push(term) - 1);
    const text = 'Wdrożenie GTM-a w sklepie\n## Cennik e-commerce\nod 100 zł netto';
    const inPlace = new TermIds();
    analyze.words(text, 10, 36, inPlace);
    expect(inPlace.toArray().map((id) => terms[id])).toEqual(analyzeText(text.slice(10, 36), 'pl'));
  });

  it('refuses to read in place a range holding a character that must be folded first', () => {
    const analyze = bodyTermAnalyzer('pl', () => 0);
    const text = 'Wdrożenie GTM-a\n## Café\nod 100 zł';

    expect(analyze.words(text, 0, 16, new TermIds())).toBe(true);
    expect(analyze.words(text, 0, text.length, new TermIds())).toBe(false);
  });

  it('keeps every word right past the point where its table of words grows', () => {
    const random = seeded(7);
    const letters = 'abcdefghijklmnoprstuwyzżźćńółęąś';
    const words = Array.from({ length: 50_000 }, () => Array.from({ length: 4 + Math.floor(random() * 8) }, () => letters[Math.floor(random() * letters.length)]).join(''));
    const polish = analyzer('pl');
    const text = words.join(' ');
    // Twice: first seen, then remembered.
    expect(polish(text)).toEqual(analyzeText(text, 'pl'));
    expect(polish(text)).toEqual(analyzeText(text, 'pl'));
  });
});
