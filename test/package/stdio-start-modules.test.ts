import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { staticallyLoaded } from '../helpers/bundle-graph.js';
import { REPO_ROOT } from '../helpers/paths.js';

/**
 * What a stdio start of the published bin compiles: the chunks main.js imports, and those of the
 * modules runStdio imports on demand (the context and the stdio server) and loadSite imports for a
 * site with HTML pages, each with everything they import in turn. Derived from the bundler's own
 * record of the bundle, so it holds for the bundle exactly as scripts/bundle.mjs writes it.
 */
const STDIO_START_ENTRIES = ['src/cli/main.ts', 'src/context.ts', 'src/mcp/stdio.ts', 'src/content/html-page.ts'];

let metafile: Metafile;

beforeAll(async () => {
  const options = bundleOptions(path.join(REPO_ROOT, 'src', 'cli', 'main.ts')) as Parameters<typeof build>[0];
  ({ metafile } = await build({ ...options, absWorkingDir: REPO_ROOT, write: false, metafile: true, logLevel: 'silent' }));
});

describe('the stdio start of the bundle', () => {
  it('does not load Ajv: the MCP SDK is given its small JSON Schema validator', () => {
    const inputs = staticallyLoaded(metafile, STDIO_START_ENTRIES);
    expect(inputs.some((input) => input.includes('@modelcontextprotocol/server/'))).toBe(true);
    expect(inputs.filter((input) => /ajv/i.test(input))).toEqual([]);
  });

  it("loads only the parts of zod we use, not its 60 languages' messages", () => {
    // `import { z } from 'zod'` makes the bundler keep the whole namespace (locales included,
    // 500 KB of the 700 KB); `import * as z from 'zod'` lets it keep what is used.
    const inputs = staticallyLoaded(metafile, STDIO_START_ENTRIES);
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/locales/en.js'))).toBe(true);
    expect(inputs.filter((input) => input.includes('node_modules/zod/v4/locales/') && !input.endsWith('/en.js'))).toEqual([]);
  });

  it('does not load jose: a stdio start never signs or verifies a token', () => {
    expect(staticallyLoaded(metafile, STDIO_START_ENTRIES).filter((input) => input.includes('node_modules/jose/'))).toEqual([]);
  });
});
