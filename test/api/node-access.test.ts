import { encodeGlobalID } from "@pothos/plugin-relay";
import { isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builder } from "../../server/builder.ts";
import { systemContext } from "../../server/context.ts";
import { MAX_NODE_IDS, mayReadNodeType } from "../../server/graphql/nodes.ts";
import { schema } from "../../server/schema.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { createTestApp, gql, loginAs, type Session, type TestApp } from "../support/app.ts";
import { countQueries } from "../support/query-count.ts";
import { LEAK } from "../support/raw.ts";

let t: TestApp;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
  carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
  if (!(await t.app.deps.db.nassCode.findFirst())) {
    await t.app.deps.db.nassCode.create({ data: { code: "NODE1", facilityName: "Node test" } });
  }
});
afterAll(() => t.close());

const nodeTypes = Object.values(schema.getTypeMap()).filter(
  (type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"),
);

type Delegate = { findFirst(args: { select: { id: true } }): Promise<{ id: string } | null> };

async function anyRowId(typename: string): Promise<string | null> {
  const key = typename.charAt(0).toLowerCase() + typename.slice(1);
  const delegate = (t.app.deps.db as unknown as Record<string, Delegate | undefined>)[key];
  return delegate ? ((await delegate.findFirst({ select: { id: true } }))?.id ?? null) : null;
}

const NODE = "query ($id: ID!) { node(id: $id) { id __typename } }";

describe("node(id:) for every Node type", () => {
  it("finds Node types to walk, each with its own read rule", () => {
    expect(nodeTypes.map((type) => type.name)).toEqual(
      expect.arrayContaining(["Load", "NassCode", "Carrier", "User", "Notification"]),
    );
    for (const type of nodeTypes) {
      const options = builder.configStore.getTypeConfig(type.name).pothosOptions as { authScopes?: unknown };
      expect(options.authScopes, `${type.name} declares authScopes`).toBeDefined();
    }
  });

  it.each(nodeTypes.map((type) => type.name))(
    "%s: obeys the type's rule, never INTERNAL",
    async (typename) => {
      const rowId = await anyRowId(typename);
      const real = encodeGlobalID(typename, rowId ?? "missing-row");
      const missing = encodeGlobalID(typename, "c0000000000000000000missing");
      const counter = countQueries(t.app);
      try {
        // Anonymous: refused before any database work, the same for real and missing ids.
        for (const id of [real, missing]) {
          counter.reset();
          const anonymous = await gql(t.app, NODE, { id });
          expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
          expect(counter.operations).toEqual([]);
        }
        for (const [role, session] of [
          ["carrier", carrier],
          ["admin", admin],
        ] as const) {
          const allowed = mayReadNodeType(typename, { ...systemContext(t.app.deps), viewer: viewerOf(role) });
          counter.reset();
          const result = await gql(t.app, NODE, { id: real }, { token: session.token });
          const text = JSON.stringify(result);
          expect(text).not.toMatch(LEAK);
          expect(result.errors?.map((error) => error.extensions?.code) ?? []).not.toContain("INTERNAL");
          if (!allowed) {
            expect(result.data?.node).toBeNull();
            // Decided from the type's rule: no row was read.
            expect(counter.operations.filter((op) => !op.startsWith("Session."))).toEqual([]);
          } else if (rowId && !result.errors) {
            expect(result.data?.node).toEqual({ id: real, __typename: typename });
          }
          const absent = await gql(t.app, NODE, { id: missing }, { token: session.token });
          expect(absent.errors).toBeUndefined();
          expect(absent.data?.node).toBeNull();
        }
      } finally {
        counter.restore();
      }
    },
  );
});

function viewerOf(role: "admin" | "carrier") {
  return {
    id: "x",
    userId: "x",
    email: "x@example.com",
    role: role === "admin" ? ("ADMIN" as const) : ("CARRIER" as const),
    sessionId: "x",
    platform: "desktop",
  };
}

describe("node and nodes", () => {
  it("keeps NASS codes from carriers and shows them to admins", async () => {
    const nass = await t.app.deps.db.nassCode.findFirstOrThrow();
    const id = encodeGlobalID("NassCode", nass.id);
    const asCarrier = await gql(t.app, NODE, { id }, { token: carrier.token });
    expect(asCarrier.data?.node).toBeNull();
    const asAdmin = await gql(t.app, NODE, { id }, { token: admin.token });
    expect(asAdmin.data?.node).toEqual({ id, __typename: "NassCode" });
  });

  it("answers null for missing ids in place and caps the id list", async () => {
    const load = await t.app.deps.db.load.findFirstOrThrow();
    const ids = [
      encodeGlobalID("Load", load.id),
      encodeGlobalID("Load", "nope"),
      encodeGlobalID("Nope", "x"),
    ];
    const result = await gql(
      t.app,
      "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
      { ids },
      {
        token: admin.token,
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.nodes).toEqual([{ id: ids[0] }, null, null]);
    const tooMany = Array.from({ length: MAX_NODE_IDS + 1 }, (_, i) => encodeGlobalID("Load", `x${i}`));
    const capped = await gql(
      t.app,
      "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
      { ids: tooMany },
      {
        token: admin.token,
      },
    );
    expect(capped.errors?.[0].extensions?.code).toBe("VALIDATION");
  });

  it("refuses 50,000 anonymous ids at once, before any database work", async () => {
    const counter = countQueries(t.app);
    try {
      const ids = Array.from({ length: 50_000 }, (_, i) => encodeGlobalID("Load", `x${i}`));
      const started = performance.now();
      const result = await gql(t.app, "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", { ids });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(counter.operations).toEqual([]);
    } finally {
      counter.restore();
    }
  });
});
