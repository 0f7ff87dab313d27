import { resolveNodes } from "@pothos/plugin-relay";
import type { GraphQLResolveInfo } from "graphql";
import { canRead } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { ValidationError } from "../errors.ts";
import { readPolicyOfType } from "./read-policy.ts";

/** The most ids one `nodes(ids:)` call may ask for (a screen's page is 50). */
export const MAX_NODE_IDS = 100;

type GlobalId = { typename: string; id: string };

/**
 * Whether the viewer may possibly read an object of this type, from the type's read policy
 * (readPolicyOptions) and the viewer alone: decided before any database work. A policy that
 * decides row by row is asked again once the object is loaded; an unknown type, a type without a
 * read policy or one that cannot be loaded by id is unreadable.
 */
export function mayReadNodeType(typename: string, ctx: Context): boolean {
  const rule = readPolicyOfType(typename);
  if (!rule) return false;
  const options = builder.configStore.getTypeConfig(typename).pothosOptions as Record<string, unknown>;
  const loads = options.loadOne ?? options.loadMany ?? options.loadWithoutCache;
  return typeof loads === "function" && rule.reach(ctx.viewer, ctx) !== "none";
}

function isMissingRow(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/**
 * Loads global ids one by one behind the type's read policy: an unreadable type or object, a
 * malformed or a missing id answers null in its place (the other ids still resolve), never an
 * error that tells real ids from missing or forbidden ones. The type's own check (isTypeOf) then
 * passes on what is left.
 */
async function loadNodes(ctx: Context, info: GraphQLResolveInfo, ids: readonly (GlobalId | null)[]) {
  if (ids.length > MAX_NODE_IDS) {
    const message = `Ask for at most ${MAX_NODE_IDS} ids at once.`;
    throw new ValidationError(message, [{ field: "ids", message }]);
  }
  return Promise.all(
    ids.map(async (globalId) => {
      if (!globalId || !mayReadNodeType(globalId.typename, ctx)) return null;
      let node: unknown;
      try {
        [node] = await resolveNodes(builder, ctx, info, [globalId]);
      } catch (error) {
        if (isMissingRow(error)) return null;
        throw error;
      }
      if (node === null || node === undefined) return null;
      const rule = readPolicyOfType(globalId.typename);
      return rule && (await canRead(rule, ctx, node)) ? node : null;
    }),
  );
}

builder.queryField("node", (t) =>
  t.field({
    type: builder.nodeInterfaceRef(),
    nullable: true,
    description: "Any object by its global id; null when it does not exist or the viewer may not read it.",
    // A driver's trip session reads its trip by id too (every other type answers it null).
    authScopes: { authenticated: true, trip: true },
    args: { id: t.arg.globalID({ required: true, description: "A global id, e.g. Load.id." }) },
    resolve: async (_root, args, ctx, info) => {
      const [node] = await loadNodes(ctx, info, [args.id]);
      return node;
    },
  }),
);

builder.queryField("nodes", (t) =>
  t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description: `Objects by their global ids (at most ${MAX_NODE_IDS}), in order; null for each id that does not exist or that the viewer may not read.`,
    // A driver's trip session reads its trip by id too (every other type answers it null).
    authScopes: { authenticated: true, trip: true },
    args: {
      ids: t.arg.globalIDList({ required: true, description: `Global ids, at most ${MAX_NODE_IDS}.` }),
    },
    resolve: (_root, args, ctx, info) => loadNodes(ctx, info, args.ids),
  }),
);
