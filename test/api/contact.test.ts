import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_RATE_LIMITED, CONTACT_RECEIVED } from "../../common/contact.ts";
import { adminAndCarrier, createTestApp, gql, rest, type Session, type TestApp } from "../support/app.ts";

let t: TestApp;
let adminSession: Session;
let carrierSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminSession, carrierSession } = await adminAndCarrier(t.app));
});
afterAll(() => t.close());

const visitor = (n: number) => ({
  email: `visitor${n}@example.com`,
  name: `Visitor ${n}`,
  message: "Do you haul reefers?",
});

const SEND = /* GraphQL */ `
  mutation Send($input: SendContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on MutationSendContactMessageSuccess { data { message } }
      ... on Error { message }
      ... on ValidationError { fields { field message } }
    }
  }
`;

const INBOX = /* GraphQL */ `
  query Inbox($status: ContactMessageStatus) {
    openContactMessageCount
    contactMessages(first: 10, status: $status) {
      totalCount
      edges { node { id email name message handled handledAt } }
    }
  }
`;

describe("POST /api/contact", () => {
  it("stores a visitor's message without signing in and confirms it", async () => {
    const result = await rest(t.app, "POST", "/contact", visitor(1), { ip: "10.1.0.1" });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ message: CONTACT_RECEIVED, _id: expect.any(String) });
    const stored = await t.app.deps.db.contactMessage.findUniqueOrThrow({
      where: { id: String(result.body._id) },
    });
    expect(stored).toMatchObject({ email: "visitor1@example.com", name: "Visitor 1", handledAt: null });
  });

  it("answers 400 with per-field messages", async () => {
    const result = await rest(
      t.app,
      "POST",
      "/contact",
      { email: "nope", name: " ", message: "" },
      { ip: "10.1.0.2" },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Enter a valid email address");
    expect(result.body.errors).toEqual([
      { field: "email", message: "Enter a valid email address" },
      { field: "name", message: "Name is required" },
      { field: "message", message: "Message is required" },
    ]);
  });

  it("limits one e-mail address to three messages an hour", async () => {
    const sender = { ...visitor(2), email: "chatty@example.com" };
    for (let index = 0; index < 3; index++) {
      expect((await rest(t.app, "POST", "/contact", sender, { ip: `10.2.0.${index}` })).status).toBe(201);
    }
    const blocked = await rest(t.app, "POST", "/contact", sender, { ip: "10.2.0.9" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(CONTACT_RATE_LIMITED);
  });

  it("limits one client address to five messages in ten minutes", async () => {
    for (let index = 0; index < 5; index++) {
      expect((await rest(t.app, "POST", "/contact", visitor(100 + index), { ip: "10.3.0.1" })).status).toBe(
        201,
      );
    }
    expect((await rest(t.app, "POST", "/contact", visitor(200), { ip: "10.3.0.1" })).status).toBe(429);
    expect((await rest(t.app, "POST", "/contact", visitor(201), { ip: "10.3.0.2" })).status).toBe(201);
  });
});

describe("GET /api/contact", () => {
  it("is for operators only", async () => {
    expect((await rest(t.app, "GET", "/contact")).status).toBe(401);
    expect((await rest(t.app, "GET", "/contact", undefined, { token: carrierSession.token })).status).toBe(
      403,
    );
  });

  it("lists the inbox newest first, filtered by status", async () => {
    const all = await rest<Record<string, unknown>[]>(t.app, "GET", "/contact", undefined, {
      token: adminSession.token,
    });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(10);
    expect(all.body[0]).toMatchObject({ email: "visitor201@example.com", handled: false, handledAt: null });
    expect(all.body.at(-1)).toMatchObject({ email: "visitor1@example.com" });
    expect(all.body[0]._id).toEqual(expect.any(String));

    const marked = await rest(
      t.app,
      "PATCH",
      `/contact/${all.body[0]._id}`,
      { handled: true },
      {
        token: adminSession.token,
      },
    );
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ handled: true, handledAt: expect.any(String) });

    const handled = await rest<unknown[]>(t.app, "GET", "/contact?status=handled", undefined, {
      token: adminSession.token,
    });
    expect(handled.body).toHaveLength(1);
    const open = await rest<unknown[]>(t.app, "GET", "/contact?status=open", undefined, {
      token: adminSession.token,
    });
    expect(open.body).toHaveLength(all.body.length - 1);
    const bad = await rest(t.app, "GET", "/contact?status=weird", undefined, { token: adminSession.token });
    expect(bad.status).toBe(400);
  });
});

describe("GraphQL", () => {
  it("sendContactMessage is public and returns validation errors as data", async () => {
    const sent = await gql<{ sendContactMessage: { __typename: string; data?: { message: string } } }>(
      t.app,
      SEND,
      { input: visitor(300) },
      { ip: "10.4.0.1" },
    );
    expect(sent.data?.sendContactMessage).toEqual({
      __typename: "MutationSendContactMessageSuccess",
      data: { message: CONTACT_RECEIVED },
    });
    const invalid = await gql<{ sendContactMessage: Record<string, unknown> }>(
      t.app,
      SEND,
      { input: { ...visitor(301), name: "" } },
      { ip: "10.4.0.1" },
    );
    expect(invalid.data?.sendContactMessage).toMatchObject({
      __typename: "ValidationError",
      message: "Name is required",
      fields: [{ field: "name", message: "Name is required" }],
    });
  });

  it("contactMessages and markContactMessageHandled are for operators only", async () => {
    const anonymous = await gql(t.app, INBOX, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const carrier = await gql(t.app, INBOX, {}, { token: carrierSession.token });
    expect(carrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("pages the inbox and marks a message handled and open again", async () => {
    type Inbox = {
      openContactMessageCount: number;
      contactMessages: { totalCount: number; edges: { node: { id: string; handled: boolean } }[] };
    };
    const before = await gql<Inbox>(t.app, INBOX, { status: "OPEN" }, { token: adminSession.token });
    expect(before.errors).toBeUndefined();
    const open = before.data!;
    expect(open.contactMessages.totalCount).toBe(open.openContactMessageCount);
    expect(open.contactMessages.edges).toHaveLength(10);

    const MARK = /* GraphQL */ `
      mutation Mark($input: MarkContactMessageHandledInput!) {
        markContactMessageHandled(input: $input) {
          ... on MutationMarkContactMessageHandledSuccess {
            data { openContactMessageCount contactMessage { id handled } }
          }
          ... on Error { message }
        }
      }
    `;
    const target = open.contactMessages.edges[0].node.id;
    const marked = await gql<{ markContactMessageHandled: { data: Record<string, unknown> } }>(
      t.app,
      MARK,
      { input: { id: target } },
      { token: adminSession.token },
    );
    expect(marked.data?.markContactMessageHandled.data).toEqual({
      openContactMessageCount: open.openContactMessageCount - 1,
      contactMessage: { id: target, handled: true },
    });
    const reopened = await gql<{ markContactMessageHandled: { data: Record<string, unknown> } }>(
      t.app,
      MARK,
      { input: { id: target, handled: false } },
      { token: adminSession.token },
    );
    expect(reopened.data?.markContactMessageHandled.data).toEqual({
      openContactMessageCount: open.openContactMessageCount,
      contactMessage: { id: target, handled: false },
    });
    const audit = await t.app.deps.db.auditLog.count({ where: { entityType: "ContactMessage" } });
    expect(audit).toBeGreaterThan(10);
  });
});
