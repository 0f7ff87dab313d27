import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { OutboundEmail } from "../generated/sqlite/client.ts";
import { moduleLogger } from "../ops/logger.ts";
import { createMailer, SEND_CONCURRENCY } from "./mailer.ts";
import type { Mailer } from "./mailer-types.ts";
import { retryAt } from "./retry-policy.ts";
import {
  anyDue,
  claimDue,
  deleteFinishedBefore,
  failAbandoned,
  markAttemptFailed,
  markSent,
  nextDueAt,
} from "./store.ts";

const log = moduleLogger("mail-outbox");

/**
 * Rows one claim takes: two per pooled SMTP connection, so that even against a server that hangs
 * (every send running into mailer.ts's timeouts) the last row is tried well within its lease.
 */
const CLAIM_BATCH = 2 * SEND_CONCURRENCY;
/** How long stop() waits for sends in flight; a send cut off later is sent again elsewhere. */
const STOP_WAIT_MS = 10_000;
const ERROR_TEXT_MAX = 500;

/**
 * Sends the outbox table's due rows (every instance runs one). Each row is claimed with a
 * conditional update that sets a lease (store.ts `claimDue`), so two instances never send the same
 * row; a row whose lease ran out (its instance died mid-send) is taken over by another instance.
 * Failed sends are retried with doubling waits (retry-policy.ts), then the row is marked failed.
 *
 * Delivery is at least once, not exactly once, in one window: an instance that dies (or loses the
 * database) after the SMTP server accepted a message but before it marked the row sent leaves the
 * row `sending`; once its lease runs out (MailOutboxSettings.leaseMs) another instance sends it again.
 */
export interface MailOutbox {
  /** Starts sending: at once, then when woken, when a retry falls due, or every pollMs. */
  start(): void;
  /** A local commit enqueued e-mail: send it now (before start, nothing happens). */
  wake(): void;
  /** Claims nothing more; once the sends in flight ended (at most STOP_WAIT_MS), closes the transport. */
  stop(): Promise<void>;
  /** Sends until nothing is due, started or not: tests await delivery with it instead of sleeping. */
  drain(): Promise<void>;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

export interface MailOutboxDeps {
  db: Db;
  config: AppConfig;
  /** The transport; SMTP_URL's or the file outbox by default (mailer.ts). */
  mailer?: Mailer;
}

export function createMailOutbox({ db, config, mailer = createMailer(config) }: MailOutboxDeps): MailOutbox {
  const settings = config.mailOutbox;
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  let claims = 0;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let sweptAt = 0;

  /** Sends one claimed row; true when the transport took it. */
  async function deliver(row: OutboundEmail): Promise<boolean> {
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text });
      return true;
    } catch (error) {
      const next = retryAt(row.attempts, settings);
      const reason = errorText(error);
      await markAttemptFailed(db, row.id, row.leaseOwner ?? "", reason, next);
      // The SMTP answer says it all; a stack trace of the mail client would not.
      const facts = { emailId: row.id, kind: row.kind, attempts: row.attempts, error: reason };
      if (next) log.warn({ ...facts, retryAt: next }, "e-mail not sent; it will be retried");
      else log.error(facts, "e-mail not sent; no attempt left, it is marked failed");
      return false;
    }
  }

  async function sendDue(): Promise<void> {
    // Claims run out on the lease's time: looking once per half lease is soon enough (a write).
    if (Date.now() - sweptAt >= settings.leaseMs / 2) {
      sweptAt = Date.now();
      const abandoned = await failAbandoned(db, settings.maxAttempts);
      if (abandoned > 0)
        log.error({ count: abandoned }, "e-mails left mid-send with no attempt left: marked failed");
      const forgotten = await deleteFinishedBefore(db, new Date(Date.now() - settings.retentionMs));
      if (forgotten > 0) log.info({ count: forgotten }, "sent and failed e-mails past retention deleted");
    }
    while (!stopped) {
      const claim = `${instance}:${++claims}`;
      const batch = await claimDue(db, {
        claim,
        limit: CLAIM_BATCH,
        leaseMs: settings.leaseMs,
        maxAttempts: settings.maxAttempts,
      });
      if (batch.length === 0) return;
      const taken = await Promise.all(batch.map(deliver));
      // One statement for the batch (each commit costs a disk flush): the at-least-once window
      // of a row is its batch's sending time.
      const sent = batch.filter((_, index) => taken[index]).map((row) => row.id);
      const marked = await markSent(db, sent, claim);
      if (marked < sent.length) {
        log.warn(
          { count: sent.length - marked },
          "e-mails sent after their claim ran out: another instance may send them again",
        );
      }
    }
  }

  /** One pass at a time per instance; a wake during a pass asks for one more. */
  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          log.error({ err: error }, "mail outbox pass failed; it runs again at the next poll");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      if (again && !stopped) void pass();
      else void schedule();
    });
    return running;
  }

  /** Sleeps until the next retry falls due, at most pollMs (other instances enqueue too). */
  async function schedule(): Promise<void> {
    if (!started || stopped) return;
    let wait = settings.pollMs;
    try {
      const due = await nextDueAt(db);
      if (due) wait = Math.min(wait, Math.max(0, due.getTime() - Date.now()));
    } catch {
      // The database is away: the pass the timer runs logs it.
    }
    if (!started || stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), wait);
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      void pass();
    },
    wake() {
      if (started && !stopped) void pass();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) {
        let giveUp: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_WAIT_MS)))]);
        clearTimeout(giveUp);
      }
      mailer.close();
    },
    async drain() {
      do {
        if (stopped) return;
        await pass();
      } while (await anyDue(db, settings.maxAttempts));
    },
  };
}
