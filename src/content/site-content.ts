import type { Page } from './page.js';
import type { Lang, PageType, SiteFile } from './schema.js';

export interface PageFilter {
  readonly lang?: Lang | undefined;
  readonly type?: PageType | undefined;
}

/** The loaded site: its site file and its pages, sorted by path, with lookups. Immutable. */
export class SiteContent {
  readonly #byPath: ReadonlyMap<string, Page>;

  constructor(
    readonly info: SiteFile,
    readonly pages: readonly Page[],
  ) {
    this.#byPath = new Map(pages.map((page) => [page.path, page]));
  }

  page(path: string): Page | undefined {
    return this.#byPath.get(path);
  }

  /** Pages matching every given filter, in path order. */
  filter(filter: PageFilter): Page[] {
    return this.pages.filter(
      (page) => (filter.lang === undefined || page.lang === filter.lang) && (filter.type === undefined || page.type === filter.type),
    );
  }

  get languages(): readonly Lang[] {
    return this.info.languages;
  }
}
