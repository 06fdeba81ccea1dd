import type { Clock } from '../clock.js';
import type { Mailbox } from '../config/options.js';
import type { Logger } from '../log/logger.js';
import { MailSender } from './mail-sender.js';
import { MAIL_ID_PATTERN, newMailId } from './mail-id.js';
import { outgoingMailSchema, transportMessage, type OutboxRecord, type OutgoingMail } from './outgoing-mail.js';
import { OutboxStore, type OutboxCounts, type OutboxOwner, type OutboxTestHooks } from './outbox-store.js';
import type { MailTransport } from './smtp-transport.js';

export interface EnqueueOptions {
  /** The id to use (e.g. `inq_…` from newMailId, when the caller shows it or puts it in the subject). Default: a new `mail_…` id. */
  readonly id?: string;
  /**
   * How long to wait for the SMTP server to accept the mail, so the answer can say "sent".
   * 0 (default) answers "queued" as soon as the mail is safely on disk.
   */
  readonly waitForDeliveryMs?: number;
}

export interface AcceptedMail {
  readonly id: string;
  /** `sent`: the SMTP server accepted it. `queued`: it is on disk and will be delivered. */
  readonly status: 'queued' | 'sent';
}

/** Neither the outbox nor the SMTP server took the mail: nothing was accepted, tell the person. */
export class MailNotAcceptedError extends Error {
  override readonly name = 'MailNotAcceptedError';
}

export interface MailOutboxParts {
  /** The outbox folder (DATA_DIR/outbox). */
  readonly dir: string;
  /** Undefined when no SMTP server is configured: mail then waits in the outbox. */
  readonly transport: MailTransport | undefined;
  readonly from: Mailbox;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly random?: () => number;
  readonly owner?: OutboxOwner;
  readonly testHooks?: OutboxTestHooks;
}

/**
 * The durable outbox: `ctx.outbox`. Callers hand it a finished mail; it answers only once the mail
 * is on disk (or, if the disk fails, once the SMTP server itself accepted it), and a sender
 * delivers it with retries. Recipient policy belongs to the callers: send_inquiry sends only to
 * the configured sales address; a scan report goes to the person's own, validated address.
 *
 *   const { id, status } = await ctx.outbox.enqueue({ kind: 'scan-report', to, subject, text });
 */
export class MailOutbox {
  readonly store: OutboxStore;
  readonly sender: MailSender | undefined;
  readonly #parts: MailOutboxParts;

  constructor(parts: MailOutboxParts) {
    this.#parts = parts;
    this.store = new OutboxStore(parts.dir, parts.owner, parts.testHooks);
    this.sender =
      parts.transport === undefined
        ? undefined
        : new MailSender({ store: this.store, transport: parts.transport, from: parts.from, clock: parts.clock, logger: parts.logger, random: parts.random ?? Math.random });
  }

  /** True when an SMTP server is configured; without one, mail only accumulates in the outbox. */
  get canDeliver(): boolean {
    return this.sender !== undefined;
  }

  /** Where mail waits, for logs and messages. */
  get pendingDir(): string {
    return this.store.pendingDir;
  }

  /**
   * Takes a mail. Resolves with its id and status once it is durable (on disk, or accepted by
   * the SMTP server); rejects with MailNotAcceptedError when neither worked. Throws a plain
   * Error for a malformed mail (a bug in the caller, not the person's input).
   */
  async enqueue(mail: OutgoingMail, options: EnqueueOptions = {}): Promise<AcceptedMail> {
    const { clock, logger } = this.#parts;
    const checked = outgoingMailSchema.safeParse(mail);
    if (!checked.success) throw new Error(`outbox: refusing a malformed mail: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    const id = options.id ?? newMailId('mail', clock.now());
    if (!MAIL_ID_PATTERN.test(id)) throw new Error(`outbox: refusing the id ${JSON.stringify(id)}; create ids with newMailId`);
    const now = new Date(clock.now()).toISOString();
    const record: OutboxRecord = { version: 1, id, createdAt: now, mail: checked.data, attempts: 0, nextAttemptAt: now };

    try {
      await this.store.add(record);
    } catch (error) {
      logger.error({ err: error, outboxId: id, kind: record.mail.kind, dir: this.store.root }, `outbox: cannot write to ${this.store.root}; trying the SMTP server directly`);
      return { id, status: await this.#sendWithoutOutbox(record) };
    }
    logger.info({ outboxId: id, kind: record.mail.kind }, `outbox: ${id} accepted`);

    const waitMs = options.waitForDeliveryMs ?? 0;
    if (!this.sender) return { id, status: 'queued' };
    if (waitMs <= 0) {
      this.sender.wake();
      return { id, status: 'queued' };
    }
    const outcome = await withinMs(this.sender.deliver(id), waitMs).catch((error: unknown) => {
      logger.error({ err: error, outboxId: id }, `outbox: first attempt to deliver ${id} failed unexpectedly; it stays queued`);
      return undefined;
    });
    if (outcome !== 'sent') this.sender.wake();
    return { id, status: outcome === 'sent' ? 'sent' : 'queued' };
  }

  /**
   * Cleans up after a crash and starts delivering. Logs where the outbox is and what it holds:
   * without SMTP, that mail waits there; with dead letters, that they need attention.
   */
  async start(): Promise<void> {
    const { logger } = this.#parts;
    let counts: OutboxCounts | undefined;
    try {
      const recovered = await this.store.recover();
      if (recovered.returned > 0) logger.warn({ returned: recovered.returned }, `outbox: ${recovered.returned} mail(s) claimed by a stopped process are queued again`);
      counts = await this.store.counts();
    } catch (error) {
      logger.error({ err: error, dir: this.store.root }, `outbox: ${this.store.root} cannot be used; mail can only be sent directly while the SMTP server answers`);
    }
    const where = { outbox: this.store.root, pending: counts?.pending, dead: counts?.dead };
    if (this.sender) {
      logger.info({ ...where, smtp: this.#parts.transport!.description }, `outbox: ${this.store.root}; delivering through ${this.#parts.transport!.description}`);
      this.sender.start();
    } else {
      logger.warn(
        where,
        `outbox: SMTP is not configured (--smtp-url / SMTP_URL), so inquiries and reports are kept in ${this.store.pendingDir} and sent once it is; nothing is lost`,
      );
    }
    if (counts && counts.dead > 0) {
      logger.error({ dead: counts.dead, deadLetterDir: this.store.deadDir }, `MAIL NOT DELIVERED: ${counts.dead} mail(s) in ${this.store.deadDir} need attention (see the reason in each file)`);
    }
  }

  /** One delivery pass over due mail (the timer does this in production; tests call it). */
  async runDue(): Promise<void> {
    await this.sender?.runDue();
  }

  /** Stops delivering after a last attempt at everything pending, bounded by `flushMs`; closes the transport. */
  async close(flushMs = 5_000): Promise<void> {
    if (!this.sender) return;
    await this.sender.stop(flushMs);
    this.#parts.transport!.close();
  }

  /** The outbox could not be written: only a direct, acknowledged delivery makes the mail accepted. */
  async #sendWithoutOutbox(record: OutboxRecord): Promise<'sent'> {
    const { transport, from, logger } = this.#parts;
    if (!transport) throw new MailNotAcceptedError('the outbox cannot be written and no SMTP server is configured');
    try {
      await transport.send(transportMessage(record, from));
    } catch (error) {
      logger.error({ err: error, outboxId: record.id }, `outbox: ${record.id} could neither be stored nor sent`);
      throw new MailNotAcceptedError('the outbox cannot be written and the SMTP server did not accept the mail', { cause: error });
    }
    logger.warn({ outboxId: record.id, kind: record.mail.kind }, `outbox: ${record.id} delivered directly, without the outbox`);
    return 'sent';
  }
}

/** The promise's value, or undefined if it takes longer than `ms` (the work itself goes on). */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
