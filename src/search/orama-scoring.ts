import { components } from '@orama/orama';

/**
 * Orama's full-text scoring, the same scores in the same order, without the work our queries
 * never use. Orama's own `search` component (3.1) spends most of a query on:
 * - `findAllWords`, which copies each matching word's documents into an array with an
 *   `includes` check per document (quadratic in the documents of a common word);
 * - a `Map` of keyword matches per matching document and property, read only by thresholds
 *   below 1 (we never pass one);
 * - sorting every matching document twice, when the caller keeps the first few.
 *
 * This component walks the radix tree the way Orama's `find` does, adds each (property, word,
 * document) BM25 score in the same order (so every sum is the same floating-point number), and
 * returns only the `keep` best by Orama's own order (score, then internal id): Orama sorts them
 * again and cuts at the query's `limit`, which must be at most `keep`. Any other kind of search
 * (typo tolerance, a threshold below 1) goes to Orama's own component.
 */
const defaults = components.index.createIndex();
type OramaIndexComponent = typeof defaults;
type SearchArguments = Parameters<OramaIndexComponent['search']>;
/** The index store that Orama's default component creates. */
type IndexStore = components.index.Index;

/** The parts of Orama's radix tree node that its `find` reads. */
interface RadixNode {
  /** The edge label from the parent. */
  readonly s: string;
  /** Children by first character. */
  readonly c: ReadonlyMap<string, RadixNode>;
  /** Documents holding the word ending here. */
  readonly d: ReadonlySet<number>;
  /** Whether a word ends here. */
  readonly e: boolean;
  /** The whole word. */
  readonly w: string;
}

export function topScoringIndex(keep: number): OramaIndexComponent {
  let scores: Float64Array = new Float64Array(0);
  const search: OramaIndexComponent['search'] = (...args: SearchArguments) => {
    const [store, term, tokenizer, language, propertiesToSearch, exact, tolerance, boost, relevance, docsCount, whereFiltersIDs, threshold = 0] = args;
    const index = store as IndexStore;
    if (threshold !== 1 || tolerance || !propertiesToSearch.every((prop) => !(prop in index.indexes) || (index.indexes[prop]!.type === 'Radix' && (boost[prop] ?? 1) > 0))) {
      return defaults.search(...args);
    }
    const tokens = tokenizer.tokenize(term, language) as string[];
    if (tokens.length === 0 && !term) tokens.push('');
    // Scores by internal id (1…documents) in one array kept between searches, and the ids touched.
    if (scores.length <= docsCount) scores = new Float64Array(docsCount + 1);
    const touched: number[] = [];
    const { k, b, d } = relevance;
    try {
      for (const prop of propertiesToSearch) {
        if (!(prop in index.indexes)) continue;
        const root = index.indexes[prop]!.node as unknown as RadixNode;
        const boostPerProperty = boost[prop] ?? 1;
        const avgFieldLength = index.avgFieldLength[prop]!;
        const fieldLengths = index.fieldLengths[prop]!;
        const occurrences = index.tokenOccurrences[prop]!;
        const frequencies = index.frequencies[prop];
        for (const token of tokens) {
          const found = findWords(root, token, exact);
          // Object key order, as Orama reads its `find` result: index-like words first.
          for (const word of Object.keys(found)) {
            const matchingCount = typeof occurrences[word] === 'number' ? (occurrences[word] ?? 0) : 0;
            const idf = Math.log(1 + (docsCount - matchingCount + 0.5) / (matchingCount + 0.5));
            for (const id of found[word]!) {
              if (whereFiltersIDs && !whereFiltersIDs.has(id)) continue;
              const tf = frequencies?.[id]?.[word] ?? 0;
              // Orama's BM25, operation for operation; 0 + x is x, so the first addition is Orama's first value.
              const bm25 = (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * fieldLengths[id]!) / avgFieldLength));
              if (id >= scores.length) scores = grown(scores, id);
              if (scores[id] === 0) touched.push(id);
              scores[id]! += bm25 * boostPerProperty;
            }
          }
        }
      }
      return best(scores, touched, keep);
    } finally {
      for (const id of touched) scores[id] = 0;
    }
  };
  // Orama counts a token's occurrences in its field once per occurrence (a pass over the field's
  // tokens for each of them); the counts are made once per field instead. Same frequencies.
  let countedTokens: readonly string[] | undefined;
  let counts = new Map<string, number>();
  const insertTokenScoreParameters: OramaIndexComponent['insertTokenScoreParameters'] = (store, prop, id, tokens, token) => {
    const index = store as IndexStore;
    if (countedTokens !== tokens) {
      counts = new Map();
      for (const each of tokens) counts.set(each, (counts.get(each) ?? 0) + 1);
      countedTokens = tokens;
    }
    const internalId = components.internalDocumentIDStore.getInternalDocumentId(index.sharedInternalDocumentStore, id);
    index.frequencies[prop]![internalId]![token] = counts.get(token)! / tokens.length;
    const occurrences = index.tokenOccurrences[prop]!;
    occurrences[token] = (occurrences[token] ?? 0) + 1;
  };
  return { ...defaults, search, insertTokenScoreParameters };
}

/** What Orama's `find` returns for a term without tolerance, with each word's own set of documents. */
function findWords(root: RadixNode, term: string, exact: boolean): Record<string, ReadonlySet<number>> {
  let node = root;
  let at = 0;
  while (at < term.length) {
    const child = node.c.get(term[at]!);
    if (!child) return {};
    const label = child.s;
    let matched = 0;
    while (matched < label.length && at + matched < term.length && label[matched] === term[at + matched]) matched++;
    if (matched === label.length) {
      node = child;
      at += matched;
    } else if (at + matched === term.length) {
      // The term ends inside the edge: every word below the child starts with it.
      return exact ? {} : allWords(child, term, exact);
    } else {
      return {};
    }
  }
  return allWords(node, term, exact);
}

/** Orama's `findAllWords` without tolerance: the same words in the same order. */
function allWords(start: RadixNode, term: string, exact: boolean): Record<string, ReadonlySet<number>> {
  const output: Record<string, ReadonlySet<number>> = {};
  const stack = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.e) {
      // Orama does not look below a word that is not the exact term.
      if (exact && node.w !== term) continue;
      output[node.w] = node.d;
    }
    if (node.c.size > 0) stack.push(...node.c.values());
  }
  return output;
}

/** The `keep` best of the scores by Orama's order: higher score first, then lower internal id. */
function best(scores: Float64Array, ids: readonly number[], keep: number): [number, number][] {
  const kept: [number, number][] = [];
  const before = (a: [number, number], b: [number, number]) => (a[1] === b[1] ? a[0] < b[0] : a[1] > b[1]);
  for (const id of ids) {
    const entry: [number, number] = [id, scores[id]!];
    if (kept.length === keep && !before(entry, kept[keep - 1]!)) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(kept[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > keep) kept.pop();
  }
  return kept;
}

/** A copy of `scores` with room for `id`. */
function grown(scores: Float64Array, id: number): Float64Array {
  const bigger = new Float64Array(Math.max(id + 1, scores.length * 2));
  bigger.set(scores);
  return bigger;
}
