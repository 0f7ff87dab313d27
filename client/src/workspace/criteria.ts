import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  USER_ROLES,
  type UserRole,
} from "../../../common/workspace.ts";
import { dayBounds } from "../lib/dates.ts";
import { PAGE_SIZE } from "../lib/pagination.ts";
import type { ListSpec } from "../ui/list/list-url.ts";

/** Workspace Control keeps its tab in the address; each tab's list keeps its criteria there too. */
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

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

/** A list of the workspace: `search`, its filter keys, sort/dir, page; 50 a page. */
function workspaceList<Filter, Field extends string>(
  list: Pick<ListSpec<Filter, Field>, "emptyFilter" | "readFilter" | "filterKeys"> &
    Partial<Pick<ListSpec<Filter, Field>, "sortFields" | "defaultSort">>,
): ListSpec<Filter, Field> {
  return {
    sortFields: [],
    defaultSort: null,
    pageSize: PAGE_SIZE,
    searchKey: "search",
    ...list,
    writeFilter(filter, params) {
      for (const key of list.filterKeys) {
        const value = (filter as Record<string, string | null>)[key];
        if (value) params.set(key, value);
      }
    },
  };
}

export const USER_SORTS = [
  ["CREATED_AT", "Created"],
  ["EMAIL", "E-mail"],
  ["FULL_NAME", "Name"],
  ["ROLE", "Role"],
  ["LAST_SIGN_IN_AT", "Last sign-in"],
] as const;
export type UserSortField = (typeof USER_SORTS)[number][0];

export interface UserFilter {
  role: UserRole | null;
  status: AccountStatus | null;
}

/** Users: newest first unless sorted otherwise. */
export const USER_LIST = workspaceList<UserFilter, UserSortField>({
  sortFields: USER_SORTS.map(([field]) => field),
  defaultSort: { field: "CREATED_AT", direction: "DESC" },
  emptyFilter: { role: null, status: null },
  filterKeys: ["role", "status"],
  readFilter: (params) => ({
    role: pick(USER_ROLES, params.get("role")),
    status: pick(ACCOUNT_STATUSES, params.get("status")),
  }),
});

export const VETTING_VIEWS = ["pending", "rejected"] as const;
export type VettingView = (typeof VETTING_VIEWS)[number];

/** Carriers waiting for approval (or rejected), oldest sign-up first. */
export const VETTING_LIST = workspaceList<{ view: VettingView | null }, never>({
  emptyFilter: { view: null },
  filterKeys: ["view"],
  readFilter: (params) => ({ view: pick(VETTING_VIEWS, params.get("view")) }),
});

export const WAITLIST_VIEWS = ["open", "invited", "dismissed", "all"] as const;
export type WaitlistView = (typeof WAITLIST_VIEWS)[number];

/** Refused sign-up addresses: open ones unless the view says otherwise. */
export const WAITLIST_LIST = workspaceList<{ view: WaitlistView | null }, never>({
  emptyFilter: { view: null },
  filterKeys: ["view"],
  readFilter: (params) => ({ view: pick(WAITLIST_VIEWS, params.get("view")) }),
});

export interface AuditFilter {
  actor: string;
  entityType: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
}

const AUDIT_KEYS = ["actor", "entityType", "entityId", "action", "from", "to"] as const;

/** The audit trail, newest first (the server's order). */
export const AUDIT_LIST = workspaceList<AuditFilter, never>({
  emptyFilter: { actor: "", entityType: "", entityId: "", action: "", from: "", to: "" },
  filterKeys: AUDIT_KEYS,
  readFilter(params) {
    const text = (key: (typeof AUDIT_KEYS)[number]) => (params.get(key) ?? "").slice(0, 200);
    return {
      actor: text("actor"),
      entityType: text("entityType"),
      entityId: text("entityId"),
      action: text("action"),
      from: text("from"),
      to: text("to"),
    };
  },
});

/** The audit filter as the API takes it: dates are whole days in the viewer's time zone. */
export function auditFilterOf(filter: AuditFilter) {
  return {
    actor: filter.actor.trim() || null,
    entityType: filter.entityType || null,
    entityId: filter.entityId || null,
    action: filter.action || null,
    from: dayBounds(filter.from)?.start ?? null,
    to: dayBounds(filter.to)?.end ?? null,
  };
}
