import { encodeGlobalID } from "@pothos/plugin-relay";
import type { OutboundEmailKind } from "../../common/mail.ts";
import type { App } from "../../server/app.ts";
import { createUser, gql, loginAs, rest, type Session, type TestApp } from "./app.ts";
import { uploadLoads } from "./loads.ts";
import { bid, biddableLoad, openOffer } from "./offers.ts";
import { trackedRouteFixture } from "./tracking.ts";

export const FUZZ_ROLES = ["anonymous", "carrier", "otherCarrier", "pendingCarrier", "admin"] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];
export type SignedInRole = Exclude<FuzzRole, "anonymous">;

const EMAILS: Record<SignedInRole, string> = {
  carrier: "fuzz-carrier@example.com",
  otherCarrier: "other-carrier@example.com",
  pendingCarrier: "fuzz-pending@example.com",
  admin: "fuzz-admin@example.com",
};

/** The areas the other carrier named: the offers of the world outside them stay hidden from it. */
export const OTHER_CARRIER_AREAS = "IL";

/** An object of the world, by its Relay global id: its type, row, owner (a role) and, for offers, its states. */
export interface KnownObject {
  globalId: string;
  typename: string;
  rowId: string;
  owner: SignedInRole | null;
  states?: (string | null)[];
}

export interface FuzzWorld {
  app: App;
  emails: Record<SignedInRole, string>;
  userIds: Record<SignedInRole, string>;
  objects: Map<string, KnownObject>;
  /** Every known global id, plus readable keys (loadId, routeNumber, ...) and raw row ids. */
  ids: string[];
  readableKeys: string[];
  token(role: FuzzRole): string | undefined;
  /** A second session of the role's user (platform mobile), for fields that would end the session they run on. */
  throwawaySession(role: SignedInRole): Promise<Session>;
  /** Puts the role users' accounts back as built and signs in again any role whose session ended. */
  repair(roles?: readonly SignedInRole[]): Promise<void>;
  /**
   * Starts the upload worker thread if it is not running: it ends after a minute idle, and its
   * start under tsx (tests only; the build runs plain JavaScript) takes 1-3 s of the next upload,
   * which the stall budget would count against the server.
   */
  warmWorkers(): Promise<void>;
}

type Rows = { id: string; userId?: string; originState?: string | null; destinationState?: string | null }[];
type Delegate = { findMany(args: { select: Record<string, boolean> }): Promise<Rows> };

/** Node types and the model their rows come from (a tracked route is a route). */
const MODEL_OF_TYPE: Record<string, string> = {
  Bid: "bid",
  Bill: "bill",
  Carrier: "carrier",
  ContactMessage: "contactMessage",
  Invoice: "invoice",
  Load: "load",
  LoadStop: "loadStop",
  NassCode: "nassCode",
  Notification: "notification",
  Offer: "offer",
  OutboundEmail: "outboundEmail",
  Route: "route",
  RouteStop: "routeStop",
  TrackedRoute: "route",
  UploadBatch: "uploadBatch",
  User: "user",
};

/**
 * The world the fuzzers attack: an operator, two approved carriers (the second one named its areas),
 * a carrier awaiting approval, and objects owned by each: carrier companies with drivers and routes,
 * loads, offers (one outside the second carrier's areas), bids of both carriers, invoices, bills,
 * notifications, a contact message, a mail and an upload.
 */
export async function buildFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const { app } = t;
  const db = app.deps.db;
  const users = {} as Record<SignedInRole, Awaited<ReturnType<typeof createUser>>>;
  for (const role of ["admin", "carrier", "otherCarrier", "pendingCarrier"] as const) {
    users[role] = await createUser(app, {
      email: EMAILS[role],
      role: role === "admin" ? "ADMIN" : "CARRIER",
      fullName: `Fuzz ${role}`,
    });
  }
  const companyA = await trackedRouteFixture(app, {
    routeNumber: "R-FZA",
    stops: [
      { type: "pickup", lat: 41.87, lng: -87.64 },
      { type: "delivery", lat: 32.77, lng: -96.8 },
    ],
  });
  const companyB = await trackedRouteFixture(app, {
    routeNumber: "R-FZB",
    stops: [
      { type: "pickup", lat: 33.75, lng: -84.39 },
      { type: "delivery", lat: 39.74, lng: -104.99 },
    ],
  });
  await db.user.update({
    where: { id: users.carrier.id },
    data: { approvalStatus: "approved", carrierId: companyA.carrier.id, companyName: "Fuzz A" },
  });
  await db.user.update({
    where: { id: users.otherCarrier.id },
    data: {
      approvalStatus: "approved",
      carrierId: companyB.carrier.id,
      companyName: "Fuzz B",
      areasOfOperation: OTHER_CARRIER_AREAS,
    },
  });
  await db.user.update({ where: { id: users.pendingCarrier.id }, data: { approvalStatus: "pending" } });

  const sessions = {} as Record<SignedInRole, Session>;
  for (const role of Object.keys(users) as SignedInRole[]) sessions[role] = await loginAs(app, EMAILS[role]);

  const offers = [];
  for (let index = 0; index < 3; index++) {
    const load = await biddableLoad(app);
    offers.push(await openOffer(app, sessions.admin.token, load.loadId));
  }
  // The third offer runs from Georgia to Colorado: outside the other carrier's areas.
  await db.offer.update({
    where: { id: offers[2]._id },
    data: { originState: "GA", destinationState: "CO" },
  });
  for (const [role, offer, amount] of [
    ["carrier", offers[0], 1500],
    ["otherCarrier", offers[0], 1450],
    ["otherCarrier", offers[1], 990.5],
  ] as const) {
    const placed = await bid(app, sessions[role].token, offer._id, amount);
    if (placed.status !== 201)
      throw new Error(`fuzz world bid: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  await db.invoice.create({
    data: { invoiceNumber: "INV-FZ-1", customerPayer: "USPS", dueDate: new Date(), amountDueCents: 125_000 },
  });
  await db.bill.create({
    data: {
      billNumber: "BILL-FZ-1",
      carrier: "Fuzz A",
      carrierId: companyA.carrier.id,
      paymentDate: new Date(),
      amountCents: 99_000,
      winnerUserId: users.carrier.id,
    },
  });
  for (const role of Object.keys(users) as SignedInRole[]) {
    await db.notification.create({
      data: { userId: users[role].id, title: `For ${role}`, message: `Private to ${EMAILS[role]}` },
    });
  }
  await db.contactMessage.create({ data: { email: "visitor@example.com", name: "Visitor", message: "Hi" } });
  await db.outboundEmail.create({
    data: {
      to: EMAILS.otherCarrier,
      subject: "Your bid",
      text: "Private",
      kind: "offer" satisfies OutboundEmailKind,
    },
  });
  await uploadLoads(app, sessions.admin.token, [{ "Load ID": "FZ-UP-1", Customer: "USPS" }]);

  const objects = new Map<string, KnownObject>();
  const ownerOf = (userId: string | undefined) =>
    (Object.keys(users) as SignedInRole[]).find((role) => users[role].id === userId) ?? null;
  for (const [typename, model] of Object.entries(MODEL_OF_TYPE)) {
    const delegate = (db as unknown as Record<string, Delegate>)[model];
    const select: Record<string, boolean> = { id: true };
    if (typename === "Bid" || typename === "Notification") select.userId = true;
    if (typename === "Offer") Object.assign(select, { originState: true, destinationState: true });
    for (const row of await delegate.findMany({ select })) {
      const globalId = encodeGlobalID(typename, row.id);
      objects.set(globalId, {
        globalId,
        typename,
        rowId: row.id,
        owner: ownerOf(typename === "User" ? row.id : row.userId),
        ...(typename === "Offer" ? { states: [row.originState ?? null, row.destinationState ?? null] } : {}),
      });
    }
  }
  const readableKeys = [
    ...(await db.load.findMany({ select: { loadId: true } })).map((row) => row.loadId),
    "R-FZA",
    "R-FZB",
    companyA.carrier.carrierId,
    companyB.carrier.carrierId,
    "INV-FZ-1",
    "BILL-FZ-1",
    ...Object.values(users).map((user) => user.userId),
    ...Object.values(EMAILS),
  ];
  const snapshot = new Map(Object.values(users).map((user) => [user.id, user]));
  const userIds = Object.fromEntries(Object.entries(users).map(([role, user]) => [role, user.id])) as Record<
    SignedInRole,
    string
  >;

  async function isSignedIn(role: SignedInRole): Promise<boolean> {
    const answer = await gql<{ viewer: { id: string } | null }>(
      app,
      "{ viewer { id } }",
      {},
      { token: sessions[role].token, ip: "10.250.0.1" },
    );
    return answer.data?.viewer?.id !== undefined;
  }

  return {
    app,
    emails: EMAILS,
    userIds,
    objects,
    ids: [...objects.keys(), ...[...objects.values()].map((object) => object.rowId)],
    readableKeys,
    token: (role) => (role === "anonymous" ? undefined : sessions[role].token),
    throwawaySession: (role) => loginAs(app, EMAILS[role], undefined, { platform: "mobile" }),
    async warmWorkers() {
      await rest(app, "POST", "/loads", {}, { token: sessions.admin.token, ip: "10.250.0.2" });
    },
    async repair(roles = Object.keys(users) as SignedInRole[]) {
      for (const user of snapshot.values()) {
        await db.user.update({
          where: { id: user.id },
          data: {
            email: user.email,
            passwordHash: user.passwordHash,
            tempPasswordHash: null,
            tempPasswordExpiresAt: null,
            role: user.role,
            disabledAt: null,
            approvalStatus: user.id === users.pendingCarrier.id ? "pending" : "approved",
            areasOfOperation: user.id === users.otherCarrier.id ? OTHER_CARRIER_AREAS : null,
          },
        });
      }
      for (const role of roles) {
        if (!(await isSignedIn(role))) sessions[role] = await loginAs(app, EMAILS[role]);
      }
    },
  };
}
