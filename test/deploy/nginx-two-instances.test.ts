import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, html, type FixtureSite } from '../helpers/fixture-site.js';
import { freePort } from '../helpers/free-port.js';
import { authorizationCode, postForm } from '../helpers/oauth.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { SKIP_REDIS } from '../helpers/redis.js';
import { startServeProcess, type ServedProcess } from '../helpers/served-process.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

/**
 * docs/deploy.md, tested: Debian's nginx in front of two instances on loopback that share one
 * redis-server, a signing key and a cursor secret, as an agency that outgrows one process runs
 * them. Every request goes through nginx; `only A` and `only B` are nginx ports that reach one
 * instance each, so a test can start something on one and read it on the other.
 */
const SKIP = process.env.SKIP_NGINX_TESTS === '1' || SKIP_REDIS;
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const ACCEPT = 'application/json, text/event-stream';

interface Instance {
  readonly name: 'A' | 'B';
  readonly port: number;
  readonly dataDir: string;
  process: ServedProcess;
}

/** Requests from a chosen loopback address (127.0.0.0/8 is all ours): how a test is several clients. */
const agents = new Map<string, Agent>();
function from(address: string): Dispatcher {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address, connections: 256 });
    agents.set(address, agent);
  }
  return agent;
}

/** One JSON-RPC tools/call to /mcp (the server is stateless: no session, no initialize needed). */
async function callTool(base: string, name: string, args: Record<string, unknown>, address = '127.0.0.1'): Promise<{ status: number; result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text: string }[] } }> {
  const response = await undiciFetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    dispatcher: from(address),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status };
  const json = response.headers.get('content-type')?.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)![1]! : text;
  return { status: 200, result: (JSON.parse(json) as { result: NonNullable<Awaited<ReturnType<typeof callTool>>['result']> }).result };
}

function nginxConfig(dir: string, ports: { front: number; onlyA: number; onlyB: number; a: number; b: number }): string {
  // The proxy settings are docs/deploy.md's; only the file locations and the extra ports differ.
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  log_format upstreams '$remote_addr $request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;

  upstream site_content_mcp {
    server 127.0.0.1:${ports.a} max_fails=0;
    server 127.0.0.1:${ports.b} max_fails=0;
  }
  upstream only_a { server 127.0.0.1:${ports.a}; }
  upstream only_b { server 127.0.0.1:${ports.b}; }

  proxy_http_version 1.1;
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_set_header Connection "";
  proxy_buffering off;
  proxy_connect_timeout 2s;
  proxy_read_timeout 150s;
  proxy_next_upstream error http_502 http_503 non_idempotent;

  server { listen 127.0.0.1:${ports.front}; location / { proxy_pass http://site_content_mcp; } }
  server { listen 127.0.0.1:${ports.onlyA}; location / { proxy_pass http://only_a; } }
  server { listen 127.0.0.1:${ports.onlyB}; location / { proxy_pass http://only_b; } }
}
`;
}

/** A redis-server on a fixed port, so it can be stopped and started again where the instances look for it. */
function startRedisOn(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits until nginx answers on its front port. */
async function nginxReady(url: string, nginx: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer: ${log()}`);
}

describe.skipIf(SKIP)('two instances behind nginx, sharing Redis', () => {
  let dir: string;
  let redisPort: number;
  let redis: ChildProcess | undefined;
  let nginx: ChildProcess;
  let nginxLog = '';
  let smtp: TestSmtpServer;
  let site: FixtureSite;
  let front: string;
  let onlyA: string;
  let onlyB: string;
  const instances: Instance[] = [];
  let env: Record<string, string>;

  function startInstance(instance: Pick<Instance, 'name' | 'port' | 'dataDir'>): Promise<ServedProcess> {
    return startServeProcess(process.execPath, [BUILT_CLI, 'serve', '--port', String(instance.port), '--host', '127.0.0.1'], { ...env, DATA_DIR: instance.dataDir });
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scm-nginx-'));
    await chmod(dir, 0o755); // nginx's workers run as another user when the test runs as root
    await mkdir(path.join(dir, 'temp'));
    await chmod(path.join(dir, 'temp'), 0o777);
    redisPort = await freePort();
    redis = await startRedisOn(redisPort);
    smtp = await startSmtpServer();
    site = await startFixtureSite({ '/': { body: html('<title>Fixture</title>', '<h1>A fixture site</h1><p>Nothing to see.</p>') } });

    const ports = { front: await freePort(), onlyA: await freePort(), onlyB: await freePort(), a: await freePort(), b: await freePort() };
    front = `http://127.0.0.1:${ports.front}`;
    onlyA = `http://127.0.0.1:${ports.onlyA}`;
    onlyB = `http://127.0.0.1:${ports.onlyB}`;
    env = {
      CONTENT_DIR: MINI_SITE,
      PUBLIC_BASE_URL: front,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SIGNING_KEY: JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })),
      CURSOR_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY_HOPS: '1',
      SMTP_URL: smtp.url,
      SCAN_ALLOW_PRIVATE_TARGETS: '1',
      SCAN_WAIT_SECONDS: '0',
    };
    for (const [name, port] of [['A', ports.a], ['B', ports.b]] as const) {
      const dataDir = path.join(dir, `data-${name}`);
      instances.push({ name, port, dataDir, process: await startInstance({ name, port, dataDir }) });
    }

    const config = path.join(dir, 'nginx.conf');
    await writeFile(config, nginxConfig(dir, ports));
    nginx = spawn(NGINX, ['-p', dir, '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    await nginxReady(front, nginx, () => nginxLog);
  }, 60_000);

  afterAll(async () => {
    await stopChild(nginx);
    for (const instance of instances) await instance.process?.stop();
    await stopChild(redis);
    await smtp?.stop();
    await site?.close();
    await Promise.all([...agents.values()].map((agent) => agent.close()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function upstreamsOf(statusLines: (line: string) => boolean): Promise<Set<string>> {
    const log = await readFile(path.join(dir, 'access.log'), 'utf8');
    return new Set(log.split('\n').filter(statusLines).map((line) => line.split(' ').at(-1)!));
  }

  it('gives exactly 120 of 200 concurrent API requests from one client address across both instances, and 429 to the rest', async () => {
    const client = '127.0.0.2';
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await undiciFetch(`${front}/api/v1/search?q=ga4`, { dispatcher: from(client) });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(120);
    expect(answers.filter((status) => status === 429)).toHaveLength(80);
    const served = await upstreamsOf((line) => line.startsWith(`${client} GET /api/v1/search 200`));
    expect(served.size).toBe(2);
  });

  it('reads a scan started through one instance through the other', async () => {
    const started = await callTool(onlyA, 'scan_ai_visibility', { url: `${site.origin}/`, email: 'owner@acme-heating.co.uk', consent: true });
    expect(started.result?.isError, JSON.stringify(started.result?.content)).toBeFalsy();
    const scanId = started.result!.structuredContent!.scan_id as string;
    expect(scanId).toMatch(/^scan_/);

    let status: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 200 && status?.status !== 'done'; attempt++) {
      const polled = await callTool(onlyB, 'get_scan_result', { scan_id: scanId });
      expect(polled.result?.isError, JSON.stringify(polled.result?.content)).toBeFalsy();
      status = polled.result!.structuredContent;
      if (status?.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toMatchObject({ scan_id: scanId, status: 'done', kind: 'ai_visibility', result: { outcome: 'graded' } });
  }, 60_000);

  it('refuses on one instance an authorization code already redeemed on the other', async () => {
    const flow = await authorizationCode(front);
    const redeem = (base: string) => postForm(`${base}/oauth/token/`, { grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId, code_verifier: flow.verifier, redirect_uri: flow.redirectUri });
    const first = await redeem(onlyA);
    expect(first.status).toBe(200);
    const { access_token: token } = (await first.json()) as { access_token: string };
    const replay = await redeem(onlyB);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The token signed by A is good on B: one signing key.
    const onB = await fetch(`${onlyB}/api/v1/contact`, { headers: { authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
  });

  it('loses no request and no inquiry through a rolling restart under steady search and send_inquiry load', async () => {
    const failures: string[] = [];
    const accepted: string[] = [];
    let searches = 0;
    let running = true;

    // Searches from many client addresses (so the per-address limit is not what is measured).
    const searchLoad = Array.from({ length: 3 }, async (_, worker) => {
      for (let n = 0; running; n++) {
        const address = `127.0.1.${(n % 200) + 1 + worker}`;
        try {
          const response = await undiciFetch(`${front}/api/v1/search?q=ga4`, { dispatcher: from(address) });
          await response.arrayBuffer();
          if (response.status === 200) searches++;
          else failures.push(`search: HTTP ${response.status}`);
        } catch (error) {
          failures.push(`search: ${(error as Error).message}`);
        }
      }
    });
    // Inquiries one after another while an instance restarts, each from its own address and
    // e-mail; at most 7 per restart, as the quotas allow 20 a day in total.
    let inquiryBudget = 0;
    const inquiryLoad = (async () => {
      for (let n = 0; running; ) {
        if (inquiryBudget === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        inquiryBudget--;
        n++;
        const answer = await callTool(front, 'send_inquiry', { name: `Klient ${n}`, email: `klient${n}@firma${n}.pl`, message: `Rolling restart inquiry ${n}.`, consent: true }, `127.0.2.${n + 1}`).catch((error: Error) => ({ status: 0, error }));
        if ('result' in answer && answer.result && !answer.result.isError) accepted.push(answer.result.structuredContent!.inquiry_id as string);
        else failures.push(`send_inquiry ${n}: ${JSON.stringify(answer)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const servedDuringRestart: number[] = [];
    const inquiriesDuringRestart: number[] = [];
    for (const instance of instances) {
      const before = searches;
      const inquiriesBefore = accepted.length;
      inquiryBudget = 7;
      const code = await instance.process.stop();
      expect(code, `${instance.name} exits cleanly on SIGTERM`).toBe(0);
      instance.process = await startInstance(instance);
      servedDuringRestart.push(searches - before);
      inquiriesDuringRestart.push(accepted.length - inquiriesBefore);
    }
    running = false;
    await Promise.all([...searchLoad, inquiryLoad]);

    expect(failures).toEqual([]);
    // The load really ran while each instance was down and starting.
    for (const served of servedDuringRestart) expect(served).toBeGreaterThan(10);
    for (const taken of inquiriesDuringRestart) expect(taken).toBeGreaterThan(0);
    // Every accepted inquiry reaches the SMTP server exactly once, whichever instance took it.
    await smtp.untilReceived(accepted.length);
    const delivered = smtp.received.map((mail) => /\((inq_[^)]+)\)/.exec(mail.header('subject') ?? '')?.[1]).filter(Boolean);
    expect(delivered.sort()).toEqual([...accepted].sort());
  }, 90_000);

  it('keeps answering while Redis is down: limits fail open, quotas fail closed, and it recovers by itself', async () => {
    await stopChild(redis);
    redis = undefined;

    // Limits fail open: a search is answered (no 429, no 500) without the shared counter.
    const search = await undiciFetch(`${front}/api/v1/search?q=ga4`, { dispatcher: from('127.0.3.1') });
    expect(search.status).toBe(200);
    await search.arrayBuffer();
    // Quotas fail closed: an inquiry is refused as unavailable, not sent unchecked.
    const refused = await callTool(front, 'send_inquiry', { name: 'Outage', email: 'outage@firma.pl', message: 'During the outage.', consent: true }, '127.0.3.2');
    expect(refused.result?.isError).toBe(true);
    expect(refused.result?.content?.[0]?.text).toMatch(/unavailable/);
    for (const instance of instances) expect(instance.process.child.exitCode, `${instance.name} still running`).toBeNull();

    redis = await startRedisOn(redisPort);
    let recovered: Awaited<ReturnType<typeof callTool>> | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      recovered = await callTool(front, 'send_inquiry', { name: 'Recovered', email: `back${attempt}@firma.pl`, message: `After the outage ${attempt}.`, consent: true }, `127.0.3.${10 + (attempt % 200)}`);
      if (!recovered.result?.isError) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered?.result?.isError, JSON.stringify(recovered?.result?.content)).toBeFalsy();
    for (const instance of instances) expect(instance.process.child.exitCode, `${instance.name} still running`).toBeNull();
  }, 60_000);
});
