import { resolveNodes } from "@pothos/plugin-relay";
import type { GraphQLResolveInfo } from "graphql";
import { policy } from "../auth/policy.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { ValidationError } from "../errors.ts";

/** The most ids one `nodes(ids:)` call may ask for (a screen's page is 50). */
export const MAX_NODE_IDS = 100;

type GlobalId = { typename: string; id: string };

/** Scopes that need no loaded object: decided before any database work. */
const STATIC_SCOPES: Record<string, (ctx: Context) => boolean> = {
  public: () => true,
  authenticated: (ctx) => policy.isAuthenticated(ctx.viewer),
  admin: (ctx) => policy.isAdmin(ctx.viewer),
  carrier: (ctx) => policy.isCarrier(ctx.viewer),
};

/**
 * Whether the viewer may possibly read an object of this type, from the type's own read rule
 * (its `authScopes`). A rule that depends on the object (e.g. the owner) is checked by scope-auth
 * once the object is loaded; an unknown or non-Node typename is unreadable.
 */
export function mayReadNodeType(typename: string, ctx: Context): boolean {
  let options: Record<string, unknown>;
  try {
    const config = builder.configStore.getTypeConfig(typename);
    if (config.kind !== "Object") return false;
    options = config.pothosOptions as Record<string, unknown>;
  } catch {
    return false;
  }
  const loads = options.loadOne ?? options.loadMany ?? options.loadWithoutCache;
  if (typeof loads !== "function") return false;
  const scopes = options.authScopes;
  if (typeof scopes === "function") return true;
  if (!scopes || typeof scopes !== "object") return false;
  // Scope-auth's default: any one scope suffices. A scope that needs the object cannot be decided here.
  return Object.entries(scopes as Record<string, unknown>).some(([name, value]) => {
    const check = STATIC_SCOPES[name];
    return check ? value === true && check(ctx) : true;
  });
}

function isMissingRow(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/**
 * Loads global ids one by one behind the type's read rule: an unreadable type, a malformed or a
 * missing id answers null, never an error that tells real ids from missing ones.
 */
async function loadNodes(ctx: Context, info: GraphQLResolveInfo, ids: readonly (GlobalId | null)[]) {
  if (ids.length > MAX_NODE_IDS) {
    const message = `Ask for at most ${MAX_NODE_IDS} ids at once.`;
    throw new ValidationError(message, [{ field: "ids", message }]);
  }
  return Promise.all(
    ids.map(async (globalId) => {
      if (!globalId || !mayReadNodeType(globalId.typename, ctx)) return null;
      try {
        const [node] = await resolveNodes(builder, ctx, info, [globalId]);
        return node ?? null;
      } catch (error) {
        if (isMissingRow(error)) return null;
        throw error;
      }
    }),
  );
}

builder.queryField("node", (t) =>
  t.field({
    type: builder.nodeInterfaceRef(),
    nullable: true,
    description: "Any object by its global id; null when it does not exist or the viewer may not read it.",
    authScopes: { authenticated: true },
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
    authScopes: { authenticated: true },
    args: {
      ids: t.arg.globalIDList({ required: true, description: `Global ids, at most ${MAX_NODE_IDS}.` }),
    },
    resolve: (_root, args, ctx, info) => loadNodes(ctx, info, args.ids),
  }),
);
