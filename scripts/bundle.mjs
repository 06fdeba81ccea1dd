// Bundles the compiled CLI (tsc's output in dist/) with its dependencies into dist/bin/, which
// the published bin runs. Node 20 loads ES modules one file at a time (resolve, read, compile;
// it has no compile cache before Node 22), and a stdio start loaded 335 of them: one bundle
// cuts the cold start of a desktop assistant's server by most of that.
import { build } from 'esbuild';

await build({
  // The report layout runs in a worker thread, which Node starts from a file of its own.
  entryPoints: { main: 'dist/src/cli/main.js', 'report-html-worker': 'dist/src/scan/report-html-worker.js' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true, // the modules loaded on demand (HTTP server, Redis, mail, HTML converter) stay separate chunks
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
