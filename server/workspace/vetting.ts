import type { ApprovalDecision } from "../../common/workspace.ts";
import type { Context } from "../context.ts";
import type { User } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { enqueueEmail } from "../mail/service.ts";
import { notifyUser } from "../notifications/service.ts";
import { decideApproval } from "../users/admin.ts";
import { approvalInput } from "./validation.ts";

const TITLES: Record<ApprovalDecision, string> = {
  approved: "Your carrier account is approved",
  rejected: "Your carrier account was not approved",
};

function decisionText(decision: ApprovalDecision, note: string | null): string {
  const lead =
    decision === "approved"
      ? "An operator approved your carrier account: active offers are open to you and you can bid."
      : "An operator reviewed your carrier account and did not approve it, so offers stay closed.";
  return note ? `${lead} Note from the operator: ${note}` : lead;
}

/** Approves or rejects a carrier sign-up with a note; the carrier hears it by notification and e-mail. */
export async function reviewCarrier(ctx: Context, ref: string, rawInput: unknown): Promise<User> {
  const input = parseInput(approvalInput, rawInput);
  const message = decisionText(input.decision, input.note);
  const { user, changed } = await decideApproval(ctx, ref, input.decision, input.note, (tx, decided) =>
    enqueueEmail(tx, {
      kind: "carrier_review",
      to: decided.email,
      subject: TITLES[input.decision],
      text: message,
    }),
  );
  if (!changed) return user;
  ctx.mailOutbox.wake();
  await notifyUser(ctx, { userId: user.id, title: TITLES[input.decision], message, type: "account" });
  ctx.pubsub.publish(`profile:${user.id}`, { userId: user.id });
  return user;
}
