import type { Page } from '../content/page.js';
import type { SiteContent } from '../content/site-content.js';
import { markdownPath } from '../content/site-urls.js';
import type { SiteDocument } from '../../resources/index.js';

/** What one address of the site answers with. */
export type SiteAddress =
  /** A page at its canonical path: HTML or Markdown, by the Accept header. */
  | { readonly kind: 'page'; readonly page: Page }
  /** A page's `.md` address: always Markdown. */
  | { readonly kind: 'markdown'; readonly page: Page }
  /** llms.txt or pricing.md. */
  | { readonly kind: 'document'; readonly document: SiteDocument }
  | { readonly kind: 'redirect'; readonly location: string; readonly status: 301 | 302 };

export interface AddressTable {
  readonly addresses: ReadonlyMap<string, SiteAddress>;
  /** Addresses claimed twice; the first claim (documents, then pages) is kept. */
  readonly clashes: readonly string[];
}

/**
 * Every address the site answers, built once from the loaded content. A request path is looked
 * up here exactly as it arrives (not decoded, not normalized), so nothing but these strings can
 * ever reach a page, and no request path is ever joined to a file name: `%2e%2e`, `/./`, `%00`,
 * upper case and the rest are simply not in the table and get the 404.
 *
 * - `/pl/uslugi/` → the page; `/pl/uslugi.md` → its Markdown; `/pl/uslugi` → 301 to `/pl/uslugi/`.
 * - `/pl/` → `/pl.md`; a page at `/` → `/index.md`.
 * - Without a page at `/`, `/` and `/index.md` answer 302 to the default language's home and
 *   its Markdown (temporary: the choice of default language may change; docs/decisions/0001-site-addresses-one-table-built-from-the.md).
 * - `/llms.txt` and `/pricing.md` → the generated documents; they win over a page whose `.md`
 *   address would be the same (a page at `/pricing/`), which is reported as a clash.
 */
export function buildAddressTable(site: SiteContent, documents: readonly SiteDocument[]): AddressTable {
  const addresses = new Map<string, SiteAddress>();
  const clashes: string[] = [];
  const claim = (path: string, address: SiteAddress) => {
    if (addresses.has(path)) clashes.push(path);
    else addresses.set(path, address);
  };

  for (const document of documents) claim(document.path, { kind: 'document', document });
  for (const page of site.pages) {
    claim(page.path, { kind: 'page', page });
    claim(markdownPath(page.path), { kind: 'markdown', page });
    if (page.path !== '/') claim(page.path.slice(0, -1), { kind: 'redirect', location: page.path, status: 301 });
  }
  const home = site.page(`/${site.info.defaultLanguage}/`);
  if (home && !addresses.has('/')) {
    claim('/', { kind: 'redirect', location: home.path, status: 302 });
    claim('/index.md', { kind: 'redirect', location: markdownPath(home.path), status: 302 });
  }
  return { addresses, clashes };
}
