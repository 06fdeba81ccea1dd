import * as z from 'zod';
import type { Mailbox } from '../config/options.js';
import { MAIL_ID_PATTERN } from './mail-id.js';

/**
 * A mail as callers hand it to the outbox, and as the outbox keeps it until it is delivered.
 * Who may receive what is the caller's decision (an inquiry goes to the configured sales address
 * only; a scan report to the person who asked for it, with consent); the outbox checks only that
 * nothing in it can turn into an extra header or recipient, and delivers it durably.
 */

const address = z.email();
const oneLine = /^[^\u0000-\u001f\u007f]*$/;

export const outgoingMailSchema = z
  .object({
    /** What the mail is (`inquiry`, `scan-report`): for logs and the dead-letter folder. */
    kind: z.string().regex(/^[a-z][a-z-]{1,30}$/),
    to: z.union([address, z.array(address).min(1).max(10)]).transform((value) => (typeof value === 'string' ? [value] : value)),
    replyTo: address.optional(),
    subject: z.string().min(1).max(200).regex(oneLine, 'the subject must be one line'),
    /** The plain-text body; always sent. */
    text: z.string().min(1).max(200_000),
    /** An HTML alternative of the same content (scan reports), built by us with everything quoted escaped. */
    html: z.string().min(1).max(500_000).optional(),
  })
  .strict();

export type OutgoingMail = z.input<typeof outgoingMailSchema>;
export type CheckedMail = z.output<typeof outgoingMailSchema>;

const isoTime = z.iso.datetime();

/** What the outbox writes for each mail: one JSON file, version 1. */
export const outboxRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(MAIL_ID_PATTERN),
  createdAt: isoTime,
  mail: outgoingMailSchema,
  /** Failed delivery attempts so far. */
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: isoTime,
  firstFailureAt: isoTime.optional(),
  /** The last failure, for the operator: SMTP code and reply, or the connection error. */
  lastError: z.string().optional(),
  /** Present once the mail was given up on (files in the dead-letter folder). */
  deadLetter: z
    .object({
      at: isoTime,
      reason: z.string(),
      smtpCode: z.number().int().optional(),
      smtpResponse: z.string().optional(),
    })
    .optional(),
});

export type OutboxRecord = z.output<typeof outboxRecordSchema>;

/** The message handed to nodemailer: what a record becomes on the wire. */
export interface TransportMessage {
  readonly from: { name: string; address: string };
  readonly to: string[];
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly messageId: string;
  readonly date: Date;
  /** Stated explicitly, so the recipients are exactly `to`, whatever the headers say. */
  readonly envelope: { from: string; to: string[] };
  readonly textEncoding: 'quoted-printable';
  readonly disableFileAccess: true;
  readonly disableUrlAccess: true;
}

/**
 * The message for a record. Its Message-ID is derived from the record's id, so if a mail is ever
 * delivered twice (the process died after the server accepted it but before the file was
 * removed), the copies are visibly the same message and mail clients fold them into one.
 */
export function transportMessage(record: OutboxRecord, from: Mailbox): TransportMessage {
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  return {
    from: { name: from.name, address: from.address },
    to: [...record.mail.to],
    ...(record.mail.replyTo === undefined ? {} : { replyTo: record.mail.replyTo }),
    subject: record.mail.subject,
    text: record.mail.text,
    ...(record.mail.html === undefined ? {} : { html: record.mail.html }),
    messageId: `<${record.id}@${domain}>`,
    date: new Date(record.createdAt),
    envelope: { from: from.address, to: [...record.mail.to] },
    textEncoding: 'quoted-printable',
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
