import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, serveCli } from '../helpers/cli-server.js';

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'burst', version: '1' } } });

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

describe.each([
  ['without keep-alive', () => false as const],
  ['with keep-alive', () => new http.Agent({ keepAlive: true })],
])('SIGTERM in the middle of a burst of POST /mcp %s', (_how, makeAgent) => {
  it('answers every request it received, refuses the rest at connect, and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'drain-'));
    const { child, url } = await serveCli({ DATA_DIR: dataDir });
    const agent = makeAgent();
    const first = Array.from({ length: 32 }, () => post(url, agent));
    // Mid-burst: as soon as the first answer is back, while the others are in flight.
    await Promise.race(first);
    child.kill('SIGTERM');
    const second = Array.from({ length: 32 }, () => post(url, agent));
    const outcomes = await Promise.all([...first, ...second]);
    expect(await exitOf(child)).toBe(0);
    if (agent) agent.destroy();
    await rm(dataDir, { recursive: true, force: true });

    const lost = outcomes.filter((outcome) => 'failed' in outcome && outcome.failed !== 'ECONNREFUSED');
    expect(lost).toEqual([]);
    const answers = outcomes.filter((outcome): outcome is Extract<Outcome, { answered: number }> => 'answered' in outcome);
    expect(answers.length).toBeGreaterThanOrEqual(32);
    expect(answers.every((answer) => answer.answered === 200)).toBe(true);
    // What it answers once the signal has arrived, it answers with the connection closing.
    expect(answers.some((answer) => answer.connection === 'close')).toBe(true);
  });
});
