import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config.ts";
import { countedMailer } from "../ops/mail-metrics.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the outbox
 * folder (OUTBOX_DIR, default data/outbox) so a single machine needs no mail server.
 */
export function createMailer(config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  return countedMailer(createTransportMailer(config), config.smtpUrl ? "smtp" : "outbox");
}

function createTransportMailer(config: Pick<AppConfig, "smtpUrl" | "mailFrom" | "outboxDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
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
