/**
 * What standard telemetry costs the server, as a share of its CPU time rather than a rate (rates
 * on a shared machine are mostly scheduling noise; a profile's proportions are not): the built
 * `serve` runs under `--cpu-prof` twice, telemetry off and then on (OTLP/HTTP protobuf to a sink
 * on loopback, metrics every 5 s, the Prometheus port open), each loaded with MCP tools/call
 * search_site and GET /api/v1/page; the profile's self time is split between code bundled from
 * src/telemetry or @opentelemetry and everything else.
 *
 * Rounds alternate off and on, so that a busy neighbour hurts both alike.
 *
 *   npm run build && npx tsx bench/telemetry-cpu.ts [--rounds 2] [--seconds 8] [--connections 16]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { bundleModules, freePort, inWantedModule, servingThreadProfile, type BundleModules, type Profile } from './lib/cpu-profile.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '16' }, rounds: { type: 'string', default: '2' } } });
const ROOT = path.join(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'dist', 'bin');

async function profiled(env: Record<string, string>): Promise<{ profile: Profile; requests: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'telemetry-cpu-'));
  const port = await freePort();
  const child = spawn(process.execPath, [`--cpu-prof`, `--cpu-prof-dir=${dir}`, path.join(BIN, 'main.js'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '999999999' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('"msg":"listening"') && resolve());
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const queries = ['analityka', 'wdrożenie ga4', 'cennik audytu', 'kontakt', 'consent mode', 'tag manager', 'szkolenie', 'raport'];
  let index = 0;
  const mcp = await autocannon({
    url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [
      {
        method: 'POST',
        path: '/mcp',
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: queries[index++ % queries.length] } } }),
        }),
      },
    ],
  });
  const rest = await autocannon({ url: `${url}/api/v1/page?url=%2Fpl%2Fuslugi%2Fanalityka-internetowa%2Fwdrozenie-ga4%2F`, connections: Number(values.connections), duration: Number(values.seconds) });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
  const profile = await servingThreadProfile(dir);
  await rm(dir, { recursive: true, force: true });
  return { profile, requests: mcp.requests.total + rest.requests.total };
}

function split(profile: Profile, map: BundleModules): { totalMs: number; telemetryMs: number } {
  const frameOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  let total = 0;
  let telemetry = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const frame = frameOf.get(id);
    total += delta;
    if (frame && inWantedModule(map, frame.url, frame.lineNumber)) telemetry += delta;
  });
  return { totalMs: total / 1000, telemetryMs: telemetry / 1000 };
}

let received = 0;
const sink = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${(sink.address() as net.AddressInfo).port}`;
const modules = await bundleModules(BIN, (module) => module.startsWith('dist/src/telemetry/') || module.startsWith('node_modules/@opentelemetry/'));
console.log(`node ${process.version}, ${new Date().toISOString()}, ${values.seconds} s of MCP search_site then ${values.seconds} s of GET /api/v1/page, ${values.connections} connections`);
console.log('| telemetry | requests | sampled ms | of it in telemetry code | share | telemetry µs/request |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
const variants = [
  ['off', {}],
  ['on (OTLP + Prometheus)', { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, OTEL_METRIC_EXPORT_INTERVAL: '5000', METRICS_PORT: '0' }],
] as const;
for (const [name, env] of Array.from({ length: Number(values.rounds) }, () => variants).flat()) {
  const { profile, requests } = await profiled(env);
  const { totalMs, telemetryMs } = split(profile, modules);
  console.log(`| ${name} | ${requests} | ${Math.round(totalMs)} | ${Math.round(telemetryMs)} | ${((100 * telemetryMs) / totalMs).toFixed(2)} % | ${((telemetryMs * 1000) / requests).toFixed(1)} |`);
}
console.log(`\nThe OTLP sink took ${received} exports.`);
sink.close();
