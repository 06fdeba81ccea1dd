// Bundles the compiled CLI (tsc's output in dist/) with its dependencies into dist/bin/, which
// the published bin runs. Node 20 loads ES modules one file at a time (resolve, read, compile;
// it has no compile cache before Node 22), and a stdio start loaded 335 of them: one bundle
// cuts the cold start of a desktop assistant's server by most of that. Everything the bin
// imports is inside the bundle, so the package has no runtime dependencies to install
// (test/package/runtime-dependencies.test.ts keeps package.json honest about that).
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

// Chunk names carry content hashes: without emptying dist/bin first, every earlier build's chunks
// would stay beside the new ones and go into a tarball packed from this working tree.
await rm('dist/bin', { recursive: true, force: true });

// Work on worker threads (the importer's page reading, the scan report's layout, a large site's
// page bodies for search) starts from modules of their own: entries beside main.js.
await build(
  bundleOptions({
    main: 'dist/src/cli/main.js',
    'read-page-worker': 'dist/src/import/read-page-worker.js',
    'report-html-worker': 'dist/src/scan/report-html-worker.js',
    'body-index-worker': 'dist/src/search/body-index-worker.js',
    'serve-worker': 'dist/src/cli/serve-worker.js',
  }),
);
