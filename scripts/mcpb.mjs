// Builds the MCP Bundle (.mcpb, the desktop extension format: a zip with manifest.json) from the
// built package: dist/site-content-mcp-<version>.mcpb. A desktop assistant installs it in one
// step and runs the bundled server with its own Node; the user fills in the site to serve.
//
//   npm run mcpb                      (builds first; writes dist/)
//   node scripts/mcpb.mjs OUT_DIR     (from an existing build, into OUT_DIR)
//
// The bundle is laid out like the npm package (package.json, dist/bin, content, LICENSE) so the
// server finds its sample site and version the same way. The manifest is validated, and the
// bundle packed, by the format's own CLI (@anthropic-ai/mcpb).
import { execFileSync } from 'node:child_process';
import { cp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const serverJson = JSON.parse(await readFile(path.join(root, 'server.json'), 'utf8'));
const { ALL_TOOLS } = await import(path.join(root, 'dist', 'tools', 'index.js'));

const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const stage = path.join(outDir, 'mcpb');
const output = path.join(outDir, `${pkg.name}-${pkg.version}.mcpb`);
// The command the format's package declares (its `bin`, linked by npm), not a path inside the package.
const mcpbCli = path.join(root, 'node_modules', '.bin', 'mcpb');

const manifest = {
  manifest_version: '0.3',
  name: pkg.name,
  display_name: serverJson.title,
  version: pkg.version,
  description: serverJson.description,
  long_description: pkg.description,
  author: { name: pkg.author },
  repository: { type: 'git', url: pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '') },
  homepage: pkg.homepage,
  support: pkg.bugs.url,
  license: pkg.license,
  keywords: ['website', 'content', 'search', 'pricing', 'contact'],
  server: {
    type: 'node',
    entry_point: 'dist/bin/main.js',
    mcp_config: {
      command: 'node',
      args: ['${__dirname}/dist/bin/main.js'],
      env: {
        CONTENT_DIR: '${user_config.content_dir}',
        PUBLIC_BASE_URL: '${user_config.public_base_url}',
        REMOTE_MCP_URL: '${user_config.remote_mcp_url}',
      },
    },
  },
  tools: ALL_TOOLS.map((tool) => ({ name: tool.name, description: tool.title })),
  compatibility: {
    platforms: ['darwin', 'win32', 'linux'],
    runtimes: { node: pkg.engines.node },
  },
  user_config: {
    content_dir: {
      type: 'directory',
      title: 'Content directory',
      description: 'The site to serve: a folder with site.yaml and pages/. Leave empty for the bundled sample site.',
      required: false,
    },
    public_base_url: {
      type: 'string',
      title: 'Public address of the site',
      description: "The origin used in every link the tools return, e.g. https://www.example.com. Leave empty for the site file's siteUrl.",
      required: false,
    },
    remote_mcp_url: {
      type: 'string',
      title: "The site's own MCP server",
      description: "Tools that send mail (send_inquiry) are passed to this endpoint instead of running here, e.g. https://www.example.com/mcp. Leave empty for the site file's siteUrl + /mcp.",
      required: false,
    },
  },
};

await rm(stage, { recursive: true, force: true });
await mkdir(stage, { recursive: true });
await cp(path.join(root, 'dist', 'bin'), path.join(stage, 'dist', 'bin'), { recursive: true });
await cp(path.join(root, 'content'), path.join(stage, 'content'), { recursive: true });
await cp(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
// Only what the server reads from its own package.json: name and version (and ESM for dist/bin).
await writeFile(path.join(stage, 'package.json'), `${JSON.stringify({ name: pkg.name, version: pkg.version, type: 'module', license: pkg.license, private: true }, null, 2)}\n`);
await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// The CLI takes seconds; a run that hangs (seen once under Node 24, a pack waiting forever on
// a lock) is stopped and fails, rather than stalling a build or the tests.
const CLI_TIMEOUT_MS = 120_000;
execFileSync(process.execPath, [mcpbCli, 'validate', path.join(stage, 'manifest.json')], { stdio: ['ignore', 2, 2], timeout: CLI_TIMEOUT_MS });
await rm(output, { force: true });
execFileSync(process.execPath, [mcpbCli, 'pack', stage, output], { stdio: ['ignore', 2, 2], timeout: CLI_TIMEOUT_MS });
console.error(`wrote ${path.relative(process.cwd(), output)}`);
