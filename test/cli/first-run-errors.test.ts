import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { exitOf } from '../helpers/served-process.js';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'first-run-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The built CLI with a clean environment whose home and temporary directory are the test's own. */
function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BUILT_CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: path.join(scratch, 'home'), TMPDIR: path.join(scratch, 'tmp'), CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'silent', ...env },
    input: '',
  });
}

/** Starts `serve`, waits until it logs "listening", stops it and returns everything it wrote on stderr. */
async function startAndStop(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: path.join(scratch, 'home'), TMPDIR: scratch, CONTENT_DIR: MINI_SITE, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/listening/.test(stderr)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}): ${stderr}`)));
  });
  child.kill('SIGTERM');
  await exitOf(child);
  return stderr;
}

describe('a port that cannot be had', () => {
  let holder: net.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
    holder = undefined;
  });

  it('stops the start with one line naming the address and --port / PORT, exit code 1', async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const result = cli(['serve', '--port', String(port)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`site-content-mcp: cannot listen on 127.0.0.1:${port}: the port is already in use; choose another port with --port / PORT (0 picks a free one)\n`);
  });
});

describe('a host that cannot be bound', () => {
  it('stops the start with one line naming the address and --host / HOST, exit code 1', () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it.
    const result = cli(['serve', '--port', '0', '--host', '192.0.2.1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'site-content-mcp: cannot listen on 192.0.2.1:0: this machine has no such address; choose another address with --host / HOST (127.0.0.1 for this machine only, 0.0.0.0 for every interface)\n',
    );
  });
});

describe('an unknown flag on the command line', () => {
  it('is refused with exit code 2 and the closest flag suggested', () => {
    const result = cli(['serve', '--prot', '3000']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('site-content-mcp: Invalid configuration:\n  - unknown option --prot: did you mean --port? Run with --help to see the options.\n');
  });
});

describe('--help', () => {
  it('lists each flag on one line of its own and its variable once, never a label twice', () => {
    const { stdout } = cli(['--help']);
    const flagLines = stdout.split('\n').filter((text) => text.startsWith('  --'));
    const flags = flagLines.map((line) => line.trim().split(' ')[0]!);
    expect(new Set(flags).size).toBe(flags.length);
    for (const variable of stdout.match(/\[env [A-Z_]+\]/g) ?? []) expect(stdout.split(variable).length - 1, variable).toBe(1);
    expect(stdout).not.toMatch(/(--[a-z-]+|\b[\w-]+:) \(?\1/);
  });
});

describe('state without DATA_DIR', () => {
  it('says in one line at start where state goes, and writes nothing into the home directory', async () => {
    const stderr = await startAndStop([], { LOG_LEVEL: 'info' });
    const expected = path.join(scratch, `site-content-mcp-${process.getuid?.() ?? 'user'}`);
    const lines = stderr.split('\n').filter((line) => line.includes('DATA_DIR is not set'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`state (signing key, inquiry outbox) goes to ${expected}, which a reboot may clear; set --data-dir / DATA_DIR to keep it`);
    expect(await readdir(scratch)).not.toContain('home');
    expect(await readdir(expected)).toContain('outbox');
  });

  it('says nothing about it when DATA_DIR is set', async () => {
    const stderr = await startAndStop([], { LOG_LEVEL: 'info', DATA_DIR: path.join(scratch, 'data') });
    expect(stderr).not.toContain('DATA_DIR is not set');
  });
});

describe('the log format', () => {
  it('is JSON lines when stderr is not a terminal', async () => {
    const stderr = await startAndStop([], { LOG_LEVEL: 'info', DATA_DIR: path.join(scratch, 'data') });
    const lines = stderr.trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('listening');
  });

  it('is readable lines with --log-format pretty: time, level and message, no JSON', async () => {
    const stderr = await startAndStop(['--log-format', 'pretty'], { LOG_LEVEL: 'info', DATA_DIR: path.join(scratch, 'data') });
    const listening = stderr.split('\n').find((line) => line.includes('listening'))!;
    expect(listening).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening$/);
    expect(stderr).not.toContain('{"level"');
  });
});
