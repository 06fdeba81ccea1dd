import type { EventDetails, Lang, PageType } from './schema.js';

/** One published page, as loaded and validated. */
export interface Page {
  readonly path: string;
  readonly lang: Lang;
  readonly type: PageType;
  readonly title: string;
  readonly description: string;
  /** Path of the same page in the other language, when it exists. */
  readonly alternate: string | undefined;
  readonly published: string | undefined;
  readonly updated: string | undefined;
  /** Id of the pricing item this page offers. */
  readonly service: string | undefined;
  readonly city: string | undefined;
  readonly event: EventDetails | undefined;
  readonly author: string | undefined;
  /** Clean Markdown: no navigation, scripts, styles or forms. */
  readonly markdown: string;
  /** Section headings (levels 2-6) as plain text, in document order. */
  readonly headings: readonly string[];
  /** The file it came from, relative to the content directory (for messages). */
  readonly source: string;
}
