import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { App } from "../../server/app.ts";
import { settleBackgroundWork } from "../../server/auth/service.ts";

/** A test app and the folder its file outbox writes to (TestApp and BrowserWorld are both one). */
export interface MailSource {
  app: App;
  outboxDir: string;
}

/**
 * Resolves once every e-mail queued so far was handed to the transport: the forgot-password work
 * that runs after its answer, then the outbox worker's sends (with or without a started worker).
 */
export async function deliverQueuedMail(app: App): Promise<void> {
  await settleBackgroundWork();
  await app.deps.mailOutbox.drain();
}

/** Every delivered e-mail (raw .eml text), oldest first, once the queue is delivered. */
export async function outboxMails(source: MailSource): Promise<string[]> {
  await deliverQueuedMail(source.app);
  return readdirSync(source.outboxDir)
    .sort()
    .map((file) => readFileSync(join(source.outboxDir, file), "utf8"));
}

/** The e-mails addressed to `to`, oldest first, with quoted-printable soft breaks undone. */
export async function mailsTo(source: MailSource, to: string): Promise<string[]> {
  return (await outboxMails(source))
    .filter((message) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(message))
    .map((message) => message.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The token of the newest invitation link e-mailed to `to`. */
export async function invitationTokenFor(source: MailSource, to: string): Promise<string> {
  const mail = (await mailsTo(source, to)).at(-1);
  const token = mail?.match(/\/invitation\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation e-mail to ${to}`);
  return token;
}

/** The token of the newest "e-mail changed" link (`/revert-email?token=...`) e-mailed to `to`. */
export async function revertEmailTokenFor(source: MailSource, to: string): Promise<string> {
  const mail = (await mailsTo(source, to)).at(-1);
  const token = mail?.match(/\/revert-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no e-mail change notice to ${to}`);
  return token;
}
