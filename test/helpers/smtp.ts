import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port.js';
import { parseMail, type ParsedMail } from './mime.js';

/** One message as the SMTP server received it: the envelope and the raw bytes, parsed. */
export interface ReceivedMail extends ParsedMail {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  readonly raw: string;
}

/** How the server answers RCPT TO (the test decides per run): accept, or an SMTP error. */
export type RcptAnswer = { accept: true } | { code: number; message: string };

export interface TestSmtpServer {
  readonly port: number;
  /** The SMTP URL for --smtp-url. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Resolves once `count` messages in all have been accepted (at once if they already have). */
  untilReceived(count: number): Promise<void>;
  /** Changes how RCPT TO is answered from now on. */
  answerRcpt(answer: RcptAnswer): void;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on loopback that keeps every message it accepts.
 * No TLS and no authentication, like a local relay; `port` lets a test bring it up where a client
 * already expects it (the server "comes back").
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const port = options.port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let rcpt: RcptAnswer = { accept: true };
  const waiting: { count: number; resolve: () => void }[] = [];
  const wake = () => {
    for (const waiter of waiting.filter((entry) => received.length >= entry.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Reverse DNS of 127.0.0.1 costs tens of milliseconds per connection and tells us nothing.
    disableReverseLookup: true,
    onRcptTo(_address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      if ('accept' in rcpt) return callback();
      callback(Object.assign(new Error(rcpt.message), { responseCode: rcpt.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((address) => address.address),
        };
        received.push({ ...parseMail(raw), envelope, raw });
        callback();
        wake();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    untilReceived: (count) =>
      new Promise<void>((resolve) => {
        waiting.push({ count, resolve });
        wake();
      }),
    answerRcpt(answer) {
      rcpt = answer;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
