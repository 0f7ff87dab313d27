import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { enqueueEmails } from "../../server/mail/service.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

const BACKLOG = 300;

/**
 * Two server instances on one database, each with its own mail worker, sending through one SMTP
 * server that tells them apart by the name each greets it with. On PostgreSQL in the PostgreSQL
 * step, on one SQLite file otherwise.
 */
describe("two instances sharing the outbox", () => {
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: App;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    first = await createTestApp({
      smtpUrl: smtp.url("alpha"),
      mailOutbox: {
        retryBaseMs: 60_000,
        maxAttempts: 8,
        pollMs: 200,
        leaseMs: 60_000,
        retentionMs: 30 * 24 * 3600_000,
      },
    });
    second = await buildApp({ ...first.app.deps.config, smtpUrl: smtp.url("beta") });
  });
  afterAll(async () => {
    await second.stop();
    await first.close();
    await smtp.close();
  });

  it("sends each of many pending e-mails exactly once, and takes over a dead instance's claim", async () => {
    const db = first.app.deps.db;
    const recipients = Array.from({ length: BACKLOG }, (_, index) => `carrier${index}@example.com`);
    await db.$transaction((tx) =>
      enqueueEmails(
        tx,
        recipients.map((to, index) => ({
          kind: "offer" as const,
          to,
          subject: `Load ${index}`,
          text: "Bid",
        })),
      ),
    );
    const claimed = { kind: "offer", subject: "Claimed", text: "Bid", status: "sending", attempts: 1 };
    // Its instance died mid-send: the claim ran out a second ago.
    await db.outboundEmail.create({
      data: {
        ...claimed,
        to: "orphan@example.com",
        leaseOwner: "dead",
        leaseUntil: new Date(Date.now() - 1_000),
      },
    });
    // Died mid-send on its last attempt: nobody sends it, it is failed for an operator to retry.
    await db.outboundEmail.create({
      data: {
        ...claimed,
        to: "spent@example.com",
        attempts: 8,
        leaseOwner: "dead",
        leaseUntil: new Date(Date.now() - 1_000),
      },
    });
    // A live instance is sending this one: its claim holds another minute.
    await db.outboundEmail.create({
      data: {
        ...claimed,
        to: "held@example.com",
        leaseOwner: "live",
        leaseUntil: new Date(Date.now() + 60_000),
      },
    });

    await Promise.all([first.app.start(0), second.start(0)]);
    await smtp.receivedCount(BACKLOG + 1, 30_000);
    // Each worker's pass in flight ends: whatever either could still send is sent now.
    await Promise.all([first.app.deps.mailOutbox.drain(), second.deps.mailOutbox.drain()]);

    const delivered = smtp.received.flatMap((mail) => mail.to);
    expect(delivered).toHaveLength(BACKLOG + 1);
    expect(new Set(delivered).size).toBe(BACKLOG + 1);
    expect(delivered).toContain("orphan@example.com");
    expect(delivered).not.toContain("held@example.com");
    expect(delivered).not.toContain("spent@example.com");
    const sentBy = (client: string) => smtp.received.filter((mail) => mail.client === client).length;
    expect(sentBy("alpha")).toBeGreaterThan(0);
    expect(sentBy("beta")).toBeGreaterThan(0);

    const statuses = await db.outboundEmail.groupBy({ by: ["status"], _count: true });
    expect(Object.fromEntries(statuses.map((row) => [row.status, row._count]))).toEqual({
      sent: BACKLOG + 1,
      sending: 1,
      failed: 1,
    });
    const spent = await db.outboundEmail.findFirstOrThrow({ where: { to: "spent@example.com" } });
    expect(spent.lastError).toBe("The instance sending it stopped before it finished.");
    const orphan = await db.outboundEmail.findFirstOrThrow({ where: { to: "orphan@example.com" } });
    expect(orphan).toMatchObject({ status: "sent", attempts: 2, leaseOwner: null });
  }, 60_000);
});
