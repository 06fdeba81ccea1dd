// The esbuild options of the published bin, shared by scripts/bundle.mjs (which writes
// dist/bin) and test/package/runtime-dependencies.test.ts (which checks that package.json's
// runtime dependencies are exactly what these options leave outside the bundle).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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
 * eld (the importer's language identification) ships its n-gram database as one JavaScript object
 * literal of 49,553 keys (953 KB of source). V8 compiles such a literal through a parse tree of
 * every key: loading it raised a thread's peak RSS by 83 MB, for 31 MB of heap it keeps. The same
 * data as a string given to JSON.parse costs 28 MB at peak and 21 MB kept (V8's advice for large
 * literals). This plugin writes each eld database module that way, from the module's own exports.
 */
export const eldDataAsJson = {
  name: 'eld-data-as-json',
  setup(build) {
    build.onLoad({ filter: /[\\/]eld[\\/]src[\\/]ngrams[\\/][a-z]+\.js$/ }, async (args) => ({ contents: await eldDataModule(args.path), loader: 'js' }));
  },
};

/** An eld n-gram module rewritten to build the same `ngramsData` with JSON.parse. */
export async function eldDataModule(file) {
  const { ngramsData } = await import(pathToFileURL(file).href);
  return `export const ngramsData = JSON.parse(${JSON.stringify(JSON.stringify(ngramsData))});\n`;
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
    // The MCP Apps views' script is built here and inlined as a string (scripts/app-view-bundle.mjs);
    // eld's n-gram data is parsed as JSON rather than compiled as an object literal.
    plugins: [appViewScriptPlugin(), eldDataAsJson],
    // linkedom (the importer's DOM) tries `require('canvas')` and falls back to its own shim; we
    // never draw, so the bundle holds the shim and leaves no optional native package outside it.
    // The MCP SDK's Node shim would load Ajv into every start for a validator we never use:
    // scripts/mcp-sdk-shims.mjs says why its small validator does the same job (docs/decisions/0098-the-stdio-cold-start-issue-14-4.md).
    alias: { canvas: './node_modules/linkedom/commonjs/canvas-shim.cjs', '@modelcontextprotocol/server/_shims': './scripts/mcp-sdk-shims.mjs' },
    // Bundled CommonJS dependencies call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  };
}
