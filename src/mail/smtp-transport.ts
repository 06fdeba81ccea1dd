import nodemailer from 'nodemailer';
import type { TransportMessage } from './outgoing-mail.js';
import { isLoopbackHostname } from '../web/loopback.js';

/** Delivers one message; resolves once the server accepted it (250), rejects with nodemailer's error otherwise. */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
  /** Where mail goes, safe to log: scheme, host and port, never the credentials. */
  readonly description: string;
  close(): void;
}

/**
 * nodemailer's defaults wait 2 minutes to connect and 10 minutes on a silent socket; a sender
 * stuck that long holds a mail and delays shutdown. These apply unless the URL sets its own.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The SMTP transport for `--smtp-url` (nodemailer's URL form: query parameters are nodemailer
 * options, `tls.*` its TLS options). One connection per message: a few dozen mails a day do not
 * need a pool, and nothing stays open between them.
 *
 * A password never crosses a network in clear text: with credentials, a plain smtp:// URL to a
 * host other than this machine requires STARTTLS, unless the URL says `requireTLS=false` or
 * `ignoreTLS=true` on purpose.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return {
    description: `${url.protocol}//${url.hostname}:${port}`,
    async send(message) {
      await transporter.sendMail({ ...message, to: [...message.to], envelope: { from: message.envelope.from, to: [...message.envelope.to] } });
    },
    close() {
      transporter.close();
    },
  };
}

/** nodemailer's options for the URL: our defaults, which the URL's own query parameters override. */
export function smtpTransportOptions(smtpUrl: string): { url: string; requireTLS?: true } & typeof SMTP_TIMEOUTS {
  const url = new URL(smtpUrl);
  const query = new URLSearchParams(url.search);
  const hasCredentials = url.username !== '' || url.password !== '';
  const requireTLS = url.protocol === 'smtp:' && hasCredentials && !isLoopbackHostname(url.hostname) && !query.has('requireTLS') && !query.has('ignoreTLS');
  return { url: smtpUrl, ...SMTP_TIMEOUTS, ...(requireTLS ? { requireTLS: true as const } : {}) };
}
