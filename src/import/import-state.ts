import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPagePath, pageFile, pageFileInside } from './page-file.js';
import type { ScriptRecord } from './page-renderer.js';
import type { PageFacts } from './read-page.js';

/** What a run remembers about one page, to re-fetch only what changed next time. */
export interface PageRecord {
  /** The content path, and the file it was written to: relative to the output folder, with "/" (`pages/a/index.md`). */
  readonly path: string;
  readonly file: string;
  readonly etag?: string;
  readonly lastModified?: string;
  /** The sitemap's lastmod when it was fetched. */
  readonly lastmod?: string;
  /** How it was found: a page found only by links is not gone when the sitemap does not list it. Absent in older states. */
  readonly found?: 'sitemap' | 'links';
  /** The scripts a rendered page ran, as served: a sync renders it again when one of them changed. */
  readonly scripts?: readonly ScriptRecord[];
  /** What the page stated, less its Markdown (that is in the file). The text's language is absent in states written before it was kept. */
  readonly facts: Omit<PageFacts, 'markdown' | 'textLanguage'> & Partial<Pick<PageFacts, 'textLanguage'>>;
}

export interface ImportState {
  readonly version: 1;
  readonly origin: string;
  readonly pages: Readonly<Record<string, PageRecord>>;
  /** The page count of the last sitemap that was read whole: a later one listing far fewer is not trusted to remove pages. */
  readonly discovery?: { readonly sitemapPages?: number };
}

export const STATE_DIR = '.import';
const STATE_FILE = 'state.json';

/**
 * The last run's state, when it was for this origin. Everything in it is taken relative to
 * `outDir`, so that a copied output folder is independent of its original: a file named outside
 * the folder's `pages/` (an absolute path written by an older version, perhaps of the folder this
 * one was copied from) is replaced by the file the page's path gives here, and a record without a
 * valid path is dropped.
 */
export async function readState(outDir: string, origin: string): Promise<ImportState | undefined> {
  let state: ImportState;
  try {
    state = JSON.parse(await readFile(path.join(outDir, STATE_DIR, STATE_FILE), 'utf8')) as ImportState;
  } catch {
    return undefined;
  }
  if (state === null || typeof state !== 'object' || state.version !== 1 || state.origin !== origin || typeof state.pages !== 'object' || state.pages === null) return undefined;
  const pages: Record<string, PageRecord> = {};
  for (const [url, record] of Object.entries(state.pages)) {
    if (record === null || typeof record !== 'object' || !isPagePath(record.path)) continue;
    pages[url] = { ...record, file: pageFileInside(outDir, record.file) ?? pageFile(record.path) };
  }
  return { ...state, pages };
}

/** Written to a temporary file and renamed: an interrupted run never leaves half a state. */
export async function writeState(outDir: string, state: ImportState): Promise<void> {
  const dir = path.join(outDir, STATE_DIR);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${STATE_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, JSON.stringify(state));
  await rename(temporary, path.join(dir, STATE_FILE));
}
