/**
 * Runs the official MCP conformance scenarios that apply to a tools-and-resources server
 * against `site-content-mcp serve` (the built CLI on the sample site). The conformance CLI needs
 * Node 22 (`fs.globSync`); scripts/node22.sh provides one from the npm registry.
 *
 *   npx tsx scripts/conformance.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

const node22 = execFileSync('scripts/node22.sh', { encoding: 'utf8' }).trim();
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
      execFileSync(node22, ['node_modules/@modelcontextprotocol/conformance/dist/index.js', 'server', '--url', `${url}/mcp`, '--scenario', scenario], {
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
