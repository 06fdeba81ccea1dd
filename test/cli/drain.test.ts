import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'burst', version: '1' } } });

/** The built CLI serving HTTP, as operators run it; resolves once it listens. */
async function serve(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--port', '0'], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'info', DATA_DIR: '/tmp' } });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)","publicBaseUrl".*"msg":"listening"/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, url };
}

type Outcome = { answered: number; connection: string | undefined } | { failed: string };

/** One POST /mcp; the outcome is the answer, or the error code of a failed request. */
function post(url: string, agent: http.Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(`${url}/mcp`, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (response) => {
      response.resume();
      response.once('end', () => resolve({ answered: response.statusCode!, connection: response.headers.connection }));
      response.once('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code ?? error.message }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code ?? error.message }));
    request.end(INITIALIZE);
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

describe.each([
  ['without keep-alive', () => false as const],
  ['with keep-alive', () => new http.Agent({ keepAlive: true, maxSockets: 8 })],
])('SIGTERM in the middle of a burst of POST /mcp %s', (_how, makeAgent) => {
  it('answers every request it received, refuses the rest at connect, and exits 0', async () => {
    const { child, url } = await serve();
    const agent = makeAgent();
    const first = Array.from({ length: 32 }, () => post(url, agent));
    // Mid-burst: as soon as the first answer is back, while the others are in flight.
    await Promise.race(first);
    child.kill('SIGTERM');
    const second = Array.from({ length: 32 }, () => post(url, agent));
    const outcomes = await Promise.all([...first, ...second]);
    expect(await exitOf(child)).toBe(0);
    if (agent) agent.destroy();

    const lost = outcomes.filter((outcome) => 'failed' in outcome && outcome.failed !== 'ECONNREFUSED');
    expect(lost).toEqual([]);
    const answers = outcomes.filter((outcome): outcome is { answered: number; connection: string | undefined } => 'answered' in outcome);
    expect(answers.length).toBeGreaterThanOrEqual(32);
    expect(answers.every((answer) => answer.answered === 200)).toBe(true);
    // What it answered after the signal, it answered with the connection closing.
    const afterSignal = (await Promise.all(second)).filter((outcome) => 'answered' in outcome);
    expect(afterSignal.every((answer) => answer.connection === 'close')).toBe(true);
  });
});
