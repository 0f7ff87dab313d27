import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAs, rest, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { deliverQueuedMail, outboxMails } from "../support/outbox.ts";

function temporaryPasswordIn(text: string): string {
  const match = /Temporary password: (\S+)/.exec(text);
  if (!match) throw new Error(`no temporary password in:\n${text}`);
  return match[1];
}

describe("POST /api/emails/send-email through the outbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, { email: "forgetful@example.com" });
  });
  afterAll(() => t.close());

  it("writes the e-mail to the outbox and the temporary password signs in once", async () => {
    const result = await rest(t.app, "POST", "/emails/send-email", { email: "Forgetful@example.com" });
    // The mail goes out after the answer (the answer must not depend on the account existing).
    expect(result.status).toBe(200);
    const mails = await outboxMails(t);
    expect(mails).toHaveLength(1);
    const message = mails[0];
    expect(message).toMatch(/To: forgetful@example.com/);
    const temporary = temporaryPasswordIn(message);

    const session = await loginAs(t.app, "forgetful@example.com", temporary);
    expect(session.token).toBeTruthy();
    // It became the password; the old one no longer works.
    const old = await rest(t.app, "POST", "/auth/login", {
      email: "forgetful@example.com",
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
  });

  it("answers the same for an unknown address, and mails an account at most once a minute", async () => {
    await createUser(t.app, { email: "twice@example.com" });
    const before = (await outboxMails(t)).length;
    const known = await rest(t.app, "POST", "/emails/send-email", { email: "twice@example.com" });
    const again = await rest(t.app, "POST", "/emails/send-email", { email: "twice@example.com" });
    const unknown = await rest(t.app, "POST", "/emails/send-email", { email: "nobody@example.com" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(again.body).toEqual(known.body);
    expect(await outboxMails(t)).toHaveLength(before + 1);
  });

  it("refuses a malformed address", async () => {
    expect((await rest(t.app, "POST", "/emails/send-email", { email: "nope" })).status).toBe(400);
    expect((await rest(t.app, "POST", "/emails/send-email", {})).status).toBe(400);
  });
});

describe("POST /api/emails/send-email through SMTP", () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as { port: number };
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await createUser(t.app, { email: "smtp-user@example.com" });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("delivers the temporary password to a real SMTP server", async () => {
    const result = await rest(t.app, "POST", "/emails/send-email", { email: "smtp-user@example.com" });
    await deliverQueuedMail(t.app);
    expect(result.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/Subject: Your Freightway temporary password/);
    const session = await loginAs(t.app, "smtp-user@example.com", temporaryPasswordIn(received[0]));
    expect(session.token).toBeTruthy();
  });
});
