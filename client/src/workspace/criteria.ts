import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  USER_ROLES,
  type UserRole,
} from "../../../common/workspace.ts";

/** Workspace Control keeps its tab and each list's criteria in the address. */
export const TABS = ["users", "vetting", "waitlist", "audit"] as const;
export type WorkspaceTab = (typeof TABS)[number];
export const TAB_LABELS: Record<WorkspaceTab, string> = {
  users: "Users",
  vetting: "Carrier vetting",
  waitlist: "Waitlist",
  audit: "Audit log",
};

export function tabOf(params: URLSearchParams): WorkspaceTab {
  const tab = params.get("tab");
  return (TABS as readonly string[]).includes(tab ?? "") ? (tab as WorkspaceTab) : "users";
}

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

export const USER_SORTS = {
  newest: { field: "CREATED_AT", direction: "DESC", label: "Newest first" },
  oldest: { field: "CREATED_AT", direction: "ASC", label: "Oldest first" },
  email: { field: "EMAIL", direction: "ASC", label: "E-mail A–Z" },
  name: { field: "FULL_NAME", direction: "ASC", label: "Name A–Z" },
  role: { field: "ROLE", direction: "ASC", label: "Role" },
  lastSignIn: { field: "LAST_SIGN_IN_AT", direction: "DESC", label: "Last sign-in" },
} as const;
export type UserSort = keyof typeof USER_SORTS;

export interface UserCriteria {
  search: string;
  role: UserRole | null;
  status: AccountStatus | null;
  sort: UserSort;
  page: number;
}

export function userCriteria(params: URLSearchParams): UserCriteria {
  const sort = params.get("sort") ?? "";
  return {
    search: params.get("search") ?? "",
    role: pick(USER_ROLES, params.get("role")),
    status: pick(ACCOUNT_STATUSES, params.get("status")),
    sort: sort in USER_SORTS ? (sort as UserSort) : "newest",
    page: pageOf(params),
  };
}

export const WAITLIST_VIEWS = ["open", "invited", "dismissed", "all"] as const;
export type WaitlistView = (typeof WAITLIST_VIEWS)[number];

export interface AuditCriteria {
  search: string;
  actor: string;
  entityType: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export function auditCriteria(params: URLSearchParams): AuditCriteria {
  const text = (name: string) => params.get(name) ?? "";
  return {
    search: text("search"),
    actor: text("actor"),
    entityType: text("entityType"),
    entityId: text("entityId"),
    action: text("action"),
    from: text("from"),
    to: text("to"),
    page: pageOf(params),
  };
}

/** The audit filter as the API takes it: dates are whole days in the viewer's time zone. */
export function auditFilterOf(criteria: AuditCriteria) {
  const day = (value: string, end: boolean) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const date = new Date(`${value}T${end ? "23:59:59.999" : "00:00:00"}`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  };
  return {
    actor: criteria.actor || null,
    entityType: criteria.entityType || null,
    entityId: criteria.entityId || null,
    action: criteria.action || null,
    from: day(criteria.from, false),
    to: day(criteria.to, true),
  };
}

/** Next address parameters: changes applied, empty values dropped, the page reset unless given. */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | number | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!("page" in changes)) next.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === "page" && value === 1)) next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
