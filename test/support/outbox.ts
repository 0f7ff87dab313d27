import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The e-mails in a test outbox addressed to `to`, oldest first, with quoted-printable soft breaks undone. */
export function mailsTo(outboxDir: string, to: string): string[] {
  return readdirSync(outboxDir)
    .sort()
    .map((file) => readFileSync(join(outboxDir, file), "utf8"))
    .filter((message) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(message))
    .map((message) => message.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The token of the newest invitation link e-mailed to `to`. */
export function invitationTokenFor(outboxDir: string, to: string): string {
  const mail = mailsTo(outboxDir, to).at(-1);
  const token = mail?.match(/\/invitation\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation e-mail to ${to}`);
  return token;
}

/** The token of the newest "e-mail changed" link (`/revert-email?token=...`) e-mailed to `to`. */
export function revertEmailTokenFor(outboxDir: string, to: string): string {
  const mail = mailsTo(outboxDir, to).at(-1);
  const token = mail?.match(/\/revert-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no e-mail change notice to ${to}`);
  return token;
}
