import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailNotAcceptedError, MailOutbox } from '../../src/mail/mail-outbox.js';
import { newMailId } from '../../src/mail/mail-id.js';
import type { OutboxRecord } from '../../src/mail/outgoing-mail.js';
import { RETRY_POLICY } from '../../src/mail/retry-policy.js';
import { createSmtpTransport } from '../../src/mail/smtp-transport.js';
import { FixedClock } from '../helpers/clock.js';
import { freePort } from '../helpers/free-port.js';
import { captureLogs } from '../helpers/logs.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const FROM = { name: 'Testowa Firma', address: 'sprzedaz@testowa.example' };
const MAIL = { kind: 'inquiry', to: 'sprzedaz@testowa.example', replyTo: 'jan@firma.pl', subject: '[testowa.example] Zapytanie', text: 'Dzień dobry,\nproszę o wycenę.\n' };

let dir: string;
let clock: FixedClock;
let logs: ReturnType<typeof captureLogs>;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  clock = new FixedClock();
  logs = captureLogs();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function smtp(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer(port === undefined ? {} : { port });
  cleanups.push(() => server.stop());
  return server;
}

function outbox(smtpUrl: string | undefined, options: { random?: () => number; dir?: string } = {}): MailOutbox {
  const created = new MailOutbox({
    dir: options.dir ?? dir,
    transport: smtpUrl === undefined ? undefined : createSmtpTransport(smtpUrl),
    from: FROM,
    clock,
    logger: logs.logger,
    random: options.random ?? (() => 1),
  });
  cleanups.push(() => created.close(1000));
  return created;
}

async function files(folder: string): Promise<string[]> {
  return (await readdir(path.join(dir, folder))).sort();
}

async function pendingRecord(id: string): Promise<OutboxRecord> {
  return JSON.parse(await readFile(path.join(dir, 'pending', `${id}.json`), 'utf8')) as OutboxRecord;
}

describe('delivery', () => {
  it('sends the mail as given, in plain text, and removes it once the server accepted it', async () => {
    const server = await smtp();
    const box = outbox(server.url);
    const { id, status } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });

    expect(status).toBe('sent');
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.envelope).toEqual({ from: 'sprzedaz@testowa.example', to: ['sprzedaz@testowa.example'] });
    expect(mail!.header('from')).toBe('Testowa Firma <sprzedaz@testowa.example>');
    expect(mail!.header('to')).toBe('sprzedaz@testowa.example');
    expect(mail!.header('reply-to')).toBe('jan@firma.pl');
    expect(mail!.header('subject')).toBe('[testowa.example] Zapytanie');
    expect(mail!.header('message-id')).toBe(`<${id}@testowa.example>`);
    expect(mail!.header('date')).toBe('Sat, 21 Nov 2026 12:00:00 +0000');
    expect(mail!.header('content-type')).toBe('text/plain; charset=utf-8');
    expect(mail!.text).toBe('Dzień dobry,\nproszę o wycenę.\n');
    expect(await files('pending')).toEqual([]);
    expect(await files('processing')).toEqual([]);
  });

  it('answers "queued" as soon as the mail is on disk when no SMTP server is configured, and keeps it', async () => {
    const box = outbox(undefined);
    const { id, status } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });

    expect(status).toBe('queued');
    expect(await files('pending')).toEqual([`${id}.json`]);
    expect(await pendingRecord(id)).toMatchObject({ version: 1, id, createdAt: '2026-11-21T12:00:00.000Z', attempts: 0, mail: { ...MAIL, to: [MAIL.to] } });
  });

  it('gives new mail a time-ordered id of its kind unless the caller names one', async () => {
    const box = outbox(undefined);
    const first = await box.enqueue(MAIL);
    clock.advance(1);
    const second = await box.enqueue(MAIL);
    expect(first.id).toMatch(/^mail_[0-9a-z]{22}$/);
    expect(first.id < second.id).toBe(true);
    const named = newMailId('inq', clock.now());
    expect((await box.enqueue(MAIL, { id: named })).id).toBe(named);
  });

  it('refuses a mail whose subject could become a second header line', async () => {
    const box = outbox(undefined);
    await expect(box.enqueue({ ...MAIL, subject: 'Hello\r\nBcc: spy@evil.com' })).rejects.toThrow(/subject must be one line/);
    await expect(box.enqueue({ ...MAIL, replyTo: 'jan@firma.pl\r\nBcc: spy@evil.com' })).rejects.toThrow(/replyTo/);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('retries', () => {
  it('keeps the mail while the SMTP server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const box = outbox(`smtp://127.0.0.1:${port}`);
    const { id, status } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });

    expect(status).toBe('queued');
    const record = await pendingRecord(id);
    expect(record).toMatchObject({ attempts: 1, firstFailureAt: '2026-11-21T12:00:00.000Z', nextAttemptAt: '2026-11-21T12:00:30.000Z' });
    expect(record.lastError).toContain('ECONNREFUSED');

    const server = await smtp(port);
    await box.runDue();
    expect(server.received).toHaveLength(0);

    clock.advance(30_000);
    await box.runDue();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.header('message-id')).toBe(`<${id}@testowa.example>`);
    expect(await files('pending')).toEqual([]);
  });

  it('waits longer after each failure, with jitter between half and all of the delay, up to 30 minutes', async () => {
    const port = await freePort();
    const box = outbox(`smtp://127.0.0.1:${port}`, { random: () => 0 });
    const { id } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) {
      const record = await pendingRecord(id);
      delays.push((Date.parse(record.nextAttemptAt) - clock.now()) / 1000);
      clock.advance(Date.parse(record.nextAttemptAt) - clock.now());
      await box.runDue();
    }
    expect(delays).toEqual([15, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('retries a mail the server defers (451) and does not stop at it', async () => {
    const server = await smtp();
    const box = outbox(server.url);
    server.answerRcpt({ code: 451, message: 'Try again later' });
    const { id, status } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    expect(status).toBe('queued');
    expect(await pendingRecord(id)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('451') });

    server.answerRcpt({ accept: true });
    clock.advance(30_000);
    await box.runDue();
    expect(server.received).toHaveLength(1);
  });

  it('treats a server that never sends its greeting as down', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => silent.close(() => resolve())));
    silent.on('connection', (socket) => cleanups.push(async () => void socket.destroy()));
    const { port } = silent.address() as net.AddressInfo;

    const box = outbox(`smtp://127.0.0.1:${port}?greetingTimeout=100`);
    const { id, status } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    expect(status).toBe('queued');
    expect((await pendingRecord(id)).lastError).toMatch(/greeting/i);
  });

  it('does not knock on a server that is down once per mail: the pass stops at the first refused connection', async () => {
    const port = await freePort();
    const holding = outbox(undefined);
    for (let i = 0; i < 3; i++) await holding.enqueue(MAIL);
    const box = outbox(`smtp://127.0.0.1:${port}`);
    await box.runDue();
    const records = await Promise.all((await files('pending')).map((name) => pendingRecord(name.replace('.json', ''))));
    expect(records.map((record) => record.attempts)).toEqual([1, 0, 0]);
  });

  it('gives up after five days of failures and moves the mail to the dead-letter folder', async () => {
    const server = await smtp();
    server.answerRcpt({ code: 451, message: 'Try again later' });
    const box = outbox(server.url);
    const { id } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    clock.advance(RETRY_POLICY.giveUpAfterMs);
    await box.runDue();

    expect(await files('pending')).toEqual([]);
    const dead = JSON.parse(await readFile(path.join(dir, 'dead', `${id}.json`), 'utf8')) as OutboxRecord;
    expect(dead.deadLetter).toMatchObject({ reason: 'no delivery in 5 days of retries', smtpCode: 451 });
  });
});

describe('permanent failures', () => {
  it('moves a mail the server refuses (550) to the dead-letter folder at once, and logs it as an error', async () => {
    const server = await smtp();
    server.answerRcpt({ code: 550, message: 'No such user here' });
    const box = outbox(server.url);
    const { id } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });

    expect(await files('pending')).toEqual([]);
    const dead = JSON.parse(await readFile(path.join(dir, 'dead', `${id}.json`), 'utf8')) as OutboxRecord;
    expect(dead).toMatchObject({
      id,
      attempts: 1,
      mail: { ...MAIL, to: [MAIL.to] },
      deadLetter: { at: '2026-11-21T12:00:00.000Z', reason: 'the SMTP server refused the message permanently', smtpCode: 550, smtpResponse: expect.stringContaining('No such user here') },
    });
    const alert = logs.lines.find((line) => line.msg.startsWith('MAIL NOT DELIVERED'));
    expect(alert).toMatchObject({ level: 50, outboxId: id, deadLetter: path.join(dir, 'dead', `${id}.json`) });
    expect(logs.text()).not.toContain('jan@firma.pl');

    server.answerRcpt({ accept: true });
    clock.advance(RETRY_POLICY.giveUpAfterMs);
    await box.runDue();
    expect(server.received).toHaveLength(0);
  });

  it('sends a dead letter again once an operator moves it back to pending, counting attempts afresh', async () => {
    const server = await smtp();
    server.answerRcpt({ code: 550, message: 'Mailbox disabled' });
    const box = outbox(server.url);
    const { id } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });

    server.answerRcpt({ code: 451, message: 'Greylisted' });
    await writeFile(path.join(dir, 'pending', `${id}.json`), await readFile(path.join(dir, 'dead', `${id}.json`)));
    await rm(path.join(dir, 'dead', `${id}.json`));
    clock.advance(60_000);
    await box.runDue();
    const record = await pendingRecord(id);
    expect(record).toMatchObject({ attempts: 1, firstFailureAt: '2026-11-21T12:01:00.000Z' });
    expect(record.deadLetter).toBeUndefined();
  });

  it('moves a file that is not an outbox record aside without stopping the others', async () => {
    const server = await smtp();
    const holding = outbox(undefined);
    const { id } = await holding.enqueue(MAIL);
    const broken = newMailId('mail', clock.now() - 1);
    await writeFile(path.join(dir, 'pending', `${broken}.json`), '{"version":1,"id":');
    await outbox(server.url).runDue();

    expect(server.received.map((mail) => mail.header('message-id'))).toEqual([`<${id}@testowa.example>`]);
    expect(await files('dead')).toEqual([`${broken}.json.unreadable`]);
    expect(logs.lines.some((line) => line.level === 50 && line.outboxId === broken)).toBe(true);
  });
});

describe('concurrent senders', () => {
  it('never deliver one mail twice: each mail is claimed by exactly one of them', async () => {
    const server = await smtp();
    const holding = outbox(undefined);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await holding.enqueue(MAIL)).id);

    const [first, second] = [outbox(server.url), outbox(server.url)];
    await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);

    const delivered = server.received.map((mail) => mail.header('message-id')).sort();
    expect(delivered).toEqual(ids.map((id) => `<${id}@testowa.example>`).sort());
    expect(await files('pending')).toEqual([]);
    expect(await files('processing')).toEqual([]);
  });

  it('let only one of two simultaneous claims of a mail succeed', async () => {
    const holding = outbox(undefined);
    const { id } = await holding.enqueue(MAIL);
    const claims = await Promise.all([outbox(undefined).store.claim(id), outbox(undefined).store.claim(id), holding.store.claim(id)]);
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
  });
});

describe('shutdown', () => {
  it('makes a last attempt at everything pending, due or not, before it stops', async () => {
    const port = await freePort();
    const box = outbox(`smtp://127.0.0.1:${port}`);
    await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    const server = await smtp(port);
    await box.close(5000);

    expect(server.received).toHaveLength(1);
    expect(await files('pending')).toEqual([]);
  });

  it('leaves what it could not deliver in the outbox for the next start', async () => {
    const port = await freePort();
    const box = outbox(`smtp://127.0.0.1:${port}`);
    const { id } = await box.enqueue(MAIL, { waitForDeliveryMs: 5000 });
    await box.close(5000);
    expect(await files('pending')).toEqual([`${id}.json`]);
  });
});

describe('when the outbox cannot be written', () => {
  async function unwritableDir(): Promise<string> {
    const file = path.join(dir, 'a-file');
    await writeFile(file, '');
    return path.join(file, 'outbox');
  }

  it('sends the mail directly and says "sent" if the SMTP server accepts it', async () => {
    const server = await smtp();
    const box = outbox(server.url, { dir: await unwritableDir() });
    expect((await box.enqueue(MAIL, { waitForDeliveryMs: 5000 })).status).toBe('sent');
    expect(server.received).toHaveLength(1);
  });

  it('refuses the mail when the SMTP server does not take it either: never a false "queued"', async () => {
    const port = await freePort();
    const box = outbox(`smtp://127.0.0.1:${port}`, { dir: await unwritableDir() });
    await expect(box.enqueue(MAIL, { waitForDeliveryMs: 5000 })).rejects.toBeInstanceOf(MailNotAcceptedError);
  });

  it('refuses the mail when there is no SMTP server to try', async () => {
    const box = outbox(undefined, { dir: await unwritableDir() });
    await expect(box.enqueue(MAIL)).rejects.toBeInstanceOf(MailNotAcceptedError);
  });
});

describe('the start-up log', () => {
  it('says where mail waits when SMTP is not configured', async () => {
    const box = outbox(undefined);
    await box.enqueue(MAIL);
    await box.start();
    const line = logs.lines.find((entry) => entry.msg.includes('SMTP is not configured'));
    expect(line).toMatchObject({ level: 40, outbox: dir, pending: 1 });
    expect(line!.msg).toContain(path.join(dir, 'pending'));
  });

  it('names the SMTP host but never its credentials', async () => {
    const box = outbox('smtp://mailer:s3cret-pass@127.0.0.1:2525');
    await box.start();
    expect(logs.text()).toContain('smtp://127.0.0.1:2525');
    expect(logs.text()).not.toContain('s3cret-pass');
    expect(logs.text()).not.toContain('mailer');
  });

  it('reports dead letters as an error at every start', async () => {
    const server = await smtp();
    server.answerRcpt({ code: 550, message: 'No' });
    await outbox(server.url).enqueue(MAIL, { waitForDeliveryMs: 5000 });
    logs.lines.length = 0;
    await outbox(server.url).start();
    expect(logs.lines.find((line) => line.msg.includes('need attention'))).toMatchObject({ level: 50, dead: 1 });
  });
});
