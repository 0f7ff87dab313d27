import { OUTBOUND_EMAIL_STATUSES, OUTBOX_PAGE_SIZE, type OutboundEmailStatus } from "../../../common/mail.ts";
import type { ListSpec } from "../ui/list/list-url.ts";

/** The Support Hub keeps its tab in the address (`?tab=outbox`); the contact inbox is the default. */
export const SUPPORT_TABS = ["contact", "outbox"] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];
export const SUPPORT_TAB_LABELS: Record<SupportTab, string> = {
  contact: "Contact messages",
  outbox: "Outgoing e-mail",
};

export function supportTabOf(params: URLSearchParams): SupportTab {
  return params.get("tab") === "outbox" ? "outbox" : "contact";
}

export interface OutboxFilter {
  status: OutboundEmailStatus | null;
}

/** The outbox, newest first (the server's order): `q`, `status`, `page`, `size` in the address. */
export const OUTBOX_LIST: ListSpec<OutboxFilter, never> = {
  sortFields: [],
  defaultSort: null,
  pageSize: OUTBOX_PAGE_SIZE,
  emptyFilter: { status: null },
  filterKeys: ["status"],
  readFilter(params) {
    const status = params.get("status");
    return {
      status: (OUTBOUND_EMAIL_STATUSES as readonly string[]).includes(status ?? "")
        ? (status as OutboundEmailStatus)
        : null,
    };
  },
  writeFilter(filter, params) {
    if (filter.status) params.set("status", filter.status);
  },
};
