import { z } from "zod";
import { MIN_PASSWORD_LENGTH, PASSWORDS_DO_NOT_MATCH } from "../../common/auth.ts";
import {
  ACCOUNT_STATUSES,
  APPROVAL_DECISIONS,
  APPROVAL_NOTE_MAX,
  USER_ROLES,
} from "../../common/workspace.ts";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((value) => value.toLowerCase());

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((value) => value || null);

export const USER_SORT_FIELDS = ["email", "fullName", "role", "createdAt", "lastSignInAt"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const userListInput = z.object({
  search: z.string().trim().max(200).nullish(),
  role: z.enum(USER_ROLES, { error: "Unknown role" }).nullish(),
  status: z.enum(ACCOUNT_STATUSES, { error: "Unknown status" }).nullish(),
  sortBy: z.enum(USER_SORT_FIELDS, { error: "Unknown sort field" }).nullish(),
  sortDirection: z.enum(["asc", "desc"], { error: "Sort direction is asc or desc" }).nullish(),
});
export type UserListInput = z.infer<typeof userListInput>;

export const roleInput = z.object({ role: z.enum(USER_ROLES, { error: "Role is ADMIN or CARRIER" }) });
export const disabledInput = z.object({ disabled: z.boolean({ error: "disabled must be true or false" }) });

export const approvalInput = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS, { error: "Decision is approved or rejected" }),
    note: optionalText(APPROVAL_NOTE_MAX, "Note"),
  })
  .superRefine((input, context) => {
    if (input.decision === "rejected" && !input.note) {
      context.addIssue({ code: "custom", path: ["note"], message: "Say why the carrier is rejected." });
    }
  });

export const inviteInput = z.object({
  email,
  role: z.enum(USER_ROLES, { error: "Role is ADMIN or CARRIER" }),
  fullName: optionalText(120, "Full name"),
  carrierId: z.string().trim().max(100).nullish(),
});

const invitationAccount = {
  fullName: optionalText(120, "Full name"),
  password: z
    .string({ error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(200, "Password is too long"),
  confirmPassword: z.string({ error: "Confirm your password" }),
};

function passwordsMatch(input: { password: string; confirmPassword: string }, context: z.RefinementCtx) {
  if (input.password !== input.confirmPassword) {
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
  }
}

export const acceptInvitationInput = z
  .object({
    token: z.string({ error: "The invitation link is incomplete" }).trim().min(20).max(200),
    ...invitationAccount,
  })
  .superRefine(passwordsMatch);

/** POST /invitations/{token}/accept: the account's fields (the token is the path's). */
export const acceptInvitationBody = z.object(invitationAccount).superRefine(passwordsMatch);

export const waitlistListInput = z.object({
  search: z.string().trim().max(200).nullish(),
  view: z.enum(["open", "invited", "dismissed", "all"], { error: "Unknown view" }).nullish(),
});

export const auditListInput = z.object({
  search: z.string().trim().max(200).nullish(),
  actor: z.string().trim().max(254).nullish(),
  entityType: z.string().trim().max(60).nullish(),
  entityId: z.string().trim().max(100).nullish(),
  action: z.string().trim().max(100).nullish(),
  from: z.coerce.date({ error: "from is not a date" }).nullish(),
  to: z.coerce.date({ error: "to is not a date" }).nullish(),
});
export type AuditListInput = z.infer<typeof auditListInput>;

/** The /setup screen: the first operator's account, with the link's token. */
export const firstOperatorInput = z
  .object({
    token: z.string({ error: "The setup link is incomplete" }).trim().min(20).max(200),
    email,
    ...invitationAccount,
  })
  .superRefine(passwordsMatch);
