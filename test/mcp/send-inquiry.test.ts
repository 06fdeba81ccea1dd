import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { DAY_MS, MINUTE_MS } from '../../src/limits/limit-rule.js';
import { sendInquiry } from '../../tools/send-inquiry.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { freePort } from '../helpers/free-port.js';
import { captureLogs } from '../helpers/logs.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { MINI_SITE } from '../helpers/paths.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.js';

/** What a person gave the assistant, with their consent. */
const INQUIRY = {
  name: 'Jan Kowalski',
  email: 'jan.kowalski@firma.pl',
  message: 'Dzień dobry,\nproszę o wycenę wdrożenia GA4 dla sklepu (ok. 2000 produktów).',
  company: 'Firma sp. z o.o.',
  phone: '+48 600 100 200',
  lang: 'pl',
  page_url: '/pl/uslugi/wdrozenie-ga4/',
  consent: true,
} as const;

/** The headers every inquiry mail has, and no other. */
const HEADER_NAMES = ['content-transfer-encoding', 'content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to'];

const temporaryDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inquiry-'));
  temporaryDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temporaryDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Setup {
  server: RunningServer;
  client: Client;
  smtp: TestSmtpServer;
  clock: FixedClock;
  dataDir: string;
  logs: ReturnType<typeof captureLogs>;
  call(args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

async function setUp(argv: string[] = [], options: { smtp?: TestSmtpServer | null; dataDir?: string } = {}): Promise<Setup> {
  const smtp = options.smtp === null ? undefined : (options.smtp ?? (await startSmtpServer()));
  const dataDir = options.dataDir ?? (await tempDir());
  const clock = new FixedClock();
  const logs = captureLogs();
  const server = await startTestServer(MINI_SITE, ['--data-dir', dataDir, ...(smtp ? ['--smtp-url', smtp.url] : []), ...argv], { clock, logger: logs.logger });
  const client = await connectHttp(server.url);
  return {
    server,
    client,
    smtp: smtp!,
    clock,
    dataDir,
    logs,
    call: async (args) => (await client.callTool({ name: 'send_inquiry', arguments: args })) as CallToolResult,
    async close() {
      await client.close();
      await server.close();
      if (options.smtp === undefined) await smtp?.stop();
    },
  };
}

function textOf(result: CallToolResult): string {
  return (result.content[0] as { text: string }).text;
}

function answerOf(result: CallToolResult): { inquiry_id: string; status: string; next_step: string } {
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(sendInquiry.output.safeParse(result.structuredContent).success).toBe(true);
  return result.structuredContent as { inquiry_id: string; status: string; next_step: string };
}

function headerNames(mail: ReceivedMail): string[] {
  return mail.headers.map(([name]) => name).sort();
}

describe('send_inquiry, delivered to a real SMTP server', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup.close();
  });
  beforeEach(() => {
    // Every test starts with fresh daily and per-minute quotas.
    setup.clock.advance(DAY_MS);
    setup.smtp.received.length = 0;
    setup.smtp.answerRcpt({ accept: true });
  });

  it('answers "sent" with the inquiry id and the next step from the site file', async () => {
    const answer = answerOf(await setup.call(INQUIRY));
    expect(answer).toEqual({ inquiry_id: expect.stringMatching(/^inq_[0-9a-z]{22}$/), status: 'sent', next_step: 'Odpowiemy w ciągu jednego dnia roboczego.' });
  });

  it('gives the next step in the language the person asked for', async () => {
    expect(answerOf(await setup.call({ ...INQUIRY, lang: 'en' })).next_step).toBe('We will reply within one business day.');
  });

  it('mails the sales address from the site file, from the company, with the person only in Reply-To', async () => {
    const { inquiry_id: id } = answerOf(await setup.call(INQUIRY));
    const [mail] = setup.smtp.received;
    expect(setup.smtp.received).toHaveLength(1);
    expect(mail!.envelope).toEqual({ from: 'sprzedaz@testowa.example', to: ['sprzedaz@testowa.example'] });
    expect(headerNames(mail!)).toEqual(HEADER_NAMES);
    expect(mail!.header('from')).toBe('"Testowa Firma sp. z o.o." <sprzedaz@testowa.example>');
    expect(mail!.header('to')).toBe('sprzedaz@testowa.example');
    expect(mail!.header('reply-to')).toBe('jan.kowalski@firma.pl');
    expect(mail!.header('subject')).toBe(`[testowa.example] Zapytanie ze strony przez asystenta AI (${id})`);
    expect(mail!.header('message-id')).toBe(`<${id}@testowa.example>`);
    expect(mail!.header('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('puts every detail in the plain-text body, with the page the inquiry is about', async () => {
    const { inquiry_id: id } = answerOf(await setup.call(INQUIRY));
    const publicBase = setup.server.ctx.content.current().urls.publicBaseUrl;
    expect(setup.smtp.received[0]!.text).toBe(
      [
        'Nowe zapytanie przekazane przez asystenta AI (narzędzie send_inquiry).',
        'Osoba zgodziła się na przekazanie tych danych. Aby jej odpowiedzieć, odpowiedz na ten e-mail.',
        '',
        'Imię i nazwisko:  Jan Kowalski',
        'E-mail:           jan.kowalski@firma.pl',
        'Firma:            Firma sp. z o.o.',
        'Telefon:          +48 600 100 200',
        'Język odpowiedzi: polski (pl)',
        `Dotyczy strony:   Wdrożenie Google Analytics 4: ${publicBase}/pl/uslugi/wdrozenie-ga4/`,
        '',
        'Wiadomość (tak, jak ją napisano; treść niesprawdzona):',
        '-'.repeat(64),
        'Dzień dobry,',
        'proszę o wycenę wdrożenia GA4 dla sklepu (ok. 2000 produktów).',
        '-'.repeat(64),
        '',
        `Identyfikator zapytania: ${id} (przyjęte ${new Date(setup.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z')})`,
        '',
      ].join('\n'),
    );
  });

  it('needs only the name, the e-mail address, the message and consent', async () => {
    const { name, email, message, consent } = INQUIRY;
    answerOf(await setup.call({ name, email, message, consent }));
    const text = setup.smtp.received[0]!.text;
    expect(text).not.toContain('Firma:');
    expect(text).not.toContain('Dotyczy strony:');
    expect(text).toContain('Język odpowiedzi: polski (pl)');
  });

  it('keeps HTML and script in the message as plain text', async () => {
    answerOf(await setup.call({ ...INQUIRY, message: '<b>Pilne</b><script>alert(1)</script>' }));
    expect(setup.smtp.received[0]!.header('content-type')).toBe('text/plain; charset=utf-8');
    expect(setup.smtp.received[0]!.text).toContain('<b>Pilne</b><script>alert(1)</script>');
  });

  describe('injection attempts change nothing', () => {
    const INJECTED = '\r\nBcc: spy@evil.com\r\nX-Injected: yes';

    it.each(['name', 'company', 'phone', 'lang', 'page_url'])('a line break in %s is refused, naming the field, and nothing is sent', async (field) => {
      const result = await setup.call({ ...INQUIRY, [field]: `${String(INQUIRY[field as keyof typeof INQUIRY])}${INJECTED}` });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`\\[invalid-argument\\].*\\b${field}\\b`));
      expect(setup.smtp.received).toHaveLength(0);
    });

    it.each([
      ['a CRLF and a Bcc header', `jan@firma.pl${INJECTED}`],
      ['a list of addresses', 'jan@firma.pl, spy@evil.com'],
      ['a quoted local part', '"spy@evil.com x"@firma.pl'],
      ['a display name with another address', 'Jan <spy@evil.com>'],
      ['a group', 'undisclosed:spy@evil.com;'],
      ['an IP literal', 'jan@[10.0.0.1]'],
    ])('an e-mail address with %s is refused, naming the field, and nothing is sent', async (_case, email) => {
      const result = await setup.call({ ...INQUIRY, email });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/\[invalid-argument\].*\bemail: /);
      expect(setup.smtp.received).toHaveLength(0);
    });

    it('line breaks and header-like text in the message stay in the body', async () => {
      answerOf(await setup.call({ ...INQUIRY, message: `Hello${INJECTED}\r\n\r\n.\r\nMAIL FROM:<spy@evil.com>` }));
      const [mail] = setup.smtp.received;
      expect(setup.smtp.received).toHaveLength(1);
      expect(mail!.envelope.to).toEqual(['sprzedaz@testowa.example']);
      expect(headerNames(mail!)).toEqual(HEADER_NAMES);
      expect(mail!.text).toContain('Hello\nBcc: spy@evil.com\nX-Injected: yes\n\n.\nMAIL FROM:<spy@evil.com>');
    });
  });

  describe('arguments', () => {
    async function refusal(args: Record<string, unknown>): Promise<string> {
      const result = await setup.call(args);
      expect(result.isError).toBe(true);
      expect(setup.smtp.received).toHaveLength(0);
      return textOf(result);
    }

    it('refuses a call without consent, and says to ask the person first', async () => {
      const { consent: _consent, ...withoutConsent } = INQUIRY;
      expect(await refusal(withoutConsent)).toContain('consent: ');
      expect(await refusal({ ...INQUIRY, consent: false })).toContain('consent: must be true, and only after the person explicitly agreed');
      expect(await refusal({ ...INQUIRY, consent: 'true' })).toContain('consent: ');
    });

    it.each([
      ['name', ''],
      ['name', 'x'.repeat(101)],
      ['message', ' '],
      ['message', 'x'.repeat(5001)],
      ['message', 'Hello\u0000'],
      ['message', 'Pay \u202eevil'],
      ['company', 'x'.repeat(151)],
      ['phone', 'call me'],
      ['phone', '+48'],
      ['email', 'x'.repeat(250) + '@firma.pl'],
      ['page_url', 'x'.repeat(501)],
    ])('refuses %s = %j, naming the field', async (field, value) => {
      expect(await refusal({ ...INQUIRY, [field]: value })).toMatch(new RegExp(`\\b${field}: `));
    });

    it('accepts the longest message and name allowed', async () => {
      answerOf(await setup.call({ ...INQUIRY, name: 'N'.repeat(100), message: 'm'.repeat(5000) }));
      expect(setup.smtp.received[0]!.text).toContain('m'.repeat(5000));
    });

    it('refuses a page_url that is not a page of this site', async () => {
      expect(await refusal({ ...INQUIRY, page_url: '/pl/nie-ma-takiej/' })).toContain('page_url: no published page at /pl/nie-ma-takiej/');
      expect(await refusal({ ...INQUIRY, page_url: 'https://evil.example/phish' })).toContain('page_url must point at this site');
    });

    it('refuses unknown arguments such as a recipient', async () => {
      expect(await refusal({ ...INQUIRY, to: 'spy@evil.com' })).toContain('unknown argument "to"');
    });
  });

  describe('repeats', () => {
    it('answers an identical repeated call with the first answer, without a second mail', async () => {
      const first = answerOf(await setup.call(INQUIRY));
      const second = answerOf(await setup.call(INQUIRY));
      expect(second).toEqual(first);
      expect(setup.smtp.received).toHaveLength(1);
    });

    it('does not count a repeat against the limits', async () => {
      for (let i = 0; i < 3; i++) answerOf(await setup.call(INQUIRY));
      answerOf(await setup.call({ ...INQUIRY, message: 'A second, different question.' }));
      expect(setup.smtp.received).toHaveLength(2);
    });

    it('sends the same inquiry again after a day', async () => {
      answerOf(await setup.call(INQUIRY));
      setup.clock.advance(DAY_MS);
      answerOf(await setup.call(INQUIRY));
      expect(setup.smtp.received).toHaveLength(2);
    });
  });

  describe('limits', () => {
    const person = (n: number) => ({ ...INQUIRY, email: `person${n}@firma.pl`, message: `Question ${n}` });

    it('allows 5 inquiries per minute from one IP address and refuses the 6th, saying when to try again', async () => {
      for (let n = 1; n <= 5; n++) answerOf(await setup.call(person(n)));
      const refused = await setup.call(person(6));
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('[quota-exceeded] Limit reached (5 inquiries per minute per IP address). Try again after ');
      expect(textOf(refused)).toContain('Try again in 60 seconds.');
      expect(textOf(refused)).toContain('kontakt@testowa.example');

      setup.clock.advance(MINUTE_MS);
      answerOf(await setup.call(person(6)));
      expect(setup.smtp.received).toHaveLength(6);
    });

    it('allows 2 inquiries per e-mail address per day, however the address is written', async () => {
      answerOf(await setup.call({ ...INQUIRY, message: 'First' }));
      answerOf(await setup.call({ ...INQUIRY, email: 'Jan.Kowalski+oferta@FIRMA.pl', message: 'Second' }));
      const refused = await setup.call({ ...INQUIRY, message: 'Third' });
      expect(textOf(refused)).toContain('Limit reached (2 inquiries per e-mail address per day). Try again after 2026-');
      expect(textOf(refused)).toContain(`Try again in ${DAY_MS / 1000} seconds.`);

      setup.clock.advance(DAY_MS);
      answerOf(await setup.call({ ...INQUIRY, message: 'Third' }));
    });

    it('allows 20 inquiries per day in total and refuses the 21st', async () => {
      for (let n = 1; n <= 20; n++) {
        if (n % 5 === 1) setup.clock.advance(MINUTE_MS);
        answerOf(await setup.call(person(n)));
      }
      setup.clock.advance(MINUTE_MS);
      const refused = await setup.call(person(21));
      expect(textOf(refused)).toContain('Limit reached (20 inquiries per day in total).');
      expect(setup.smtp.received).toHaveLength(20);
    });

    it('does not use up the other quotas when one refuses', async () => {
      answerOf(await setup.call({ ...INQUIRY, message: 'First' }));
      answerOf(await setup.call({ ...INQUIRY, message: 'Second' }));
      for (let i = 0; i < 3; i++) expect((await setup.call({ ...INQUIRY, message: `Refused ${i}` })).isError).toBe(true);
      // The IP quota still has room for 3 more this minute.
      for (let n = 1; n <= 3; n++) answerOf(await setup.call(person(n)));
    });
  });
});

describe('send_inquiry when mail cannot go out at once', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers "queued" while the SMTP server is down, and the mail is delivered once it is back', async () => {
    const port = await freePort();
    const setup = await setUp(['--smtp-url', `smtp://127.0.0.1:${port}`], { smtp: null });
    cleanups.push(() => setup.close());
    const answer = answerOf(await setup.call(INQUIRY));
    expect(answer.status).toBe('queued');
    expect(await readdir(path.join(setup.dataDir, 'outbox', 'pending'))).toEqual([`${answer.inquiry_id}.json`]);

    const smtp = await startSmtpServer({ port });
    cleanups.push(() => smtp.stop());
    setup.clock.advance(MINUTE_MS);
    await setup.server.ctx.outbox.runDue();
    expect(smtp.received.map((mail) => mail.header('reply-to'))).toEqual(['jan.kowalski@firma.pl']);
    expect(await readdir(path.join(setup.dataDir, 'outbox', 'pending'))).toEqual([]);
  });

  it('keeps inquiries in the outbox without SMTP, and the start-up log says where', async () => {
    const setup = await setUp([], { smtp: null });
    cleanups.push(() => setup.close());
    const answer = answerOf(await setup.call(INQUIRY));
    expect(answer.status).toBe('queued');
    const pendingDir = path.join(setup.dataDir, 'outbox', 'pending');
    expect(await readdir(pendingDir)).toEqual([`${answer.inquiry_id}.json`]);
    expect(setup.logs.lines.find((line) => line.msg.includes('SMTP is not configured'))?.msg).toContain(pendingDir);
  });

  it('keeps a mail the server refuses (550) in the dead-letter folder and tells the operator', async () => {
    const setup = await setUp();
    cleanups.push(() => setup.close());
    setup.smtp.answerRcpt({ code: 550, message: 'Mailbox unavailable' });
    const answer = answerOf(await setup.call(INQUIRY));
    expect(await readdir(path.join(setup.dataDir, 'outbox', 'dead'))).toEqual([`${answer.inquiry_id}.json`]);
    expect(setup.logs.lines.find((line) => line.msg.startsWith('MAIL NOT DELIVERED'))).toMatchObject({ level: 50, outboxId: answer.inquiry_id });
  });

  async function withoutOutboxOrSmtp(): Promise<Setup> {
    const base = await tempDir();
    await writeFile(path.join(base, 'file'), '');
    const setup = await setUp(['--smtp-url', `smtp://127.0.0.1:${await freePort()}`], { smtp: null, dataDir: path.join(base, 'file', 'data') });
    cleanups.push(() => setup.close());
    return setup;
  }

  it('says it could not take the inquiry, with the contact options, when neither the outbox nor SMTP works', async () => {
    const setup = await withoutOutboxOrSmtp();
    const result = await setup.call(INQUIRY);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      '[not-accepted] The inquiry could not be taken right now (our mail system is unavailable), so nothing was sent. Contact Testowa Firma sp. z o.o. directly instead: e-mail kontakt@testowa.example, phone +48 22 000 00 00, contact page ' +
        `${setup.server.ctx.content.current().urls.publicBaseUrl}/pl/kontakt/. Try again in 300 seconds.`,
    );
  });

  it('lets the same inquiry be tried again after a failure (it is not taken for a repeat)', async () => {
    const setup = await withoutOutboxOrSmtp();
    expect(textOf(await setup.call(INQUIRY))).toMatch(/^\[not-accepted\]/);
    expect(textOf(await setup.call(INQUIRY))).toMatch(/^\[not-accepted\]/);
  });
});

describe('send_inquiry options', () => {
  it('sends to the configured recipients, from the configured sender, with the configured subject prefix', async () => {
    const setup = await setUp(['--inquiry-to', 'leads@agency.pl,crm@agency.pl', '--mail-from', 'Strona WWW <www@agency.pl>', '--inquiry-subject-prefix', '[LEAD]']);
    try {
      const { inquiry_id: id } = answerOf(await setup.call(INQUIRY));
      const [mail] = setup.smtp.received;
      expect(mail!.envelope).toEqual({ from: 'www@agency.pl', to: ['leads@agency.pl', 'crm@agency.pl'] });
      expect(mail!.header('from')).toBe('Strona WWW <www@agency.pl>');
      expect(mail!.header('to')).toBe('leads@agency.pl, crm@agency.pl');
      expect(mail!.header('subject')).toBe(`[LEAD] Zapytanie ze strony przez asystenta AI (${id})`);
      expect(mail!.header('message-id')).toBe(`<${id}@agency.pl>`);
    } finally {
      await setup.close();
    }
  });
});

describe.skipIf(SKIP_REDIS)('send_inquiry with the limits in Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('counts the per-IP limit across two instances', async () => {
    const smtp = await startSmtpServer();
    const [first, second] = await Promise.all([setUp(['--redis-url', redis.url], { smtp }), setUp(['--redis-url', redis.url], { smtp })]);
    try {
      for (let n = 1; n <= 5; n++) answerOf(await (n % 2 ? first : second).call({ ...INQUIRY, email: `shared${n}@firma.pl` }));
      const refused = await second.call({ ...INQUIRY, email: 'shared6@firma.pl' });
      expect(textOf(refused)).toContain('5 inquiries per minute per IP address');
      expect(smtp.received).toHaveLength(5);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await smtp.stop();
    }
  });

  it('refuses to send, with the contact options, while the limits cannot be checked', async () => {
    const own = await startRedis();
    const setup = await setUp(['--redis-url', own.url]);
    try {
      await own.stop();
      const result = await setup.call(INQUIRY);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^\[unavailable\] .*nothing was sent.*kontakt@testowa\.example/);
      expect(setup.smtp.received).toHaveLength(0);
    } finally {
      await setup.close();
    }
  });
});
