// The esbuild options of the published bin, shared by scripts/bundle.mjs (which writes
// dist/bin) and test/package/runtime-dependencies.test.ts (which checks that package.json's
// runtime dependencies are exactly what these options leave outside the bundle).
import { readFileSync } from 'node:fs';
import { appViewScriptPlugin } from './app-view-bundle.mjs';

/**
 * Packages that stay outside the bundle: the optional peer dependencies. An optional piece (a
 * headless browser for scans) is too big to ship to everyone and is loaded with a dynamic
 * import only when its option is set; a user who wants it installs it next to ours.
 */
export function optionalPeers(packageJsonPath = new URL('../package.json', import.meta.url)) {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  return Object.entries(pkg.peerDependenciesMeta ?? {})
    .filter(([, meta]) => meta.optional === true)
    .map(([name]) => name);
}

/**
 * @param {string | Record<string, string>} entryPoints the CLI's entry module (compiled JavaScript, or the TypeScript
 *   source), or named entries (the bin's `main`, and the workers beside it: the importer's page reading, the scan report's layout)
 */
export function bundleOptions(entryPoints) {
  return {
    entryPoints: typeof entryPoints === 'string' ? [entryPoints] : entryPoints,
    outdir: 'dist/bin',
    bundle: true,
    splitting: true, // the modules loaded on demand (HTTP server, Redis, mail, HTML converter) stay separate chunks
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    minifySyntax: true,
    legalComments: 'linked',
    logLevel: 'warning',
    external: optionalPeers(),
    // The MCP Apps views' script is built here and inlined as a string (scripts/app-view-bundle.mjs).
    plugins: [appViewScriptPlugin()],
    // linkedom (the importer's DOM) tries `require('canvas')` and falls back to its own shim; we
    // never draw, so the bundle holds the shim and leaves no optional native package outside it.
    // The MCP SDK's Node shim would load Ajv into every start for a validator we never use:
    // scripts/mcp-sdk-shims.mjs says why its small validator does the same job (docs/decisions/0098-the-stdio-cold-start-issue-14-4.md).
    alias: { canvas: './node_modules/linkedom/commonjs/canvas-shim.cjs', '@modelcontextprotocol/server/_shims': './scripts/mcp-sdk-shims.mjs' },
    // Bundled CommonJS dependencies call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  };
}
