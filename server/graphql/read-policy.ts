import { canRead, type ReadPolicy } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";

const READ_POLICY = "readPolicy";

/**
 * What a Node type spreads into its options to declare its read policy, once:
 * - `authScopes`: scope-auth's type check (runScopesOnType), run on every object of the type
 *   whatever returned it: lists, relations, payloads, subscriptions; compiled-schema.ts applies
 *   the same check on the compiled-query path;
 * - `extensions.readPolicy`: what node/nodes ask before loading (`reach`) and after (`row`), so
 *   an object the viewer may not read is null there, never an error that tells it exists.
 */
export function readPolicyOptions<Row>(rule: ReadPolicy<Row>) {
  return {
    authScopes: (row: Row, ctx: Context) => canRead(rule, ctx, row),
    extensions: { [READ_POLICY]: rule },
  };
}

/** The read policy a type declared with readPolicyOptions; null for any other type or name. */
export function readPolicyOfType(typename: string): ReadPolicy<unknown> | null {
  try {
    const config = builder.configStore.getTypeConfig(typename);
    if (config.kind !== "Object") return null;
    return (config.extensions?.[READ_POLICY] as ReadPolicy<unknown> | undefined) ?? null;
  } catch {
    return null;
  }
}
