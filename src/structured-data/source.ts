import type { SiteContent } from '../content/site-content.js';
import type { SiteUrls } from '../content/site-urls.js';

/** What the schema.org objects are made from: the loaded site and the URLs we return. */
export interface StructuredDataSource {
  readonly site: SiteContent;
  readonly urls: SiteUrls;
}
