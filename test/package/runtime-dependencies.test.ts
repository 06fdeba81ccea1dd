import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { bundleOptions, optionalPeers } from '../../scripts/bundle-options.mjs';
import { REPO_ROOT } from '../helpers/paths.js';

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;

/** `lodash/fp` -> `lodash`, `@scope/name/sub` -> `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Bundles the CLI from source, as scripts/bundle.mjs does, and lists the packages left outside. */
async function packagesOutsideTheBundle(): Promise<string[]> {
  const options = bundleOptions(path.join(REPO_ROOT, 'src', 'cli', 'main.ts')) as Parameters<typeof build>[0];
  const result = await build({ ...options, absWorkingDir: REPO_ROOT, write: false, metafile: true, logLevel: 'silent' });
  const outside = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !imported.path.startsWith('node:') && !isBuiltin(imported.path)) outside.add(packageName(imported.path));
    }
  }
  return [...outside].sort();
}

/**
 * The published bin is one bundle; `npx` installs package.json's dependencies beside it. So the
 * runtime dependencies must be exactly the packages the bundle leaves outside, derived here from
 * the bundler itself, so that a library added to the code is caught wherever it lands.
 */
describe('runtime dependencies', () => {
  // Bundling the whole CLI is setup (it takes most of the hook's time on a busy machine), not the behaviour checked.
  let outside: string[];
  beforeAll(async () => {
    outside = await packagesOutsideTheBundle();
  });

  it('are exactly the packages the bundle does not contain, apart from optional peers', () => {
    const optional = optionalPeers() as string[];
    expect(outside.filter((name) => !optional.includes(name))).toEqual(Object.keys(pkg.dependencies ?? {}).sort());
  });

  it('declare every optional piece as an optional peer, never as an optionalDependency npm would install anyway', () => {
    expect(pkg.optionalDependencies ?? {}).toEqual({});
    for (const name of optionalPeers() as string[]) expect(Object.keys(pkg.peerDependencies ?? {}), name).toContain(name);
  });

  it('leaves an optional peer outside the bundle, and only an optional one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scm-peers-'));
    try {
      const file = path.join(dir, 'package.json');
      writeFileSync(file, JSON.stringify({ peerDependencies: { 'playwright-core': '^1.0.0', required: '^1.0.0' }, peerDependenciesMeta: { 'playwright-core': { optional: true } } }));
      expect(optionalPeers(file)).toEqual(['playwright-core']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((bundleOptions('entry.js') as { external: string[] }).external).toEqual(optionalPeers());
  });
});
