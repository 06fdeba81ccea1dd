import { DAY_MS, MINUTE_MS } from '../limits/limit-rule.js';

/**
 * When to try a mail again, and when a failure is final. Recorded in docs/decisions/0043-retries-and-dead-letters.md.
 *
 * Delays double from 30 seconds up to 30 minutes, each taken at random between half and all of
 * its value ("equal jitter"), so that mails held back by one outage do not all return at once.
 * A mail that keeps failing for 5 days (the queue lifetime of common MTAs) goes to the
 * dead-letter folder. A permanent SMTP rejection (5xx) goes there at once: sending the same
 * message again would get the same answer.
 */
export const RETRY_POLICY = {
  firstDelayMs: 30_000,
  maxDelayMs: 30 * MINUTE_MS,
  giveUpAfterMs: 5 * DAY_MS,
} as const;

/** Delay before the next attempt after `failures` failed ones (1 or more). `random` returns [0, 1). */
export function retryDelayMs(failures: number, random: () => number): number {
  const ceiling = Math.min(RETRY_POLICY.firstDelayMs * 2 ** Math.max(failures - 1, 0), RETRY_POLICY.maxDelayMs);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type FailureKind =
  /** The server refused this message for good: dead letter now. */
  | 'permanent'
  /** The server or the way to it is unavailable: retry later, and stop trying other mails for now. */
  | 'server-unavailable'
  /** This message was deferred (4xx): retry it later; others may still go through. */
  | 'transient';

export interface DeliveryFailure {
  readonly kind: FailureKind;
  /** SMTP reply code, when the server gave one. */
  readonly smtpCode?: number;
  /** The server's reply or the connection error, for the record file (may name addresses, so not logged). */
  readonly detail: string;
  /** Safe to log: codes only. */
  readonly summary: string;
}

/** Connection-level codes of nodemailer: the server could not be talked to at all. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'EREQUIRETLS']);
/** Our credentials or configuration are wrong: no message can go until the operator fixes it. */
const MISCONFIGURED = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG']);

/**
 * Sorts a nodemailer error. nodemailer marks replies it considers permanent (`permanent`: 5xx
 * except 503); an authentication failure (535) or a refused STARTTLS (500) is a 5xx too, but it
 * says nothing about the message, so it is retried like an outage instead of dead-lettering
 * every mail.
 */
export function classifyFailure(error: unknown): DeliveryFailure {
  const { code, responseCode, response, command, permanent, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    command?: string;
    permanent?: boolean;
    message?: string;
  };
  const smtpCode = typeof responseCode === 'number' ? responseCode : undefined;
  const detail = [smtpCode === undefined ? undefined : String(smtpCode), response ?? message ?? String(error)].filter(Boolean).join(' ');
  const summary = [code, smtpCode === undefined ? undefined : `SMTP ${smtpCode}`, command === undefined ? undefined : `after ${command.split(' ')[0]}`]
    .filter(Boolean)
    .join(', ') || 'unknown error';
  const base = { detail, summary, ...(smtpCode === undefined ? {} : { smtpCode }) };

  // Connection, TLS and login failures say nothing about the message, whatever the reply code
  // (a server without STARTTLS answers it with 500): retry, never dead-letter.
  if (code !== undefined && (MISCONFIGURED.has(code) || UNREACHABLE.has(code))) return { kind: 'server-unavailable', ...base };
  if (smtpCode === 421) return { kind: 'server-unavailable', ...base };
  const permanentReply = permanent ?? (smtpCode !== undefined && smtpCode >= 500 && smtpCode < 600 && smtpCode !== 503);
  return { kind: permanentReply ? 'permanent' : 'transient', ...base };
}
