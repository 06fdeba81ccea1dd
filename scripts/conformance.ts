/**
 * Runs the official MCP conformance scenarios that apply to a tools-and-resources server
 * against `site-content-mcp serve` (the built CLI on the sample site), at both protocol
 * revisions the server speaks: 2025-11-25 with @modelcontextprotocol/conformance 0.1.16 and
 * 2026-07-28 with 0.2.0-alpha.12. The conformance CLI needs Node 22 (`fs.globSync`);
 * scripts/node22.sh provides one from the npm registry. Both versions are installed on first use,
 * pinned, into node_modules/.cache (scripts/cached-package.ts), not as dev dependencies.
 *
 *   npx tsx scripts/conformance.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cachedPackage } from './cached-package.js';

interface Run {
  readonly revision: string;
  /** The exact version of @modelcontextprotocol/conformance. */
  readonly version: string;
  readonly scenarios: readonly string[];
  readonly extraArgs: readonly string[];
}

const RUNS: readonly Run[] = [
  {
    revision: '2025-11-25',
    version: '0.1.16',
    scenarios: ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'],
    extraArgs: [],
  },
  {
    revision: '2026-07-28',
    version: '0.2.0-alpha.12',
    // Every server scenario of the revision that applies without prompts or completions, the
    // header-validation one included. Checks that need the suite's own diagnostic tools are
    // listed, one by one, in the baseline.
    scenarios: [
      'server-stateless',
      'tools-list',
      'resources-list',
      'sep-2164-resource-not-found',
      'dns-rebinding-protection',
      'caching',
      'http-header-validation',
      'server-sse-multiple-streams',
    ],
    extraArgs: ['--spec-version', '2026-07-28', '--expected-failures', 'scripts/conformance-baseline-2026.yml'],
  },
];

const node22 = execFileSync('scripts/node22.sh', { encoding: 'utf8' }).trim();
const cliOf = (version: string) => path.join(cachedPackage('@modelcontextprotocol/conformance', version), 'dist', 'index.js');
const server = spawn(process.execPath, ['dist/bin/main.js', 'serve', '--port', '0'], {
  env: { ...process.env, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'ignore', 'pipe'],
});

const url = await new Promise<string>((resolve, reject) => {
  const lines = createInterface({ input: server.stderr! });
  lines.on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'listening' && entry.url) resolve(entry.url);
    } catch {
      process.stderr.write(`${line}\n`);
    }
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
});

let failed = 0;
let total = 0;
try {
  for (const run of RUNS) {
    const cli = cliOf(run.version);
    for (const scenario of run.scenarios) {
      total++;
      try {
        execFileSync(node22, [cli, 'server', '--url', `${url}/mcp`, '--scenario', scenario, ...run.extraArgs], { stdio: 'inherit' });
      } catch {
        failed++;
        process.stderr.write(`conformance scenario ${scenario} at ${run.revision} FAILED\n`);
      }
    }
  }
} finally {
  server.kill('SIGTERM');
}
if (failed > 0) {
  process.stderr.write(`${failed} of ${total} conformance scenarios failed\n`);
  process.exit(1);
}
process.stderr.write(`all ${total} conformance scenarios passed (2025-11-25 and 2026-07-28)\n`);
