import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail, enqueueEmails } from "../../server/mail/service.ts";
import { adminAndCarrier, createTestApp, createUser, gql, rest, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { outboxMails } from "../support/outbox.ts";
import { countQueries } from "../support/query-count.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { waitFor } from "../support/ws.ts";

type World = Awaited<ReturnType<typeof adminAndCarrier>>;

const outboxRows = (t: TestApp, to: string) =>
  t.app.deps.db.outboundEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

/** Makes every insert into the outbox fail, as a full disk or a dropped table would. */
async function breakOutbox(t: TestApp): Promise<() => Promise<void>> {
  const db = t.app.deps.db;
  if (testProvider === "sqlite") {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER "outbox_down" BEFORE INSERT ON "OutboundEmail" BEGIN SELECT RAISE(ABORT, 'outbox down'); END`,
    );
    return async () => void (await db.$executeRawUnsafe(`DROP TRIGGER "outbox_down"`));
  }
  await db.$executeRawUnsafe(
    `CREATE FUNCTION outbox_down() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'outbox down'; END $$ LANGUAGE plpgsql`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER outbox_down BEFORE INSERT ON "OutboundEmail" FOR EACH ROW EXECUTE FUNCTION outbox_down()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER outbox_down ON "OutboundEmail"`);
    await db.$executeRawUnsafe("DROP FUNCTION outbox_down()");
  };
}

describe("an e-mail is queued with what caused it", () => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await createTestApp();
    world = await adminAndCarrier(t.app);
  });
  afterAll(() => t.close());

  it("leaves no e-mail when the cause rolls back", async () => {
    const failed = t.app.deps.db.$transaction(async (tx) => {
      await enqueueEmail(tx, { kind: "invitation", to: "rolled@example.com", subject: "Hi", text: "Body" });
      throw new Error("the cause failed after queuing its e-mail");
    });
    await expect(failed).rejects.toThrow("the cause failed");
    expect(await outboxRows(t, "rolled@example.com")).toEqual([]);
  });

  it("leaves no invitation when its e-mail cannot be queued", async () => {
    const repair = await breakOutbox(t);
    try {
      const invited = await rest(
        t.app,
        "POST",
        "/admin/invitations",
        { email: "unmailed@example.com", role: "CARRIER" },
        { token: world.adminSession.token },
      );
      expect(invited.status).toBe(500);
    } finally {
      await repair();
    }
    expect(await t.app.deps.db.invitation.count({ where: { email: "unmailed@example.com" } })).toBe(0);
    expect(await t.app.deps.db.auditLog.count({ where: { action: "invitation.create" } })).toBe(0);
  });

  it("queues a pending row in the request, sends it to the file outbox, then keeps no body", async () => {
    const invited = await rest(
      t.app,
      "POST",
      "/admin/invitations",
      { email: "queued@example.com", role: "CARRIER" },
      { token: world.adminSession.token },
    );
    expect(invited.status).toBe(201);
    const [queued] = await outboxRows(t, "queued@example.com");
    expect(queued).toMatchObject({ kind: "invitation", status: "pending", attempts: 0, sentAt: null });
    expect(queued.text).toMatch(/\/invitation\/[\w-]+/);

    const mails = (await outboxMails(t)).filter((mail) => mail.includes("queued@example.com"));
    expect(mails).toHaveLength(1);
    const [sent] = await outboxRows(t, "queued@example.com");
    expect(sent).toMatchObject({ status: "sent", attempts: 1, text: "", leaseOwner: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });
});

describe("retries through a real SMTP server", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let world: World;
  const retryBaseMs = 250;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      smtpUrl: smtp.url(),
      mailOutbox: {
        retryBaseMs,
        maxAttempts: 3,
        pollMs: 5_000,
        leaseMs: 60_000,
        retentionMs: 30 * 24 * 3600_000,
      },
    });
    world = await adminAndCarrier(t.app);
    await t.app.start(0);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("retries a refused e-mail after doubling waits and sends it once the server takes it", async () => {
    await createUser(t.app, { email: "patient@example.com" });
    smtp.refuseNext = 2;
    const asked = await rest(t.app, "POST", "/emails/send-email", { email: "patient@example.com" });
    expect(asked.status).toBe(200);
    await smtp.receivedCount(1);

    const tries = smtp.attempts.map((attempt) => attempt.at);
    expect(smtp.attempts.map((attempt) => attempt.refused)).toEqual([true, true, false]);
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(retryBaseMs - 5);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(2 * retryBaseMs - 5);
    expect(tries[2] - tries[0]).toBeLessThan(3 * retryBaseMs + 2_000);
    expect(smtp.received[0].raw).toMatch(/Subject: Your Freightway temporary password/);
    // The server has the message; the worker marks the row right after.
    await t.app.deps.mailOutbox.drain();
    const [row] = await outboxRows(t, "patient@example.com");
    expect(row).toMatchObject({ kind: "temporary_password", status: "sent", attempts: 3, text: "" });
    expect(row.lastError).toMatch(/451/);
  });

  it("marks it failed after the last attempt, and an operator's retry sends it", async () => {
    smtp.refuseNext = 3;
    const before = smtp.received.length;
    await t.app.deps.db.$transaction((tx) =>
      enqueueEmails(tx, [
        { kind: "offer", to: "stubborn@example.com", subject: "New load", text: "Bid now" },
      ]),
    );
    t.app.deps.mailOutbox.wake();
    const failedRow = async () => (await outboxRows(t, "stubborn@example.com"))[0];
    const started = Date.now();
    while ((await failedRow()).status !== "failed") {
      if (Date.now() - started > 10_000) throw new Error("never marked failed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const failed = await failedRow();
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/451/);
    expect(failed.text).toBe("Bid now");

    const listed = await gql<{
      outboundEmails: { edges: { node: { id: string; to: string; status: string; lastError: string } }[] };
      failedEmailCount: number;
    }>(
      t.app,
      `{ outboundEmails(filter: { status: failed }) { edges { node { id to status lastError } } } failedEmailCount }`,
      {},
      { token: world.adminSession.token },
    );
    expect(listed.data?.failedEmailCount).toBe(1);
    const [{ node }] = listed.data?.outboundEmails.edges ?? [];
    expect(node).toMatchObject({ to: "stubborn@example.com", status: "failed" });

    const RETRY = `mutation ($id: ID!) {
      retryOutboundEmail(input: { id: $id }) {
        __typename
        ... on MutationRetryOutboundEmailSuccess { data { failedEmailCount outboundEmail { status attempts } } }
        ... on Error { message code }
      }
    }`;
    const retried = await gql<{ retryOutboundEmail: Record<string, unknown> }>(
      t.app,
      RETRY,
      { id: node.id },
      { token: world.adminSession.token },
    );
    // The worker is woken by the retry's commit: the answer may already show it being sent.
    expect(retried.data?.retryOutboundEmail).toMatchObject({
      __typename: "MutationRetryOutboundEmailSuccess",
      data: {
        failedEmailCount: 0,
        outboundEmail: { status: expect.stringMatching(/^(pending|sending|sent)$/) },
      },
    });
    await smtp.receivedCount(before + 1);
    expect(smtp.received.at(-1)?.to).toEqual(["stubborn@example.com"]);
    // The server has the message; the worker marks the row right after.
    await t.app.deps.mailOutbox.drain();
    const sent = await failedRow();
    expect(sent).toMatchObject({ status: "sent", attempts: 4, text: "" });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "mail.retry", entityId: sent.id },
    });
    expect(audit?.actorId).toBe(world.admin.id);

    const again = await gql<{ retryOutboundEmail: Record<string, unknown> }>(
      t.app,
      RETRY,
      { id: node.id },
      { token: world.adminSession.token },
    );
    expect(again.data?.retryOutboundEmail).toMatchObject({
      __typename: "ConflictError",
      code: "CONFLICT",
      message: "Only a failed e-mail can be retried.",
    });
  });
});

describe("stopping an instance", () => {
  it("lets a send in flight finish, then marks it sent", async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ smtpUrl: smtp.url() });
    try {
      await t.app.start(0);
      smtp.acceptAfterMs = 400;
      await t.app.deps.db.$transaction((tx) =>
        enqueueEmail(tx, { kind: "offer", to: "inflight@example.com", subject: "Load", text: "Bid" }),
      );
      t.app.deps.mailOutbox.wake();
      await waitFor(() => smtp.receiving === 1);
      await t.app.stop();
      expect(smtp.received.map((mail) => mail.to)).toEqual([["inflight@example.com"]]);
      const [row] = await t.app.deps.db.outboundEmail.findMany({ where: { to: "inflight@example.com" } });
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await t.database.drop();
      await smtp.close();
    }
  });
});

describe("the operators' outbox list", () => {
  let t: TestApp;
  let world: World;
  const LIST = `query ($status: OutboundEmailStatus, $search: String, $page: Int, $pageSize: Int) {
    outboundEmails(filter: { status: $status }, search: $search, page: $page, pageSize: $pageSize) {
      totalCount
      pageCount
      edges { node { id to subject kind status attempts lastError createdAt sentAt nextAttemptAt } }
    }
  }`;
  type ListAnswer = {
    outboundEmails: {
      totalCount: number;
      pageCount: number;
      edges: { node: { id: string; to: string; subject: string; kind: string; status: string } }[];
    };
  };
  beforeAll(async () => {
    t = await createTestApp();
    world = await adminAndCarrier(t.app);
    await t.app.deps.db.$transaction((tx) =>
      enqueueEmails(
        tx,
        ["ann", "bob", "cid"].map((name) => ({
          kind: "offer" as const,
          to: `${name}@example.com`,
          subject: `Load for ${name}`,
          text: "Secret link",
        })),
      ),
    );
    await t.app.deps.mailOutbox.drain();
    await t.app.deps.db.$transaction((tx) =>
      enqueueEmail(tx, { kind: "invitation", to: "dee@example.com", subject: "Welcome dee", text: "Token" }),
    );
  });
  afterAll(() => t.close());

  it("lists newest first, filters by status and text, and pages", async () => {
    const admin = { token: world.adminSession.token };
    const all = await gql<ListAnswer>(t.app, LIST, {}, admin);
    expect(all.errors).toBeUndefined();
    expect(all.data?.outboundEmails.totalCount).toBe(4);
    expect(all.data?.outboundEmails.edges[0].node).toMatchObject({
      to: "dee@example.com",
      kind: "invitation",
      status: "pending",
    });
    const sent = await gql<ListAnswer>(t.app, LIST, { status: "sent" }, admin);
    expect(sent.data?.outboundEmails.edges.map(({ node }) => node.to).sort()).toEqual([
      "ann@example.com",
      "bob@example.com",
      "cid@example.com",
    ]);
    const found = await gql<ListAnswer>(t.app, LIST, { search: "BOB" }, admin);
    expect(found.data?.outboundEmails.edges.map(({ node }) => node.to)).toEqual(["bob@example.com"]);
    const second = await gql<ListAnswer>(t.app, LIST, { page: 2, pageSize: 3 }, admin);
    expect(second.data?.outboundEmails).toMatchObject({ totalCount: 4, pageCount: 2 });
    expect(second.data?.outboundEmails.edges).toHaveLength(1);
  });

  it("reads a page in two statements (the page and its count)", async () => {
    const counter = countQueries(t.app);
    try {
      await gql(t.app, LIST, { pageSize: 3 }, { token: world.adminSession.token });
      expect(counter.operations.filter((operation) => operation.startsWith("OutboundEmail."))).toEqual([
        "OutboundEmail.findMany",
        "OutboundEmail.count",
      ]);
    } finally {
      counter.restore();
    }
  });

  it("shows carriers and anonymous callers nothing, over GraphQL and REST", async () => {
    const carrier = { token: world.carrierSession.token };
    const asCarrier = await gql(t.app, LIST, {}, carrier);
    expect(asCarrier.data).toBeNull();
    expect(asCarrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await gql(t.app, LIST, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await gql(t.app, "{ failedEmailCount }", {}, carrier)).errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );

    const admin = await gql<ListAnswer>(t.app, LIST, {}, { token: world.adminSession.token });
    const id = admin.data?.outboundEmails.edges[0].node.id;
    const NODE = `query ($id: ID!) { node(id: $id) { id ... on OutboundEmail { to } } }`;
    expect((await gql(t.app, NODE, { id }, carrier)).data).toEqual({ node: null });
    expect((await gql(t.app, NODE, { id }, { token: world.adminSession.token })).data).toEqual({
      node: { id, to: "dee@example.com" },
    });
    const retry = await gql(
      t.app,
      `mutation ($id: ID!) { retryOutboundEmail(input: { id: $id }) { __typename } }`,
      { id },
      carrier,
    );
    expect(retry.errors?.[0].extensions?.code).toBe("FORBIDDEN");

    expect((await rest(t.app, "GET", "/mail/outbox")).status).toBe(401);
    expect((await rest(t.app, "GET", "/mail/outbox", undefined, carrier)).status).toBe(403);
    expect((await rest(t.app, "POST", "/mail/outbox/x/retry", undefined, carrier)).status).toBe(403);
  });

  it("never answers an e-mail's body", async () => {
    const type = await gql<{ __type: { fields: { name: string }[] } }>(
      t.app,
      `{ __type(name: "OutboundEmail") { fields { name } } }`,
      {},
      { token: world.adminSession.token },
    );
    expect(type.data?.__type.fields.map((field) => field.name)).not.toContain("text");
    const listed = await rest<Record<string, unknown>[]>(t.app, "GET", "/mail/outbox", undefined, {
      token: world.adminSession.token,
    });
    expect(JSON.stringify(listed.body)).not.toMatch(/Secret link|Token/);
  });

  it("pages over REST, refuses a bad status, and retries only failed e-mails", async () => {
    const admin = { token: world.adminSession.token };
    const page = await rest<{ to: string; status: string }[]>(
      t.app,
      "GET",
      "/mail/outbox?status=sent&limit=2",
      undefined,
      admin,
    );
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body.every((email) => email.status === "sent")).toBe(true);
    expect((await rest(t.app, "GET", "/mail/outbox?status=lost", undefined, admin)).status).toBe(400);

    expect((await rest(t.app, "POST", "/mail/outbox/no-such-id/retry", undefined, admin)).status).toBe(404);
    const pending = await t.app.deps.db.outboundEmail.findFirstOrThrow({ where: { to: "dee@example.com" } });
    const refused = await rest(t.app, "POST", `/mail/outbox/${pending.id}/retry`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(await t.app.deps.db.outboundEmail.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(
      pending,
    );
  });
});

describe("old e-mails are forgotten", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("deletes sent and failed rows past the retention period, and keeps the rest", async () => {
    const db = t.app.deps.db;
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    const recent = new Date(Date.now() - 29 * 24 * 3600_000);
    const row = (to: string, status: string, createdAt: Date) => ({
      to,
      subject: "Hi",
      text: "",
      kind: "invitation",
      status,
      createdAt,
      nextAttemptAt: status === "pending" ? new Date(Date.now() + 3600_000) : createdAt,
    });
    await db.outboundEmail.createMany({
      data: [
        row("old-sent@example.com", "sent", old),
        row("old-failed@example.com", "failed", old),
        row("old-pending@example.com", "pending", old),
        row("recent-sent@example.com", "sent", recent),
      ],
    });
    await t.app.deps.mailOutbox.drain();
    const left = await db.outboundEmail.findMany({ select: { to: true }, orderBy: { to: "asc" } });
    expect(left.map((email) => email.to)).toEqual(["old-pending@example.com", "recent-sent@example.com"]);
  });
});
