import { policy, type Viewer } from "../auth/policy.ts";
import type { LoadMilestone } from "../generated/sqlite/client.ts";

type Step = LoadMilestone & { by?: { email: string; fullName: string | null } | null };

/**
 * Who set a step, as the viewer may see it: operators see the person's name (or e-mail); a
 * carrier sees "You" for its own steps and no one else's identity.
 */
export function setterName(step: Step, viewer: Viewer | null): string | null {
  if (!step.byUserId) return null;
  if (policy.isAdmin(viewer)) return step.by ? (step.by.fullName ?? step.by.email) : null;
  return step.byUserId === viewer?.id ? "You" : null;
}

/** The REST shape: `{ milestone, at, by, source, detail }`. */
export function milestoneJson(step: Step, viewer: Viewer | null) {
  return {
    milestone: step.milestone,
    at: step.at.toISOString(),
    by: setterName(step, viewer),
    source: step.source,
    detail: step.detail,
  };
}
