/**
 * What durability costs send_inquiry, on this machine's disk:
 *  1. MailOutbox.enqueue alone (temporary file, fsync, rename, directory fsync), sequential;
 *  2. send_inquiry over the real HTTP server and the SDK client, without SMTP (answer "queued"):
 *     validation, the repeat check, three quotas, the mail and the durable write;
 *  3. the compiled CLI over stdio, from spawn to the initialize answer (what a desktop waits for).
 *   npm run build && npx tsx bench/inquiry.ts [mails]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { pino } from 'pino';
import { loadConfig } from '../src/config/load-config.js';
import { serveHttp } from '../src/http/serve.js';
import { MailOutbox } from '../src/mail/mail-outbox.js';

const ROOT = path.join(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'dist', 'bin', 'main.js');
const MINI_SITE = path.join(ROOT, 'test', 'fixtures', 'sites', 'mini');
const count = Number(process.argv[2] ?? 300);

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (n=${samples.length})`;
}

console.log(`node ${process.version}, ${new Date().toISOString()}, data in ${tmpdir()}`);

{
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-outbox-'));
  const outbox = new MailOutbox({ dir, transport: undefined, from: { name: 'B', address: 'b@bench.pl' }, clock: { now: () => Date.now() }, logger: pino({ level: 'silent' }) });
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await outbox.enqueue({ kind: 'inquiry', to: 'sales@bench.pl', replyTo: 'jan@firma.pl', subject: 'Inquiry', text: 'x'.repeat(2000) });
    samples.push(performance.now() - started);
  }
  console.log(`1. outbox enqueue (durable write): ${summary(samples)}`);
  await rm(dir, { recursive: true, force: true });
}

{
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-inquiry-'));
  const request = loadConfig(['serve', '--port', '0', '--content-dir', MINI_SITE, '--data-dir', dataDir, '--log-level', 'silent'], {});
  if (request.kind !== 'run') throw new Error('unexpected');
  // The contract's limits would stop the run after 5 calls a minute: a clock that jumps a day per call.
  let now = Date.now();
  const server = await serveHttp(request.config, { clock: { now: () => (now += 86_400_000) } });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  const samples: number[] = [];
  for (let i = 0; i < Math.min(count, 200); i++) {
    const started = performance.now();
    const result = await client.callTool({ name: 'send_inquiry', arguments: { name: 'Jan', email: `jan${i}@firma.pl`, message: `Question ${i}`, consent: true } });
    samples.push(performance.now() - started);
    if (result.isError) throw new Error(JSON.stringify(result.content));
  }
  console.log(`2. send_inquiry over HTTP, no SMTP ("queued"): ${summary(samples)}`);
  await client.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

{
  const initialize = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } })}\n`;
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'silent' } });
      child.stdout.once('data', () => {
        samples.push(performance.now() - started);
        child.stdin.end();
      });
      child.once('exit', () => resolve());
      child.once('error', reject);
      child.stdin.write(initialize);
    });
  }
  console.log(`3. stdio start to initialize answer (mini site): ${summary(samples)}`);
}
