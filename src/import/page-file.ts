import { createHash } from 'node:crypto';
import path from 'node:path';
import { PAGE_PATH_PATTERN } from '../content/schema.js';

/** The folder of the output directory that holds the pages. */
export const PAGES_DIR = 'pages';

/**
 * The longest folder name written. File systems allow 255 bytes per name (ext4, APFS, NTFS); a
 * page path's segments are ASCII, so characters are bytes. 100 leaves room and stays readable.
 */
export const MAX_NAME = 100;
/**
 * The longest file path written, relative to the output folder: Linux allows 4,096 bytes for a
 * whole path and Windows 260 without long-path support; 200 leaves the output folder's own
 * path 60 characters there.
 */
export const MAX_FILE_PATH = 200;
const FILE_NAME = 'index.md';
/** Characters of the SHA-256 (hex) that name a shortened folder: 40 bits, no collision among any site's pages. */
const HASH_LENGTH = 10;

/**
 * The file a page is written to, relative to the output folder, with "/" as separator:
 * `pages/<its path's segments>/index.md`. Names are bounded: a segment longer than `MAX_NAME`
 * keeps its start and ends with `_` and a hash of the whole segment; a path longer than
 * `MAX_FILE_PATH` keeps the segments that fit and puts the page in one folder named `_` and a
 * hash of the whole page path. A page path holds only a-z, 0-9 and "-", so a name with `_`
 * never equals a page's own segment, and the same page gets the same file on every run.
 */
export function pageFile(pagePath: string): string {
  const segments = pagePath.split('/').filter(Boolean).map((segment) => (segment.length <= MAX_NAME ? segment : `${segment.slice(0, MAX_NAME - HASH_LENGTH - 1)}_${hash(segment)}`));
  const whole = [PAGES_DIR, ...segments, FILE_NAME].join('/');
  if (whole.length <= MAX_FILE_PATH) return whole;
  const tail = `_${hash(pagePath)}/${FILE_NAME}`;
  const kept: string[] = [PAGES_DIR];
  for (const segment of segments) {
    if ([...kept, segment].join('/').length + 1 + tail.length > MAX_FILE_PATH) break;
    kept.push(segment);
  }
  return `${kept.join('/')}/${tail}`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

/**
 * A file named by an import state, as a path relative to the output folder, when it is a page
 * file inside that folder's `pages/`; undefined for anything else (an absolute path written by an
 * older version into another folder, `..`, a file that is not a page). What this returns is the
 * only kind of file an import ever deletes.
 */
export function pageFileInside(outDir: string, file: unknown): string | undefined {
  if (typeof file !== 'string' || file === '') return undefined;
  const root = path.resolve(outDir);
  const relative = path.relative(root, path.resolve(root, file));
  if (relative === '' || path.isAbsolute(relative) || relative.split(path.sep).includes('..')) return undefined;
  const parts = relative.split(path.sep);
  if (parts[0] !== PAGES_DIR || parts.length < 2 || !relative.endsWith('.md')) return undefined;
  return parts.join('/');
}

/** True for a content path the importer could have written (the state is read from disk and may be anything). */
export function isPagePath(value: unknown): value is string {
  return typeof value === 'string' && PAGE_PATH_PATTERN.test(value);
}

/** File extensions of links that are never HTML pages: Markdown alternates, feeds and data, documents, media, fonts, code, archives. */
const NOT_PAGE_EXTENSION =
  /\.(md|markdown|txt|xml|rss|atom|rdf|json|jsonld|ya?ml|csv|tsv|pdf|docx?|xlsx?|pptx?|od[tsp]|rtf|epub|zip|gz|tgz|bz2|xz|rar|7z|tar|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|heic|mp[34]|m4[av]|wav|ogg|oga|webm|mov|avi|mkv|woff2?|ttf|otf|eot|css|js|mjs|map|wasm|exe|msi|dmg|pkg|deb|rpm|apk|ics|vcf)$/i;
/** Query parameters that ask for another representation of a page (`?format=amp`, WordPress's `?feed=rss2`). */
const REPRESENTATION_PARAMETERS = ['format', '_format', 'feed', 'output', 'amp', 'print', 'replytocom'];

/**
 * False for a link that is not an HTML page, decided from the URL alone so that it is never
 * queued: a Markdown alternate (`/about.md`, `/about/index.md`), a feed (`/feed/`,
 * `?feed=rss2`), an image, a PDF, a `?format=` variant.
 */
export function looksLikePage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (NOT_PAGE_EXTENSION.test(parsed.pathname)) return false;
  if (/\/feed\/?$/i.test(parsed.pathname)) return false;
  return !REPRESENTATION_PARAMETERS.some((name) => parsed.searchParams.has(name));
}
