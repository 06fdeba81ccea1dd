import type { Page } from './page.js';
import type { Lang, PageType, SiteFile } from './schema.js';

export interface PageFilter {
  readonly lang?: Lang | undefined;
  readonly type?: PageType | undefined;
}

/** A file of the content directory's `assets/` folder (the logo, an image), served at its path. */
export interface SiteAsset {
  /** `/assets/<file name>`. */
  readonly path: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** The loaded site: its site file, its pages (sorted by path) and its assets, with lookups. Immutable. */
export class SiteContent {
  readonly #byPath: ReadonlyMap<string, Page>;
  readonly #assets: ReadonlyMap<string, SiteAsset>;

  constructor(
    readonly info: SiteFile,
    readonly pages: readonly Page[],
    assets: readonly SiteAsset[] = [],
  ) {
    this.#byPath = new Map(pages.map((page) => [page.path, page]));
    this.#assets = new Map(assets.map((asset) => [asset.path, asset]));
  }

  /** An asset by its path (`/assets/logo.svg`). */
  asset(path: string): SiteAsset | undefined {
    return this.#assets.get(path);
  }

  get assets(): readonly SiteAsset[] {
    return [...this.#assets.values()];
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
