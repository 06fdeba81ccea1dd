/**
 * The script of the MCP Apps views, bundled with the extension SDK's App (see
 * scripts/app-view-bundle.mjs). Run from source, it is built once per process with esbuild (a
 * devDependency); the published bin's bundle replaces this module with the string built at
 * bundle time, so the bin never loads a bundler.
 */
let built: Promise<string> | undefined;

export function appViewScript(): Promise<string> {
  built ??= (async () => {
    const bundler = new URL('../../scripts/app-view-bundle.mjs', import.meta.url).href;
    const { buildAppViewScript } = (await import(bundler)) as { buildAppViewScript(): Promise<string> };
    return buildAppViewScript();
  })();
  return built;
}
