import { describe, expect, it } from 'vitest';
import { Vocabulary, withinOneEdit } from '../../src/search/vocabulary.js';

const TERMS = ['analityk', 'analityka', 'analiza', 'audyt', 'audyty', 'kampani', 'kampania', 'konsent', 'kosnent', 'ga4', 'tag', 'tagi', 'tak', 'ta', 'stag'];
const vocabulary = new Vocabulary(new Map(TERMS.map((term) => [term, 1])));

/** The definition the lookup must agree with: every term one edit away, same length first, then shorter, then longer, each in sorted order. */
function scanned(term: string, limit = 3): string[] {
  const sorted = [...TERMS].sort();
  return [term.length, term.length - 1, term.length + 1].flatMap((length) => sorted.filter((candidate) => candidate.length === length && withinOneEdit(term, candidate))).slice(0, limit);
}

describe('Vocabulary.corrections', () => {
  it('finds the terms one substitution, deletion, insertion or swap away, same length first', () => {
    expect(vocabulary.corrections('tab')).toEqual(['tag', 'tak', 'ta']);
    expect(vocabulary.corrections('konsnet')).toEqual(['konsent']);
    expect(vocabulary.corrections('anliza')).toEqual(['analiza']);
  });

  it('agrees with a scan of every term for each word one edit from a term', () => {
    const probes = TERMS.flatMap((term) => [term, term.slice(1), `${term}x`, `x${term.slice(1)}`, term.split('').reverse().join('')]);
    for (const probe of probes) expect(vocabulary.corrections(probe), probe).toEqual(scanned(probe));
  });
});
