import SchemaBuilder from "@pothos/core";
import RelayPlugin, { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLResolveInfo, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema.ts";
import SyncGlobalIdsPlugin from "./sync-global-ids.ts";

const info = {} as GraphQLResolveInfo;

describe("node ids answered synchronously", () => {
  it("gives every Prisma node's id at once, encoded as the relay plugin encodes it", () => {
    const nodes = Object.values(schema.getTypeMap()).filter(
      (type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"),
    );
    expect(nodes.length).toBeGreaterThan(5);
    for (const type of nodes) {
      if (!isObjectType(type)) continue;
      const id = type.getFields().id.resolve?.({ id: "row-1" }, {}, {}, info);
      expect(id, type.name).toBe(encodeGlobalID(type.name, "row-1"));
    }
  });

  it("leaves a node whose own id resolver is async to the relay plugin, with the same id", async () => {
    // The app's plugins declare options of their own globally; this builder uses none of them.
    const builder = new SchemaBuilder<{ Context: object }>({
      plugins: [RelayPlugin, SyncGlobalIdsPlugin],
    } as never);
    builder.node(builder.objectRef<{ key: string }>("Thing"), {
      id: { resolve: async (thing) => thing.key },
      fields: (t) => ({ key: t.exposeString("key") }),
    });
    builder.queryType({ fields: (t) => ({ ok: t.boolean({ resolve: () => true }) }) });
    const thing = builder.toSchema().getType("Thing");
    if (!isObjectType(thing)) throw new Error("Thing is an object type");
    const id = thing.getFields().id.resolve?.({ key: "k-9" }, {}, {}, info);
    expect(id).toBeInstanceOf(Promise);
    expect(await id).toBe(encodeGlobalID("Thing", "k-9"));
  });
});
