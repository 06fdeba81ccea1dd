/**
 * Listing pages: tag and category archives, paginated lists, blog and case-study indexes, whose
 * content is other pages of the site. Search never ranks one above the pages it lists (docs/search.md).
 *
 * A page says so with `listing: true` in its front matter (the importer sets it for the archive
 * pages it was asked to include) or `listing: false` (never one). Without the flag, a page is a
 * listing when its entries are other pages of the site: at least MIN_ENTRIES blocks (list items,
 * paragraphs, headings) open with a link to different pages of the site, and such entries are at
 * least half of its blocks, or open at least half of its sections. One pass over the lines of the
 * Markdown the loader has already read, no parser: it runs for every page of a large site.
 */

/** Fewer entries than this make a page that links to a few others, not a list. */
const MIN_ENTRIES = 3;

/** A block that opens with a link: list marks, heading marks and emphasis first, then `[text](/path…)`. */
const OPENING_LINK = /^ {0,3}(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,3}[.)])[ \t]+)?(?:[*_]{1,3})?\[(?:[^\]\\]|\\.)*\]\((\/(?!\/)[^)\s]*)/;
const HEADING = /^ {0,3}#{1,6}[ \t]/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,3}[.)])[ \t]/;
const SECTION_HEADING = /^ {0,3}#{2,6}[ \t]/;
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;

export interface Listing {
  /** Whether the page is a listing. */
  readonly listing: boolean;
  /** The paths (without query or fragment) of the site's pages its entries link to, in order, each once; empty when it is not a listing. */
  readonly listed: readonly string[];
}

const NOT_A_LISTING: Listing = Object.freeze({ listing: false, listed: Object.freeze([]) as readonly string[] });

/** Whether the page is a listing (`flag` from its front matter wins) and the pages it lists. */
export function detectListing(markdown: string, ownPath: string, flag?: boolean): Listing {
  if (flag === false) return NOT_A_LISTING;
  let blocks = 0;
  let entries = 0;
  let sections = 0;
  let sectionsOpenedByEntry = 0;
  let awaitingSectionStart = false;
  let inParagraph = false;
  let inFence = false;
  const listed: string[] = [];
  const seen = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      inParagraph = false;
      continue;
    }
    if (inFence) continue;
    if (line.trim() === '') {
      inParagraph = false;
      continue;
    }
    const heading = HEADING.test(line);
    // A paragraph's later lines belong to its block.
    if (inParagraph && !heading && !LIST_ITEM.test(line)) continue;
    inParagraph = !heading && !LIST_ITEM.test(line);
    const target = OPENING_LINK.exec(line)?.[1];
    const path = target === undefined ? undefined : pathOf(target);
    const entry = path !== undefined && path !== ownPath;
    if (entry && !seen.has(path)) {
      seen.add(path);
      listed.push(path);
    }
    if (SECTION_HEADING.test(line)) {
      sections++;
      if (entry) sectionsOpenedByEntry++;
      awaitingSectionStart = !entry;
      continue;
    }
    if (heading) continue;
    blocks++;
    if (entry) entries++;
    if (awaitingSectionStart && entry) sectionsOpenedByEntry++;
    awaitingSectionStart = false;
  }
  const looksLikeOne = listed.length >= MIN_ENTRIES && (entries * 2 >= blocks || (sections > 0 && sectionsOpenedByEntry * 2 >= sections));
  if (!looksLikeOne && flag !== true) return NOT_A_LISTING;
  return { listing: true, listed };
}

/** A link's path without its query and fragment, with the trailing slash pages' paths have. */
function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  return path.endsWith('/') ? path : `${path}/`;
}
