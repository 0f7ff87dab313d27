import type { Viewer } from "../auth/policy.ts";
import { type Context, systemContext } from "../context.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";

/** A context in which the seed acts as `user`, as if signed in (no real session behind it). */
export function actingAs(deps: Deps, user: User): Context {
  const viewer: Viewer = {
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role === "ADMIN" ? "ADMIN" : "CARRIER",
    sessionId: "seed",
    platform: "seed",
  };
  return systemContext(deps, viewer);
}
