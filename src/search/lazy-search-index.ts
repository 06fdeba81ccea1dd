import type { Page } from '../content/page.js';
import { SearchIndex, type SearchHit, type SearchQuery, type SearchSettings } from './search-index.js';

/** What the rest of the application needs of the search index. */
export interface PageSearch {
  search(query: SearchQuery): readonly SearchHit[];
}

/**
 * The search index, built the first time it is asked. Over stdio a desktop assistant starts the
 * server for every conversation and first asks for the tool list: building the index then
 * (~150 ms on a cold process) would only delay that answer. The HTTP server calls `warm()` while
 * it still answers 503, so its first search pays nothing.
 */
export class LazySearchIndex implements PageSearch {
  #index: SearchIndex | undefined;

  constructor(
    private readonly pages: readonly Page[],
    private readonly settings: SearchSettings = {},
  ) {}

  /** An index already built, in slices, so that building it never holds up requests (a reload). */
  static async builtInSlices(pages: readonly Page[], settings: SearchSettings = {}): Promise<LazySearchIndex> {
    const lazy = new LazySearchIndex(pages, settings);
    lazy.#index = await SearchIndex.buildInSlices(pages, undefined, settings);
    return lazy;
  }

  warm(): void {
    this.#index ??= SearchIndex.build(this.pages, this.settings);
  }

  search(query: SearchQuery): readonly SearchHit[] {
    this.warm();
    return this.#index!.search(query);
  }
}
