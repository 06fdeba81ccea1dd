/**
 * Runs the official MCP conformance scenarios that apply to a tools-and-resources server
 * against `site-content-mcp serve` (the built CLI on the sample site). The conformance CLI needs
 * Node 22 (`fs.globSync`); scripts/node22.sh provides one from the npm registry. The CLI itself is
 * installed here on first use, pinned, into node_modules/.cache rather than being a dev
 * dependency: it declares Node 22, and `npm ci` on Node 20 (a newcomer's first command) would
 * print an engine warning for a tool only this script runs.
 *
 *   npx tsx scripts/conformance.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

const CONFORMANCE_VERSION = '0.1.16';
const node22 = execFileSync('scripts/node22.sh', { encoding: 'utf8' }).trim();
const conformanceDir = `node_modules/.cache/conformance-${CONFORMANCE_VERSION}`;
const conformanceCli = `${conformanceDir}/node_modules/@modelcontextprotocol/conformance/dist/index.js`;
if (!existsSync(conformanceCli)) {
  execFileSync('npm', ['install', '--prefix', conformanceDir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
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
try {
  for (const scenario of SCENARIOS) {
    try {
      execFileSync(node22, [conformanceCli, 'server', '--url', `${url}/mcp`, '--scenario', scenario], {
        stdio: 'inherit',
      });
    } catch {
      failed++;
      process.stderr.write(`conformance scenario ${scenario} FAILED\n`);
    }
  }
} finally {
  server.kill('SIGTERM');
}
if (failed > 0) {
  process.stderr.write(`${failed} of ${SCENARIOS.length} conformance scenarios failed\n`);
  process.exit(1);
}
process.stderr.write(`all ${SCENARIOS.length} conformance scenarios passed\n`);
