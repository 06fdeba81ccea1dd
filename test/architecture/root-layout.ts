import { execFileSync } from 'node:child_process';

/**
 * What may sit at the top of the repository: the design card's top level (package.json,
 * tsconfig.json, src/, tools/, resources/, content/, test/, server.json, README.md, and .ci/,
 * bench/, scripts/, docs/ where they earn their place) plus the tooling files the project needs,
 * each with the reason it is there. Anything else (a scratch script, a stray note) is not part
 * of the layout and belongs in a folder, in .gitignore, or nowhere.
 */
export const ROOT_LAYOUT: Readonly<Record<string, string>> = {
  'package.json': 'the package (design card)',
  'tsconfig.json': 'the type-check of everything (design card)',
  'src/': 'the code (design card)',
  'tools/': 'one module per tool (design card)',
  'resources/': 'the generated documents (design card)',
  'content/': 'the embedded sample site (design card)',
  'test/': 'the tests (design card)',
  'server.json': 'the MCP registry entry (design card)',
  'README.md': 'the front door (design card)',
  '.ci/': 'the CI entry point (design card)',
  'bench/': 'measurements (design card)',
  'scripts/': 'the build and its helpers (design card)',
  'docs/': 'the manual and the decisions (design card)',
  '.gitignore': 'what git leaves out',
  LICENSE: 'the licence the package is published under',
  'package-lock.json': 'the exact dependency tree npm ci installs',
  'tsconfig.build.json': 'the compile of the published code (npm run build)',
  'vitest.config.ts': 'the test runner',
  'redocly.yaml': 'the OpenAPI lint rules test/rest/openapi.test.ts applies',
};

/** The top-level entries git tracks in `repoRoot`: files by name, folders with a trailing slash. */
export function trackedRootEntries(repoRoot: string): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
  return [...new Set(files.map((file) => (file.includes('/') ? `${file.slice(0, file.indexOf('/'))}/` : file)))].sort();
}

/** The tracked top-level entries that are not part of the layout. */
export function strayRootEntries(repoRoot: string): string[] {
  return trackedRootEntries(repoRoot).filter((entry) => !(entry in ROOT_LAYOUT));
}
