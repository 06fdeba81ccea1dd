/**
 * stdio cold start: from spawning `node dist/bin/main.js` (the sample site) to the answer to
 * tools/list, against a bare `node -e` that prints one line, interleaved in the same run so
 * machine noise hits both alike; once opening with initialize (MCP 2025-11-25) and once with a
 * 2026-07-28 tools/list that carries its `_meta` envelope (no initialize). Target (issue 2):
 * under 400 ms. `--against <other main.js>` adds another build (e.g. main's) to the rotation.
 *   npm run build && npx tsx bench/cold-start.ts [runs] [--against /path/to/dist/bin/main.js]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const CLI = path.join(import.meta.dirname, '..', 'dist', 'bin', 'main.js');
const runs = Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 20);
const againstAt = process.argv.indexOf('--against');
const AGAINST = againstAt > 0 ? path.resolve(process.argv[againstAt + 1]!) : undefined;

const messages2026 = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

const messages = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
]
  .map((message) => JSON.stringify(message))
  .join('\n');

/** Milliseconds from spawn until stdout shows `marker`. */
function timeUntil(args: string[], input: string, marker: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' }, stdio: ['pipe', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        const elapsed = performance.now() - started;
        child.kill('SIGTERM');
        resolve(elapsed);
      }
    });
    child.once('error', reject);
    child.stdin.write(`${input}\n`);
  });
}

const cases: { label: string; start: () => Promise<number>; times: number[] }[] = [
  { label: 'bare node -e (one line)', start: () => timeUntil(['-e', 'console.log("ready")'], '', 'ready'), times: [] },
  { label: 'site-content-mcp stdio to tools/list, 2025-11-25 (initialize)', start: () => timeUntil([CLI], messages, '"id":2'), times: [] },
  { label: 'site-content-mcp stdio to tools/list, 2026-07-28 (_meta)', start: () => timeUntil([CLI], messages2026, '"id":2'), times: [] },
  ...(AGAINST ? [{ label: `${AGAINST} to tools/list, 2025-11-25`, start: () => timeUntil([AGAINST], messages, '"id":2'), times: [] as number[] }] : []),
];
for (let run = 0; run < runs; run++) {
  // Rotate which goes first, so none always runs on a warmer machine.
  for (let index = 0; index < cases.length; index++) {
    const which = cases[(index + run) % cases.length]!;
    which.times.push(await which.start());
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bare = cases[0]!.times;
console.log(`node ${process.version}, ${new Date().toISOString()}, ${runs} interleaved runs`);
console.log('| start | median | min | max | median of per-run differences to bare node |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const { label, times } of cases) {
  const differences = times.map((value, index) => value - bare[index]!);
  console.log(`| ${label} | ${median(times).toFixed(0)} ms | ${Math.min(...times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${median(differences).toFixed(0)} ms |`);
}
