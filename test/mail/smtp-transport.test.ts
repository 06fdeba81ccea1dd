import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MailOutbox } from '../../src/mail/mail-outbox.js';
import { createSmtpTransport, smtpTransportOptions } from '../../src/mail/smtp-transport.js';
import { FixedClock } from '../helpers/clock.js';
import { freePort } from '../helpers/free-port.js';
import { startSmtpServer } from '../helpers/smtp.js';

describe('SMTP transport options', () => {
  it('requires STARTTLS when a password would go to another host over plain smtp://', () => {
    expect(smtpTransportOptions('smtp://user:pass@mail.example.com:587')).toMatchObject({ requireTLS: true });
  });

  it.each([
    ['TLS from the start', 'smtps://user:pass@mail.example.com:465'],
    ['no credentials', 'smtp://relay.example.com:25'],
    ['a loopback host', 'smtp://user:pass@127.0.0.1:2525'],
    ['an explicit requireTLS=false', 'smtp://user:pass@mail.example.com:587?requireTLS=false'],
    ['an explicit ignoreTLS', 'smtp://user:pass@relay.internal:25?ignoreTLS=true'],
  ])('leaves TLS to nodemailer with %s', (_case, url) => {
    expect(smtpTransportOptions(url)).not.toHaveProperty('requireTLS');
  });

  it('shortens nodemailer\'s timeouts', () => {
    expect(smtpTransportOptions('smtp://relay.example.com')).toMatchObject({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  });

  it('describes the server without its credentials', () => {
    expect(createSmtpTransport('smtps://user:s3cret@mail.example.com').description).toBe('smtps://mail.example.com:465');
    expect(createSmtpTransport('smtp://user:s3cret@mail.example.com:2525').description).toBe('smtp://mail.example.com:2525');
  });
});

describe('TLS options in the URL reach nodemailer', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function outboxFor(url: string): Promise<MailOutbox> {
    const dir = await mkdtemp(path.join(tmpdir(), 'tls-'));
    const outbox = new MailOutbox({ dir, transport: createSmtpTransport(url), from: { name: 'T', address: 'sprzedaz@testowa.example' }, clock: new FixedClock(), logger: pino({ level: 'silent' }) });
    cleanups.push(async () => {
      await outbox.close(1000);
      await rm(dir, { recursive: true, force: true });
    });
    return outbox;
  }

  it('upgrades with STARTTLS to a server that offers it (its self-signed certificate accepted on purpose)', async () => {
    const port = await freePort();
    let secure = false;
    const server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      logger: false,
      onData(stream, session, callback) {
        secure = session.secure;
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));

    const outbox = await outboxFor(`smtp://127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`);
    const { status } = await outbox.enqueue({ kind: 'inquiry', to: 'sprzedaz@testowa.example', subject: 'S', text: 'T' }, { waitForDeliveryMs: 5000 });
    expect(status).toBe('sent');
    expect(secure).toBe(true);
  });

  it('refuses to send to a server without TLS when the URL requires it, and keeps the mail', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.stop());
    const outbox = await outboxFor(`${smtp.url}?requireTLS=true`);
    const { status } = await outbox.enqueue({ kind: 'inquiry', to: 'sprzedaz@testowa.example', subject: 'S', text: 'T' }, { waitForDeliveryMs: 5000 });
    expect(status).toBe('queued');
    expect(smtp.received).toHaveLength(0);
    expect(await outbox.store.pendingIds()).toHaveLength(1);
  });
});
