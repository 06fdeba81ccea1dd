import { create, insert, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { compactTrees, topScoringIndex } from '../../src/search/orama-scoring.js';

const SCHEMA = { title: 'string', description: 'string', headings: 'string[]', type: 'enum' } as const;
// With names every object inherits ("constructor"), which Orama counts in a plain object.
const WORDS = ['constructor', 'tostring', 'analityka', 'analiza', 'analizy', 'audyt', 'ga4', 'gtm', 'tag', 'tagi', 'tagowanie', 'zgoda', 'zgody', '2024', '7', 'consent', 'mode', 'v2', 'kraków', 'łódź', 'sklep', 'sklepy'];

/** Words between spaces, as both databases analyse them. */
const tokenizer = { language: 'english', normalizationCache: new Map(), tokenize: (raw: string) => raw.split(' ').filter(Boolean) };

/** Two databases with the same seeded documents: one with Orama's own index component, one with ours. */
function databases(keep: number) {
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const text = (count: number) => Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const documents = Array.from({ length: 300 }, (_, id) => ({
    id: `/p/${id}/`,
    title: text(2 + (id % 5)),
    description: text(6 + (id % 7)),
    // Some documents without headings, some with a heading that has repeated words.
    headings: id % 10 === 0 ? [] : [text(3), `${text(1)} ${text(1)} ${text(1)} tag tag`.trim()],
    type: id % 3 === 0 ? 'service' : 'article',
  }));
  const fieldTerms = (prop: string, internalId: number) => {
    const document = documents[internalId - 1];
    const value = prop === 'headings' ? document?.headings.at(-1) : (document?.[prop as 'title' | 'description'] as string | undefined);
    return value === undefined ? undefined : ` ${tokenizer.tokenize(value).join(' ')} `;
  };
  const own = create({ schema: SCHEMA, components: { tokenizer } });
  const ours = create({ schema: SCHEMA, components: { tokenizer, index: topScoringIndex(keep, fieldTerms) } });
  for (const document of documents) {
    insert(own, document);
    insert(ours, document);
  }
  return { own, ours };
}

const QUERIES = ['tostring ga4', 'anal', 'analiza tag', 'ga4 zgoda sklep', '2024 7', 'a', 'kr', 'consent mode v2 audyt tagowanie', 'nic'];

describe("the search index component's scoring", () => {
  it("gives Orama's own first results with the same scores, for prefixes, several words and numbers", () => {
    const { own, ours } = databases(20);
    for (const term of QUERIES) {
      const params = { term, properties: ['title', 'headings', 'description'] as ('title' | 'headings' | 'description')[], boost: { title: 3, headings: 2, description: 1 }, limit: 20 };
      const expected = (search(own, params) as { hits: { id: string; score: number }[] }).hits.map(({ id, score }) => [id, score]);
      const actual = (search(ours, params) as { hits: { id: string; score: number }[] }).hits.map(({ id, score }) => [id, score]);
      expect(actual, term).toEqual(expected);
    }
  });

  it("gives Orama's own first results within a type filter", () => {
    const { own, ours } = databases(10);
    const params = { term: 'tag zgoda', properties: ['title', 'description'] as ('title' | 'description')[], limit: 10, where: { type: { eq: 'service' } } };
    const ids = (database: typeof own) => (search(database, params) as { hits: { id: string }[] }).hits.map(({ id }) => id);
    expect(ids(ours)).toEqual(ids(own));
    expect(ids(ours).length).toBeGreaterThan(0);
  });

  it('refuses a typo-tolerant search rather than scoring it wrongly', () => {
    const { ours } = databases(50);

    expect(() => search(ours, { term: 'tagowanei', tolerance: 2, limit: 50 })).toThrow(/typo-tolerant/);
  });
});

describe('the words of inserted documents', () => {
  it("are counted as Orama counts them, an inherited name such as 'constructor' included", () => {
    const { own, ours } = databases(20);

    compactTrees(ours);

    const occurrences = (database: typeof own) => (database.data.index as unknown as { tokenOccurrences: Record<string, Record<string, unknown>> }).tokenOccurrences;
    expect(occurrences(ours)).toEqual(occurrences(own));
    expect(typeof occurrences(ours).title!['constructor']).toBe('string');
    expect(occurrences(ours).title!['ga4']).toBeGreaterThan(1);
  });
});

describe('compacted radix trees', () => {
  it('give the same first results as before compaction', () => {
    const { own, ours } = databases(20);
    const params = { term: 'anal tag zgoda 2024', properties: ['title', 'headings', 'description'] as ('title' | 'headings' | 'description')[], boost: { title: 3, headings: 2, description: 1 }, limit: 20 };
    const hits = (database: typeof own) => (search(database, params) as { hits: { id: string; score: number }[] }).hits.map(({ id, score }) => [id, score]);

    compactTrees(ours);

    expect(hits(ours)).toEqual(hits(own));
  });
});

describe('remembered score contributions', () => {
  it('give the same first results when the same words come again, alone and among others', () => {
    const { own, ours } = databases(20);
    const params = (term: string) => ({ term, properties: ['title', 'headings', 'description'] as ('title' | 'headings' | 'description')[], boost: { title: 3, headings: 2, description: 1 }, limit: 20 });
    const hits = (database: typeof own, term: string) => (search(database, params(term)) as { hits: { id: string; score: number }[] }).hits.map(({ id, score }) => [id, score]);
    for (const term of ['tag', 'tag zgoda', 'zgoda tag anal', 'tag']) expect(hits(ours, term), term).toEqual(hits(own, term));
  });
});

describe('remembered score contributions with other boosts', () => {
  it("give Orama's own first results when the boosts change between searches", () => {
    const { own, ours } = databases(20);
    const params = (boost: Record<string, number>) => ({ term: 'tag zgoda', properties: ['title', 'headings', 'description'] as ('title' | 'headings' | 'description')[], boost, limit: 20 });
    const hits = (database: typeof own, boost: Record<string, number>) => (search(database, params(boost)) as { hits: { id: string; score: number }[] }).hits.map(({ id, score }) => [id, score]);
    for (const boost of [{ title: 3, headings: 2, description: 1 }, { title: 1, headings: 1, description: 5 }, { title: 3, headings: 2, description: 1 }]) {
      expect(hits(ours, boost), JSON.stringify(boost)).toEqual(hits(own, boost));
    }
  });
});
