/**
 * stdio cold start: from spawning `node dist/bin/main.js` (the sample site) to the answer to
 * tools/list, against a bare `node -e` that prints one line, interleaved in the same run so
 * machine noise hits both alike. Target (issue 2): under 400 ms.
 *   npm run build && npx tsx bench/cold-start.ts [runs]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const CLI = path.join(import.meta.dirname, '..', 'dist', 'bin', 'main.js');
const runs = Number(process.argv[2] ?? 20);

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

const bare: number[] = [];
const server: number[] = [];
for (let run = 0; run < runs; run++) {
  // Alternate which goes first, so neither always runs on a warmer machine.
  const order = run % 2 === 0 ? ['bare', 'server'] : ['server', 'bare'];
  for (const which of order) {
    if (which === 'bare') bare.push(await timeUntil(['-e', 'console.log("ready")'], '', 'ready'));
    else server.push(await timeUntil([CLI], messages, '"id":2'));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const differences = server.map((value, index) => value - bare[index]!);
console.log(`node ${process.version}, ${new Date().toISOString()}, ${runs} interleaved runs`);
console.log('| start | median | min | max |');
console.log('| --- | ---: | ---: | ---: |');
console.log(`| bare node -e (one line) | ${median(bare).toFixed(0)} ms | ${Math.min(...bare).toFixed(0)} ms | ${Math.max(...bare).toFixed(0)} ms |`);
console.log(`| site-content-mcp stdio to tools/list | ${median(server).toFixed(0)} ms | ${Math.min(...server).toFixed(0)} ms | ${Math.max(...server).toFixed(0)} ms |`);
console.log(`\nmedian of per-run differences: ${median(differences).toFixed(0)} ms; ratio of medians: ${(median(server) / median(bare)).toFixed(2)}x`);
