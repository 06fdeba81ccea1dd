import { describe, expect, it } from 'vitest';
import { BodyIndex } from '../../src/search/body-index.js';
import { pageBodiesBuilder } from '../../src/search/page-bodies.js';

/** A body index over pages given as sections of analysed terms (section 0 is before the first heading). */
function indexOf(...pages: string[][][]): BodyIndex {
  const builder = BodyIndex.builder();
  for (const sections of pages) builder.add(sections);
  return builder.finish();
}

function pagesMarked(mark: (masks: Int32Array) => void, pages: number): number[] {
  const masks = new Int32Array(pages);
  mark(masks);
  return [...masks.keys()].filter((ordinal) => masks[ordinal] !== 0);
}

describe('BodyIndex', () => {
  const index = indexOf(
    [['wstep'], ['consent', 'mode'], ['tag']],
    [['consent'], ['mode', 'tag']],
    [['consents', 'consentmanager', 'banner'], []],
  );

  it('marks the pages holding a word that starts with the term', () => {
    expect(pagesMarked((masks) => index.markPages('consent', false, masks, 1), 3)).toEqual([0, 1, 2]);
  });

  it('marks only the pages holding the word itself when the term is exact', () => {
    expect(pagesMarked((masks) => index.markPages('consent', true, masks, 1), 3)).toEqual([0, 1]);
  });

  it('counts the postings of the term on each page', () => {
    const counts = new Int32Array(3);
    index.markPages('consent', false, new Int32Array(3), 1, counts);
    // Page 2 holds two words starting with "consent" in one section: two postings.
    expect([...counts]).toEqual([1, 1, 2]);
  });

  it('marks a phrase only on pages where one section holds all its words', () => {
    const phrase = [
      { term: 'consent', exact: true },
      { term: 'mode', exact: true },
    ];
    expect(pagesMarked((masks) => index.markSectionsWithAll(phrase, masks, 1), 3)).toEqual([0]);
  });

  it('does not count one term twice when several of its words share a section', () => {
    // "consent…" matches two words in page 2's first section; "banner" is there too, "mode" is not.
    const phrase = [
      { term: 'consent', exact: false },
      { term: 'consent', exact: false },
      { term: 'mode', exact: false },
    ];
    expect(pagesMarked((masks) => index.markSectionsWithAll(phrase, masks, 1), 3)).toEqual([0]);
    const repeated = [
      { term: 'consent', exact: false },
      { term: 'banner', exact: true },
    ];
    expect(pagesMarked((masks) => index.markSectionsWithAll(repeated, masks, 1), 3)).toEqual([2]);
  });

  it('leaves nothing behind between phrases', () => {
    const first = [
      { term: 'mode', exact: true },
      { term: 'tag', exact: true },
    ];
    const second = [
      { term: 'mode', exact: true },
      { term: 'wstep', exact: true },
    ];
    expect(pagesMarked((masks) => index.markSectionsWithAll(first, masks, 1), 3)).toEqual([1]);
    expect(pagesMarked((masks) => index.markSectionsWithAll(second, masks, 1), 3)).toEqual([]);
    expect(pagesMarked((masks) => index.markSectionsWithAll(first, masks, 1), 3)).toEqual([1]);
  });

  it('marks the sections of one page that hold the term, each listed once, in order', () => {
    const sections = (term: string, ordinal: number) => {
      const masks = new Int32Array(256);
      const touched: number[] = [];
      index.markSectionsOf(term, false, ordinal, masks, 4, touched);
      expect(touched.every((section) => masks[section] === 4)).toBe(true);
      expect(masks.filter((mask) => mask !== 0)).toHaveLength(touched.length);
      return touched;
    };
    expect(sections('mode', 0)).toEqual([1]);
    expect(sections('tag', 0)).toEqual([2]);
    expect(sections('tag', 1)).toEqual([1]);
    expect(sections('tag', 2)).toEqual([]);
    // Two words start with it in the same section.
    expect(sections('consent', 2)).toEqual([0]);
  });

  it('adds its bit to sections another term marked, listing only the new ones', () => {
    const masks = new Int32Array(256);
    const touched: number[] = [];
    index.markSectionsOf('tag', false, 0, masks, 1, touched);
    index.markSectionsOf('mode', false, 0, masks, 2, touched);
    index.markSectionsOf('tag', false, 0, masks, 2, touched);

    expect(touched).toEqual([2, 1]);
    expect([masks[1], masks[2]]).toEqual([2, 3]);
  });
});

describe('the body index of page Markdown', () => {
  it('holds only terms that are on some page, whatever characters the text mixes', () => {
    const builder = pageBodiesBuilder('pl');
    builder.add("# Tytuł\n\nab'ﬁ cd-\u00adef naïve café\n\n## Sekcja\n\nzwykły tekst — „cytat” … e-commerce Google'a");
    builder.add('Drugi wdrożenie, ZAŻÓŁĆ gęślą jaźń');
    const { vocabulary } = builder.finish();
    const empty = vocabulary.terms.filter((_, index) => vocabulary.pagesAt(index) === 0);
    expect(empty).toEqual([]);
    expect(vocabulary.terms).not.toContain('ab');
  });
});
