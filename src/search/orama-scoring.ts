import { components } from '@orama/orama';

/**
 * Orama's full-text scoring, the same scores in the same order, without the work and the memory
 * our queries never use. Orama's own index component (3.1) spends most of a query on:
 * - `findAllWords`, which copies each matching word's documents into an array with an
 *   `includes` check per document (quadratic in the documents of a common word);
 * - a `Map` of keyword matches per matching document and property, read only by thresholds
 *   below 1 (we never pass one);
 * - sorting every matching document twice, when the caller keeps the first few;
 * and it keeps, per document and field, an object of token frequencies (the largest part of its
 * memory after the radix trees) that are a count over the field's terms, which we keep anyway.
 *
 * This component walks the radix tree the way Orama's `find` does, adds each (property, word,
 * document) BM25 score in the same order (so every sum is the same floating-point number), and
 * returns only the `keep` best by Orama's own order (score, then internal id): Orama sorts them
 * again and cuts at the query's `limit`, which must be at most `keep`. A term's frequency in a
 * field is counted in the field's terms when scored (`fieldTerms`), as Orama counted it when
 * inserting: the count over the number of terms, of the last value only for an array field (Orama
 * restarts an array field's frequencies with each of its values). Typo tolerance and thresholds
 * below 1 are not supported (SearchIndex corrects typos itself).
 *
 * It reads Orama's internals (the index store and the radix nodes' fields), so @orama/orama is
 * pinned to the exact version it was written against, and test/search/orama-scoring.test.ts
 * compares its scores with Orama's own (docs/architecture.md, "Code that depends on a library's
 * internals").
 */
const defaults = components.index.createIndex();
type OramaIndexComponent = typeof defaults;
type SearchArguments = Parameters<OramaIndexComponent['search']>;
type InsertArguments = Parameters<OramaIndexComponent['insert']>;
/** The index store that Orama's default component creates. */
type IndexStore = components.index.Index;

/** The parts of Orama's radix tree node that its `find` reads. */
interface RadixNode {
  /** The edge label from the parent. */
  readonly s: string;
  /** Children by first character. */
  c: ReadonlyMap<string, RadixNode>;
  /** Documents holding the word ending here (a Set as Orama builds it, an array once compacted). */
  d: Iterable<number> & ({ readonly size: number } | { readonly length: number });
  /** Whether a word ends here. */
  readonly e: boolean;
  /** The whole word. */
  readonly w: string;
}

/** Postings whose score contributions are remembered (12 bytes each): ~3 MB at most. */
const MAX_CACHED_POSTINGS = 250_000;

/**
 * The terms of a document's field as Orama's tokenizer gave them when it was inserted (the last
 * value for an array field), between spaces: " term term ", or undefined when it has none.
 */
export type FieldTerms = (prop: string, internalId: number) => string | undefined;

/** The component, with the step that grows its radix trees from the words inserted. */
export type TopScoringIndex = OramaIndexComponent & { growTrees(store: IndexStore): void };

/**
 * The component for one database. Nothing may be inserted once it has been searched: what each
 * word adds to a score is remembered (SearchIndex builds a database once and never changes it).
 */
export function topScoringIndex(keep: number, fieldTerms: FieldTerms): TopScoringIndex {
  let scores: Float64Array = new Float64Array(0);
  // The ids with a score in this search, kept between searches as `scores` is.
  let touched: Uint32Array = new Uint32Array(1024);
  let touchedCount = 0;
  // The best documents of a search, sorted (see `best`).
  const keptIds = new Uint32Array(keep);
  const keptScores = new Float64Array(keep);
  // What each (field, word) adds to the score of each document holding it, for the words of
  // recent queries: the same numbers Orama computes, computed once (query words repeat).
  const contributions = new Map<string, { readonly ids: Uint32Array; readonly values: Float64Array }>();
  let cachedPostings = 0;
  let contributionParameters = '';
  // Each text field's words and the documents holding each, in the order Orama would have
  // inserted them into its radix tree, until the trees are grown (`growTrees`).
  let planted: Map<string, Map<string, PlantedWord>> | undefined = new Map();
  const insert: OramaIndexComponent['insert'] = (...args: InsertArguments) => {
    const [implementation, store, prop, , internalId, value, schemaType, language, tokenizer, docsCount] = args;
    const index = store as IndexStore;
    if (index.indexes[prop]?.type !== 'Radix') return defaults.insert(...args);
    if (!planted) throw new Error('This index takes no document once it has been searched.');
    let words = planted.get(prop);
    if (!words) planted.set(prop, (words = new Map()));
    // Orama's own insertion of a text field, but for where each token's document goes.
    const values = Array.isArray(value) ? (value as string[]) : undefined;
    for (let at = 0, count = values ? values.length : 1; at < count; at++) {
      const tokens = tokenizer.tokenize(values ? values[at]! : (value as string), language, prop, false) as string[];
      implementation.insertDocumentScoreParameters(index, prop, internalId, tokens, docsCount);
      for (const token of tokens) {
        const id = internalId as number;
        const word = words.get(token);
        if (!word) {
          words.set(token, { ids: [id], occurrences: 1 });
          continue;
        }
        // Orama counts each token inserted (`insertTokenScoreParameters`): counted here, and
        // added to its table once per word when the trees are grown.
        word.occurrences++;
        // A radix node's documents are a Set, in the order first added. Documents come in the
        // order of their internal ids, so the last one added is the only one to look at.
        const { ids } = word;
        const last = ids[ids.length - 1]!;
        if (last !== id && (last < id || !ids.includes(id))) ids.push(id);
      }
    }
  };
  /**
   * Grows each field's radix tree from the words inserted: Orama's own insertion of each word
   * once, in the order of first insertion (the same tree, with its children in the same order),
   * then the word's documents set in one step. Inserting every token of every document walked
   * the tree once per token: a quarter of an index build.
   */
  const growTrees = (store: IndexStore) => {
    if (!planted) return;
    planted.forEach((words, prop) => {
      const root = store.indexes[prop]!.node as unknown as RadixNode & { insert(word: string, id: number): void };
      const occurrences = store.tokenOccurrences[prop]!;
      // forEach rather than for…of: no entry array per word.
      words.forEach(({ ids, occurrences: count }, word) => {
        root.insert(word, ids[0]!);
        nodeOf(root, word).d = ids;
        const before = occurrences[word];
        if (before === undefined) occurrences[word] = count;
        else if (typeof before === 'number') occurrences[word] = before + count;
        // An inherited name ("constructor"), as Orama's count makes it: one addition at a time.
        else for (let time = 0; time < count; time++) occurrences[word] = ((occurrences[word] ?? 0) as number) + 1;
      });
    });
    planted = undefined;
  };
  const search: OramaIndexComponent['search'] = (...args: SearchArguments) => {
    const [store, term, tokenizer, language, propertiesToSearch, exact, tolerance, boost, relevance, docsCount, whereFiltersIDs, threshold = 0] = args;
    const index = store as IndexStore;
    growTrees(index);
    if (threshold !== 1 || tolerance) throw new Error('This index scores neither typo-tolerant searches nor thresholds below 1.');
    if (!propertiesToSearch.every((prop) => !(prop in index.indexes) || (index.indexes[prop]!.type === 'Radix' && (boost[prop] ?? 1) > 0))) {
      // A field that is not text, or a boost of 0 or less: Orama's own component throws its error.
      return defaults.search(...args);
    }
    const tokens = tokenizer.tokenize(term, language) as string[];
    if (tokens.length === 0 && !term) tokens.push('');
    // Scores by internal id (1…documents) in one array kept between searches, and the ids touched.
    if (scores.length <= docsCount) scores = new Float64Array(docsCount + 1);
    touchedCount = 0;
    const { k, b, d } = relevance;
    // Contributions depend on these too: they are remembered for one set of them at a time.
    const parameters = `${k} ${b} ${d} ${docsCount} ${JSON.stringify(boost)}`;
    if (parameters !== contributionParameters) {
      contributions.clear();
      cachedPostings = 0;
      contributionParameters = parameters;
    }
    try {
      for (const prop of propertiesToSearch) {
        if (!(prop in index.indexes)) continue;
        const root = index.indexes[prop]!.node as unknown as RadixNode;
        const boostPerProperty = boost[prop] ?? 1;
        const avgFieldLength = index.avgFieldLength[prop]!;
        const fieldLengths = index.fieldLengths[prop]!;
        const occurrences = index.tokenOccurrences[prop]!;
        for (const token of tokens) {
          const found = findWords(root, token, exact);
          // Object key order, as Orama reads its `find` result: index-like words first.
          for (const word of Object.keys(found)) {
            const key = `${prop}\u0000${word}`;
            let scored = contributions.get(key);
            if (scored) {
              // Most recently used last: the first entries are the ones to forget.
              contributions.delete(key);
            } else {
              const ids = found[word]!;
              const matchingCount = typeof occurrences[word] === 'number' ? (occurrences[word] ?? 0) : 0;
              const idf = Math.log(1 + (docsCount - matchingCount + 0.5) / (matchingCount + 0.5));
              const needle = ` ${word} `;
              const length = 'size' in ids ? ids.size : ids.length;
              scored = { ids: new Uint32Array(length), values: new Float64Array(length) };
              let at = 0;
              for (const id of ids) {
                const count = countIn(fieldTerms(prop, id), needle);
                const tf = count === 0 ? 0 : count / fieldLengths[id]!;
                // Orama's BM25, operation for operation.
                const bm25 = (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * fieldLengths[id]!) / avgFieldLength));
                scored.ids[at] = id;
                scored.values[at++] = bm25 * boostPerProperty;
              }
              cachedPostings += length;
              while (cachedPostings > MAX_CACHED_POSTINGS && contributions.size > 0) {
                const [oldest, entry] = contributions.entries().next().value!;
                contributions.delete(oldest);
                cachedPostings -= entry.ids.length;
              }
            }
            contributions.set(key, scored);
            const { ids, values } = scored;
            for (let at = 0; at < ids.length; at++) {
              const id = ids[at]!;
              if (whereFiltersIDs && !whereFiltersIDs.has(id)) continue;
              if (id >= scores.length) scores = grown(scores, id);
              // 0 + x is x, so the first addition is Orama's first value.
              if (scores[id] === 0) {
                if (touchedCount === touched.length) touched = grownIds(touched);
                touched[touchedCount++] = id;
              }
              scores[id]! += values[at]!;
            }
          }
        }
      }
      return best(scores, touched, touchedCount, keep, keptIds, keptScores);
    } finally {
      for (let at = 0; at < touchedCount; at++) scores[touched[at]!] = 0;
    }
  };
  // Orama's field lengths, without the per-document frequency objects (token occurrences are
  // counted by `insert` and added by `growTrees`).
  const insertDocumentScoreParameters: OramaIndexComponent['insertDocumentScoreParameters'] = (store, prop, id, tokens, docsCount) => {
    const index = store as IndexStore;
    const internalId = components.internalDocumentIDStore.getInternalDocumentId(index.sharedInternalDocumentStore, id);
    index.avgFieldLength[prop] = ((index.avgFieldLength[prop] ?? 0) * (docsCount - 1) + tokens.length) / docsCount;
    index.fieldLengths[prop]![internalId] = tokens.length;
  };
  const searchByWhereClause: OramaIndexComponent['searchByWhereClause'] = (store, ...rest) => {
    growTrees(store as IndexStore);
    return defaults.searchByWhereClause(store, ...rest);
  };
  const save: OramaIndexComponent['save'] = (store) => {
    growTrees(store as IndexStore);
    return defaults.save(store);
  };
  return { ...defaults, insert, search, searchByWhereClause, save, insertDocumentScoreParameters, growTrees };
}

/** A word of a field inserted before the trees are grown. */
interface PlantedWord {
  /** The documents holding it, each once, in the order first inserted. */
  readonly ids: number[];
  /** Times it was inserted (Orama's token occurrences). */
  occurrences: number;
}

/** The node where `word`, which is in the tree, ends. */
function nodeOf(root: RadixNode, word: string): RadixNode {
  let node = root;
  for (let at = 0; at < word.length; at += node.s.length) node = node.c.get(word[at]!)!;
  return node;
}

/** What Orama's `find` returns for a term without tolerance, with each word's own set of documents. */
function findWords(root: RadixNode, term: string, exact: boolean): Record<string, RadixNode['d']> {
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
function allWords(start: RadixNode, term: string, exact: boolean): Record<string, RadixNode['d']> {
  const output: Record<string, RadixNode['d']> = {};
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

/**
 * The `keep` best of the scores of the first `idCount` of `ids` by Orama's order: higher score first, then lower internal id.
 * Kept sorted in `keptIds` and `keptScores` (room for `keep`, reused from one search to the next):
 * most documents of a common word are not among the best, and nothing is allocated for one that
 * enters the best and is pushed out again; only the pairs returned are.
 */
function best(scores: Float64Array, ids: Uint32Array, idCount: number, keep: number, keptIds: Uint32Array, keptScores: Float64Array): [number, number][] {
  let count = 0;
  for (let at = 0; at < idCount; at++) {
    const id = ids[at]!;
    const score = scores[id]!;
    if (count === keep) {
      const lastScore = keptScores[keep - 1]!;
      if (score < lastScore || (score === lastScore && id > keptIds[keep - 1]!)) continue;
    }
    // The first kept entry that does not come before this one.
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const keptScore = keptScores[middle]!;
      if (keptScore === score ? keptIds[middle]! < id : keptScore > score) low = middle + 1;
      else high = middle;
    }
    const end = count < keep ? count : keep - 1;
    keptIds.copyWithin(low + 1, low, end);
    keptScores.copyWithin(low + 1, low, end);
    keptIds[low] = id;
    keptScores[low] = score;
    if (count < keep) count++;
  }
  const kept = new Array<[number, number]>(count);
  for (let at = 0; at < count; at++) kept[at] = [keptIds[at]!, keptScores[at]!];
  return kept;
}

/** A copy of `ids` with twice the room. */
function grownIds(ids: Uint32Array): Uint32Array {
  const bigger = new Uint32Array(ids.length * 2);
  bigger.set(ids);
  return bigger;
}

/** A copy of `scores` with room for `id`. */
function grown(scores: Float64Array, id: number): Float64Array {
  const bigger = new Float64Array(Math.max(id + 1, scores.length * 2));
  bigger.set(scores);
  return bigger;
}

/** How many times `needle` (" term ") is in `line`; neighbouring terms share their space. */
function countIn(line: string | undefined, needle: string): number {
  if (line === undefined) return 0;
  let count = 0;
  for (let at = line.indexOf(needle); at !== -1; at = line.indexOf(needle, at + needle.length - 1)) count++;
  return count;
}

/** One empty map for every leaf of every compacted tree. */
const NO_CHILDREN: ReadonlyMap<string, RadixNode> = new Map();

/**
 * Orama's radix trees of `database`, made smaller once nothing more is inserted: each word's
 * documents as an array in the Set's order (a Set of one or two documents takes several times
 * the memory), and leaves sharing one empty map of children. Only this component's search reads
 * the trees afterwards; inserting into a compacted tree is not possible.
 */
export function compactTrees(database: { readonly index: unknown; readonly data: { readonly index: unknown } }): void {
  const index = database.data.index as IndexStore;
  (database.index as Partial<TopScoringIndex>).growTrees?.(index);
  for (const tree of Object.values(index.indexes)) {
    if (tree.type !== 'Radix') continue;
    const stack = [tree.node as unknown as RadixNode];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (!Array.isArray(node.d)) node.d = Array.from(node.d);
      if (node.c.size === 0) node.c = NO_CHILDREN;
      else stack.push(...node.c.values());
    }
  }
}
