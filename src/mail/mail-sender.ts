import type { Clock } from '../clock.js';
import type { Mailbox } from '../config/options.js';
import type { Logger } from '../log/logger.js';
import type { OutboxRecord } from './outgoing-mail.js';
import { transportMessage } from './outgoing-mail.js';
import type { Claim, OutboxStore } from './outbox-store.js';
import { classifyFailure, retryDelayMs, RETRY_POLICY, type DeliveryFailure } from './retry-policy.js';
import type { MailTransport } from './smtp-transport.js';

/** What became of one delivery attempt. */
export type DeliveryOutcome =
  | 'sent'
  | 'retry'
  | 'dead'
  /** Another sender holds the mail, or it is no longer pending. */
  | 'not-claimed';

export interface MailSenderParts {
  readonly store: OutboxStore;
  readonly transport: MailTransport;
  readonly from: Mailbox;
  readonly clock: Clock;
  readonly logger: Logger;
  /** [0, 1), for the jitter of retry delays. */
  readonly random: () => number;
}

/** The longest the sender sleeps between looks at the outbox (mail can also be put there by hand). */
const MAX_IDLE_MS = 60_000;

/**
 * Delivers what the outbox holds: claims each due mail, sends it, and removes it once the SMTP
 * server accepted it; on failure either schedules the next attempt or moves the mail to the
 * dead-letter folder (retry-policy.ts). When the server cannot be reached at all, the rest of the
 * pass waits for the next attempt instead of knocking again for every mail.
 *
 * `runDue` is one pass and is what tests call; `start` runs passes on a timer, woken early by
 * `wake` when a new mail arrives.
 */
export class MailSender {
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #stopped = true;
  #pass: Promise<void> | undefined;
  /** Set when the server was unreachable: no pass before this time. */
  #pausedUntil = 0;
  readonly #inFlight = new Set<Promise<DeliveryOutcome>>();

  constructor(private readonly parts: MailSenderParts) {}

  /** Starts passes on a timer. The first pass runs at once (mail left from before a restart). */
  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Runs a pass soon: a new mail is waiting. */
  wake(): void {
    if (this.#stopped) return;
    this.#schedule(0);
  }

  /**
   * One pass over pending mail, oldest first: delivers each one that is due (or every one, with
   * `all`). Resolves when the pass is over. Concurrent calls share one pass.
   */
  runDue(options: { all?: boolean; deadlineMs?: number } = {}): Promise<void> {
    this.#pass ??= this.#runPass(options).finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  /** Tries to deliver one mail now (right after it was written, so the caller can say "sent"). */
  deliver(id: string): Promise<DeliveryOutcome> {
    const attempt = this.#deliver(id);
    this.#inFlight.add(attempt);
    void attempt.finally(() => this.#inFlight.delete(attempt)).catch(() => undefined);
    return attempt;
  }

  /**
   * Stops the timer, then makes one last pass over everything pending (due or not) so that
   * mail accepted just before shutdown is not left waiting, bounded by `flushMs`. Whatever is
   * not delivered by then stays in the outbox for the next start.
   */
  async stop(flushMs: number): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const deadlineMs = this.parts.clock.now() + flushMs;
    const work = (async () => {
      await this.#pass?.catch(() => undefined);
      await Promise.allSettled([...this.#inFlight]);
      this.#pausedUntil = 0;
      await this.runDue({ all: true, deadlineMs }).catch((error: unknown) => this.parts.logger.error({ err: error }, 'outbox: flush on shutdown failed'));
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, flushMs);
      timer.unref();
    });
    await Promise.race([work, timeout]);
    clearTimeout(timer);
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#running) return;
      this.#running = true;
      this.runDue()
        .catch((error: unknown) => this.parts.logger.error({ err: error }, 'outbox: a delivery pass failed; will try again'))
        .finally(() => {
          this.#running = false;
          void this.#nextWakeMs().then((ms) => this.#schedule(ms));
        });
    }, delayMs);
    this.#timer.unref();
  }

  /** Time until the earliest pending mail is due (or the pause ends), at most MAX_IDLE_MS. */
  async #nextWakeMs(): Promise<number> {
    const now = this.parts.clock.now();
    let earliest = now + MAX_IDLE_MS;
    try {
      for (const id of await this.parts.store.pendingIds()) {
        const record = await this.parts.store.peek(id);
        if (record && record !== 'unreadable') earliest = Math.min(earliest, Date.parse(record.nextAttemptAt));
      }
    } catch {
      // The next pass will log what is wrong.
    }
    return Math.min(Math.max(earliest, this.#pausedUntil, now + 1000) - now, MAX_IDLE_MS);
  }

  async #runPass({ all = false, deadlineMs }: { all?: boolean; deadlineMs?: number }): Promise<void> {
    const { store, clock, logger } = this.parts;
    if (!all && clock.now() < this.#pausedUntil) return;
    for (const id of await store.pendingIds()) {
      if (deadlineMs !== undefined && clock.now() >= deadlineMs) return;
      const record = await store.peek(id);
      if (record === 'unreadable') {
        logger.error({ outboxId: id, deadLetterDir: store.deadDir }, `outbox: ${id} is not a valid outbox record; moved to ${store.deadDir} with the suffix .unreadable`);
        continue;
      }
      if (!record || (!all && Date.parse(record.nextAttemptAt) > clock.now())) continue;
      const outcome = await this.deliver(id);
      if (outcome === 'retry' && clock.now() < this.#pausedUntil) return;
    }
  }

  async #deliver(id: string): Promise<DeliveryOutcome> {
    const { store, transport, from, logger } = this.parts;
    const claim = await store.claim(id);
    if (!claim) return 'not-claimed';
    // A record an operator moved back from the dead-letter folder starts counting afresh.
    const record: OutboxRecord = claim.record.deadLetter ? { ...claim.record, attempts: 0, firstFailureAt: undefined, deadLetter: undefined } : claim.record;
    try {
      await transport.send(transportMessage(record, from));
    } catch (error) {
      return this.#failed(claim, record, classifyFailure(error));
    }
    try {
      await store.complete(claim);
    } catch (error) {
      // Delivered, but the file stays claimed: after a restart it would go out a second time
      // (with the same Message-ID). Say so.
      logger.error({ err: error, outboxId: id, file: claim.file }, `outbox: ${id} was delivered but its file could not be removed; delete ${claim.file} to avoid a second delivery after a restart`);
    }
    logger.info({ outboxId: id, kind: record.mail.kind, attempts: record.attempts + 1 }, `outbox: ${id} delivered`);
    return 'sent';
  }

  async #failed(claim: Claim, record: OutboxRecord, failure: DeliveryFailure): Promise<DeliveryOutcome> {
    const { store, clock, logger, random, transport } = this.parts;
    const now = clock.now();
    const attempts = record.attempts + 1;
    const firstFailureAt = record.firstFailureAt ?? new Date(now).toISOString();
    const givingUp = failure.kind === 'permanent' || now - Date.parse(firstFailureAt) >= RETRY_POLICY.giveUpAfterMs;
    const context = { outboxId: record.id, kind: record.mail.kind, attempts, failure: failure.summary };

    if (givingUp) {
      const reason = failure.kind === 'permanent' ? 'the SMTP server refused the message permanently' : `no delivery in ${RETRY_POLICY.giveUpAfterMs / 86_400_000} days of retries`;
      const buried: OutboxRecord = {
        ...record,
        attempts,
        firstFailureAt,
        lastError: failure.detail,
        deadLetter: {
          at: new Date(now).toISOString(),
          reason,
          ...(failure.smtpCode === undefined ? {} : { smtpCode: failure.smtpCode }),
          smtpResponse: failure.detail,
        },
      };
      try {
        const file = await store.bury(claim, buried);
        logger.error(
          { ...context, deadLetter: file },
          `MAIL NOT DELIVERED: ${record.id} (${record.mail.kind}): ${reason} (${failure.summary}). It is kept in ${file}; fix the cause, then move the file to ${store.pendingDir} to send it again.`,
        );
      } catch (error) {
        logger.error({ ...context, err: error, file: claim.file }, `MAIL NOT DELIVERED: ${record.id}: ${reason}, and it could not be moved to the dead-letter folder; it stays in ${claim.file}`);
      }
      return 'dead';
    }

    const delayMs = retryDelayMs(attempts, random);
    const next: OutboxRecord = { ...record, attempts, firstFailureAt, lastError: failure.detail, nextAttemptAt: new Date(now + delayMs).toISOString() };
    if (failure.kind === 'server-unavailable') this.#pausedUntil = now + delayMs;
    try {
      await store.release(claim, next);
    } catch (error) {
      logger.error({ ...context, err: error, file: claim.file }, `outbox: ${record.id} could not be put back for another attempt; it stays in ${claim.file} until the next start`);
      return 'retry';
    }
    const level = failure.summary.includes('EAUTH') || failure.summary.includes('ENOAUTH') ? 'error' : 'warn';
    logger[level](
      { ...context, nextAttemptAt: next.nextAttemptAt, smtp: transport.description },
      `outbox: ${record.id} not delivered yet (${failure.summary}); next attempt at ${next.nextAttemptAt}`,
    );
    return 'retry';
  }
}
