import path from 'node:path';
import { PAGE_PATH_PATTERN } from '../content/schema.js';

/** The folder of the output directory that holds the pages. */
export const PAGES_DIR = 'pages';

/**
 * The file a page is written to, relative to the output folder, with "/" as separator:
 * `pages/<its path's segments>/index.md`.
 */
export function pageFile(pagePath: string): string {
  return [PAGES_DIR, ...pagePath.split('/').filter(Boolean), 'index.md'].join('/');
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
