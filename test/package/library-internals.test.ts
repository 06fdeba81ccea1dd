import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as sdkShims from '@modelcontextprotocol/server/_shims';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleOptions as untypedBundleOptions } from '../../scripts/bundle-options.mjs';
// @ts-expect-error: a plain ES module script without type declarations
import * as untypedShims from '../../scripts/mcp-sdk-shims.mjs';
import { REPO_ROOT } from '../helpers/paths.js';

const bundleOptions = untypedBundleOptions as (entry: string) => { alias: Record<string, string> };
/** Typed as the SDK's own shim: the test below checks it has the same names. */
const ourShims = untypedShims as typeof sdkShims;

/**
 * Code that reads a library's internals (docs/architecture.md, "Code that depends on a
 * library's internals"): each library is pinned to the exact version the code was written
 * against, so an upgrade is a deliberate change that meets the test guarding it, never a
 * quiet change of behaviour under a caret range.
 */
const INTERNALS = [
  { library: '@orama/orama', readers: ['src/search/orama-scoring.ts', 'src/search/search-index.ts'], guard: 'test/search/orama-scoring.test.ts' },
  { library: '@modelcontextprotocol/server', readers: ['scripts/bundle-options.mjs', 'scripts/mcp-sdk-shims.mjs', 'src/mcp/tool-call-params.ts'], guard: 'test/package/library-internals.test.ts' },
  { library: 'linkedom', readers: ['scripts/bundle-options.mjs'], guard: 'test/package/library-internals.test.ts' },
] as const;

const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Record<string, unknown>;

describe('libraries whose internals we read', () => {
  const manifest = readJson('package.json') as { devDependencies: Record<string, string> };
  const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; devDependencies?: Record<string, string> }> };

  for (const { library } of INTERNALS) {
    it(`pins ${library} to the exact version installed, in package.json and the lock`, () => {
      const installed = (readJson(`node_modules/${library}/package.json`) as { version: string }).version;
      expect(manifest.devDependencies[library], 'package.json: an exact version, no range').toBe(installed);
      expect(lock.packages['']?.devDependencies?.[library]).toBe(installed);
      expect(lock.packages[`node_modules/${library}`]?.version).toBe(installed);
    });
  }

  it('are each listed in docs/architecture.md with the code that reads them and the test that guards it', () => {
    const architecture = readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
    const section = architecture.slice(architecture.indexOf("## Code that depends on a library's internals"));
    expect(section).not.toBe(architecture);
    for (const { library, readers, guard } of INTERNALS) {
      for (const name of [library, ...readers, guard]) expect(section, name).toContain(`\`${name}\``);
      for (const file of [...readers, guard]) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    }
  });
});

describe("the bundle's stand-in for the MCP SDK's `_shims`", () => {
  it("exports the same names as the SDK's own Node shim", () => {
    expect(Object.keys(ourShims).sort()).toEqual(Object.keys(sdkShims).sort());
    expect(ourShims.process).toBe(sdkShims.process);
  });

  it("gives the SDK's validator's verdicts on valid and invalid input", () => {
    const schema = { type: 'object', properties: { answer: { type: 'string', enum: ['yes', 'no'] } }, required: ['answer'] } as const;
    const ours = new ourShims.DefaultJsonSchemaValidator().getValidator(schema);
    const theirs = new sdkShims.DefaultJsonSchemaValidator().getValidator(schema);
    for (const input of [{ answer: 'yes' }, { answer: 'maybe' }, { answer: 1 }, {}, null]) {
      expect(ours(input).valid, JSON.stringify(input)).toBe(theirs(input).valid);
    }
  });
});

describe("the bundle's aliases", () => {
  it('each name a file that exists', () => {
    for (const [name, target] of Object.entries(bundleOptions('dist/src/cli/main.js').alias)) {
      expect(existsSync(path.join(REPO_ROOT, target)), `${name} -> ${target}`).toBe(true);
    }
  });

  it("stand in for linkedom's optional canvas with linkedom's own shim, which draws nothing", () => {
    const shim = createRequire(import.meta.url)(path.join(REPO_ROOT, bundleOptions('dist/src/cli/main.js').alias['canvas']!)) as { createCanvas(width: number, height: number): { getContext(): unknown } };
    expect(shim.createCanvas(1, 1).getContext()).toBeNull();
  });
});
