/** Workspace Control: values and texts both sides share. */

export const ACCOUNT_STATUSES = ["active", "pending", "rejected", "disabled"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: "Active",
  pending: "Pending approval",
  rejected: "Rejected",
  disabled: "Disabled",
};

export const USER_ROLES = ["ADMIN", "CARRIER"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_ROLE_LABELS: Record<UserRole, string> = { ADMIN: "Operator (ADMIN)", CARRIER: "Carrier" };

export const APPROVAL_DECISIONS = ["approved", "rejected"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const INVITATION_HOURS = 72;
export const USERS_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE = 50;
export const WAITLIST_PAGE_SIZE = 50;
export const APPROVAL_NOTE_MAX = 1000;

export const ACCOUNT_DISABLED_MESSAGE =
  "This account has been disabled. Contact your Freightway administrator to restore access.";
export const LAST_ADMIN_MESSAGE =
  "This is the last active operator (ADMIN): promote someone else before demoting or disabling it.";
export const MARKETPLACE_PENDING_MESSAGE =
  "Your carrier account is waiting for approval. You can complete your profile meanwhile; offers open once an operator approves it.";
export const MARKETPLACE_REJECTED_MESSAGE =
  "Your carrier account was not approved, so offers are closed to it. Contact us if you think this is a mistake.";
export const INVITATION_INVALID_MESSAGE =
  "This invitation link is not valid any more: it was used already, revoked or it expired. Ask your operator for a new one.";

/** The /setup link stops working once an operator exists (or when it is not this server's). */
export const SETUP_LINK_INVALID_MESSAGE =
  "This setup link is no longer valid: an operator account exists. Sign in instead.";
