import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageFacts } from './read-page.js';

/** What a run remembers about one page, to re-fetch only what changed next time. */
export interface PageRecord {
  /** The content path and file (relative to the output directory) it was written to. */
  readonly path: string;
  readonly file: string;
  readonly etag?: string;
  readonly lastModified?: string;
  /** The sitemap's lastmod when it was fetched. */
  readonly lastmod?: string;
  /** What the page stated, less its Markdown (that is in the file). */
  readonly facts: Omit<PageFacts, 'markdown'>;
}

export interface ImportState {
  readonly version: 1;
  readonly origin: string;
  readonly pages: Readonly<Record<string, PageRecord>>;
}

export const STATE_DIR = '.import';
const STATE_FILE = 'state.json';

export async function readState(outDir: string, origin: string): Promise<ImportState | undefined> {
  try {
    const state = JSON.parse(await readFile(path.join(outDir, STATE_DIR, STATE_FILE), 'utf8')) as ImportState;
    return state.version === 1 && state.origin === origin ? state : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed: an interrupted run never leaves half a state. */
export async function writeState(outDir: string, state: ImportState): Promise<void> {
  const dir = path.join(outDir, STATE_DIR);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${STATE_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, JSON.stringify(state));
  await rename(temporary, path.join(dir, STATE_FILE));
}
