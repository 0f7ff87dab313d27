import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config.ts";
import { countedMailer } from "./counted-mailer.ts";
import type { Mailer } from "./mailer-types.ts";

/**
 * Bounds on one SMTP exchange (nodemailer waits minutes by default), well inside the outbox's claim
 * on a row (MailOutboxSettings.leaseMs): a send that outlives its claim may be sent twice.
 * Parameters of SMTP_URL win over these.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * How many e-mails the outbox worker sends at once, each over a pooled SMTP connection: a new
 * connection per message costs a whole handshake (about 100 ms against a local server, against
 * 8 ms on a kept one). SMTP_URL's `pool=false` turns the pool off.
 */
export const SEND_CONCURRENCY = 4;

/**
 * The transport the outbox worker (worker.ts) sends through; features enqueue (service.ts).
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the outbox
 * folder (OUTBOX_DIR, default data/outbox) so a single machine needs no mail server.
 */
export function createMailer(config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  return countedMailer(createTransportMailer(config), config.smtpUrl ? "smtp" : "outbox");
}

function createTransportMailer(config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SEND_CONCURRENCY,
      ...SMTP_TIMEOUTS,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      mkdirSync(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`;
      writeFileSync(join(config.outboxDir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
