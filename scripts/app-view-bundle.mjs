// Builds the script of the MCP Apps views (src/mcp/app-view/main.js with the extension SDK's App)
// into one string for an inline <script>. The published bin gets the string at bundle time
// (appViewScriptPlugin, in bundle-options.mjs), so it needs no bundler and no package at run
// time; from source (tests, `npm run dev`) src/mcp/app-view-script.ts calls buildAppViewScript.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const APP_VIEW_ENTRY = fileURLToPath(new URL('../src/mcp/app-view/main.js', import.meta.url));

/** The views' script, minified, safe inside <script>…</script>. */
export async function buildAppViewScript() {
  const result = await build({
    entryPoints: [APP_VIEW_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  // "</script" inside a string or a regular expression would end the element early; "<\/" means the same in both.
  return result.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1').trim();
}

/** Replaces src/mcp/app-view-script.(ts|js) in the bin's bundle with the built string. */
export function appViewScriptPlugin() {
  return {
    name: 'app-view-script',
    setup(bundler) {
      bundler.onLoad({ filter: /[\\/]src[\\/]mcp[\\/]app-view-script\.(ts|js)$/ }, async () => ({
        contents: `export function appViewScript() { return Promise.resolve(${JSON.stringify(await buildAppViewScript())}); }`,
        loader: 'js',
      }));
    },
  };
}
