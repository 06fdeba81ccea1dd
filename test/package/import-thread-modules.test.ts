import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleOptions, eldDataModule } from '../../scripts/bundle-options.mjs';
import { staticallyLoaded } from '../helpers/bundle-graph.js';
import { REPO_ROOT } from '../helpers/paths.js';

/**
 * What the process that runs an import (`import`, and `serve --source` between syncs) loads on
 * its own thread, from the bundler's record of the bundle as scripts/bundle.mjs writes it (the
 * bin and its page-reading worker). The page's DOM, Readability and eld's n-gram database are
 * the reader threads' work: loaded here, they stayed in the process for as long as it ran (the
 * n-gram data alone raised its peak RSS by about 80 MB) and a 2,000-page import peaked over 300 MB.
 */
const IMPORT_THREAD_ENTRIES = ['src/cli/main.ts', 'src/cli/import-command.ts', 'src/import/run-import.ts', 'src/import/source-sync.ts', 'src/http/serve.ts'];
const READER_ONLY = ['node_modules/eld/', 'node_modules/linkedom/', 'node_modules/@mozilla/readability/'];

let metafile: Metafile;

beforeAll(async () => {
  const options = bundleOptions({ main: path.join(REPO_ROOT, 'src', 'cli', 'main.ts'), 'read-page-worker': path.join(REPO_ROOT, 'src', 'import', 'read-page-worker.ts') }) as Parameters<typeof build>[0];
  ({ metafile } = await build({ ...options, absWorkingDir: REPO_ROOT, write: false, metafile: true, logLevel: 'silent' }));
});

describe("the import's own thread", () => {
  it("does not load the page reader's DOM, Readability or language data: the reader threads do", () => {
    expect(staticallyLoaded(metafile, IMPORT_THREAD_ENTRIES).filter((input) => READER_ONLY.some((heavy) => input.includes(heavy)))).toEqual([]);
  });

  it('leaves them to the reader thread, which loads all three', () => {
    const reader = staticallyLoaded(metafile, ['src/import/read-page-worker.ts']);
    for (const heavy of READER_ONLY) expect(reader.some((input) => input.includes(heavy)), heavy).toBe(true);
  });
});

describe("eld's n-gram database in the bundle", () => {
  it('is the same data, built by JSON.parse instead of a 49,553-key object literal', async () => {
    const file = path.join(REPO_ROOT, 'node_modules', 'eld', 'src', 'ngrams', 'extrasmall.js');
    const rewritten = (await eldDataModule(file)) as string;
    expect(rewritten).toMatch(/^export const ngramsData = JSON\.parse\(/);
    const original = ((await import(pathToFileURL(file).href)) as { ngramsData: unknown }).ngramsData;
    const built = ((await import(`data:text/javascript,${encodeURIComponent(rewritten)}`)) as { ngramsData: unknown }).ngramsData;
    expect(built).toEqual(original);
  });
});
