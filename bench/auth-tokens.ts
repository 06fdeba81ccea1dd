/**
 * How much token work costs: signing and verifying an access token in process, and the round
 * trip of GET /agent/identity with a bearer token over loopback HTTP (verification included).
 *
 *   npx tsx bench/auth-tokens.ts
 */
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../test/helpers/context.js';

const SIGN_AND_VERIFY = 2000;
const HTTP_REQUESTS = 2000;
const CONCURRENCY = 16;

const server = await startTestServer();
const { tokens } = server.ctx.auth;
const base = server.ctx.content.current().urls.publicBaseUrl;

let token = '';
let start = performance.now();
for (let i = 0; i < SIGN_AND_VERIFY; i++) token = (await tokens.sign('access', { sub: 'reg_bench', client_id: 'reg_bench', scope: 'site:read' })).token;
const signMs = (performance.now() - start) / SIGN_AND_VERIFY;

start = performance.now();
for (let i = 0; i < SIGN_AND_VERIFY; i++) await tokens.verify('access', token);
const verifyMs = (performance.now() - start) / SIGN_AND_VERIFY;

const latencies: number[] = [];
let next = 0;
start = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < HTTP_REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(`${base}/agent/identity`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);

console.log(`sign access token:   ${(signMs * 1000).toFixed(0)} µs each (${SIGN_AND_VERIFY} runs)`);
console.log(`verify access token: ${(verifyMs * 1000).toFixed(0)} µs each (${SIGN_AND_VERIFY} runs)`);
console.log(`GET /agent/identity with a token, ${CONCURRENCY} concurrent: ${(latencies.length / seconds).toFixed(0)} req/s, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);
await server.close();
