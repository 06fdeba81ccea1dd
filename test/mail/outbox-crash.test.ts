import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailOutbox } from '../../src/mail/mail-outbox.js';
import { outboxRecordSchema } from '../../src/mail/outgoing-mail.js';
import type { OutboxOwner } from '../../src/mail/outbox-store.js';
import { createSmtpTransport } from '../../src/mail/smtp-transport.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const CHILD = path.join(REPO_ROOT, 'test', 'mail', 'fixtures', 'outbox-child.ts');

interface PausedChild {
  readonly pid: number;
  /** Ids of the mails the child's outbox acknowledged. */
  readonly acked: string[];
  kill(): Promise<void>;
}

/** Runs the child until it reports `paused` at its hook point; the test then kills it (SIGKILL). */
async function runToHook(args: string[]): Promise<PausedChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const acked: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('acked ')) acked.push(line.slice(6));
        if (line === 'paused') resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before reaching the hook`)));
  });
  return {
    pid: child.pid!,
    acked,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

let dir: string;
let server: TestSmtpServer | undefined;
let restarted: MailOutbox | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-crash-'));
});
afterEach(async () => {
  await restarted?.close(1000);
  await server?.stop();
  restarted = undefined;
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function restart(transportUrl?: string, owner?: OutboxOwner): MailOutbox {
  restarted = new MailOutbox({
    dir,
    transport: transportUrl === undefined ? undefined : createSmtpTransport(transportUrl),
    from: { name: 'Testowa', address: 'sprzedaz@testowa.example' },
    clock: { now: () => Date.now() },
    logger: pino({ level: 'silent' }),
    ...(owner === undefined ? {} : { owner }),
  });
  return restarted;
}

const MAIL = { kind: 'inquiry', to: 'sprzedaz@testowa.example', subject: 'Zapytanie', text: 'Proszę o kontakt.\n' };

describe('a process killed with SIGKILL', () => {
  it('between writing a mail and renaming it into place leaves no partial file and loses no acknowledged mail', async () => {
    const child = await runToHook(['enqueue', dir, '3']);
    await child.kill();
    expect(child.acked).toHaveLength(3);
    // The unacknowledged mail is a temporary file of the dead process, not in pending/.
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([expect.stringMatching(new RegExp(`\\.${child.pid}-[0-9a-f]+\\.json$`))]);

    await restart().start();

    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
    const pending = (await readdir(path.join(dir, 'pending'))).sort();
    expect(pending).toEqual(child.acked.map((id) => `${id}.json`).sort());
    for (const name of pending) {
      expect(outboxRecordSchema.safeParse(JSON.parse(await readFile(path.join(dir, 'pending', name), 'utf8'))).success).toBe(true);
    }
  });

  it('while delivering a mail has it delivered after a restart', async () => {
    server = await startSmtpServer();
    const { id } = await restart().enqueue(MAIL);
    const child = await runToHook(['claim', dir, server.url]);
    await child.kill();
    expect(await readdir(path.join(dir, 'pending'))).toEqual([]);
    expect(await readdir(path.join(dir, 'processing'))).toEqual([expect.stringContaining(`${id}.${child.pid}-`)]);

    const outbox = restart(server.url);
    await outbox.start();
    await outbox.runDue();

    expect(server.received.map((mail) => mail.header('message-id'))).toEqual([`<${id}@testowa.example>`]);
    expect(await readdir(path.join(dir, 'processing'))).toEqual([]);
  });
});

describe('a restarted server', () => {
  it('leaves alone mail that another live process is delivering', async () => {
    server = await startSmtpServer();
    await restart().enqueue(MAIL);
    const child = await runToHook(['claim', dir, server.url]);
    try {
      const outbox = restart(server.url);
      await outbox.start();
      await outbox.runDue();
      expect(server.received).toHaveLength(0);
      expect(await readdir(path.join(dir, 'processing'))).toHaveLength(1);
    } finally {
      await child.kill();
    }
  });

  it('takes back mail claimed by an earlier run that had the same process id (a restarted container)', async () => {
    server = await startSmtpServer();
    const earlier = restart(undefined, { pid: process.pid, run: 'e0a1e2' });
    const { id } = await earlier.enqueue(MAIL);
    expect(await earlier.store.claim(id)).toBeDefined();

    const outbox = restart(server.url);
    await outbox.start();
    await outbox.runDue();
    expect(server.received).toHaveLength(1);
  });
});
