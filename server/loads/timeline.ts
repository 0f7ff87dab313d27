import type { Context } from "../context.ts";
import { timelineOf } from "./milestones.ts";
import { partyLoadOrThrow } from "./parties.ts";
import { LOAD_NOT_FOUND } from "./validation.ts";

/** A load's milestones, oldest first: for operators and the load's carrier side. */
export async function loadTimeline(ctx: Context, reference: string, query: object = {}) {
  const load = await partyLoadOrThrow(ctx, reference, LOAD_NOT_FOUND);
  return { load, milestones: await timelineOf(ctx.db, load.id, query) };
}
