import { z } from "zod";
import { BILLING_STATUSES, type BillingStatus, parseCalendarDay } from "../../common/billing.ts";
import { parseInput } from "../lib/validate.ts";
import {
  BILLING_SORT_FIELDS,
  type BillingListFilters,
  type BillingSort,
  DEFAULT_BILLING_SORT,
} from "./list.ts";

const DAY_MS = 86_400_000;

const optionalDay = (field: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      const day = parseCalendarDay(value);
      if (!day) {
        context.addIssue({ code: "custom", message: `${field} must be a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return day;
    });

/** The REST lists' and the export's query: ?search&status=a,b&from&to&pastDue&sort&dir. */
const listQuery = z.object({
  search: z.string().max(100, "search is longer than 100 characters").optional(),
  status: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      const statuses = value.split(",").map((status) => status.trim().toLowerCase());
      const unknown = statuses.find((status) => !(BILLING_STATUSES as readonly string[]).includes(status));
      if (unknown !== undefined) {
        context.addIssue({ code: "custom", message: `Unknown status '${unknown}'` });
        return z.NEVER;
      }
      return statuses as BillingStatus[];
    }),
  from: optionalDay("from"),
  to: optionalDay("to"),
  pastDue: z.enum(["true", "false", ""]).optional(),
  sort: z.enum(BILLING_SORT_FIELDS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
});

export function listCriteriaFromQuery(query: URLSearchParams): {
  filters: BillingListFilters;
  sort: BillingSort;
} {
  const parsed = parseInput(listQuery, {
    search: query.get("search") ?? query.get("q") ?? undefined,
    status: query.get("status") ?? undefined,
    from: query.get("from") ?? undefined,
    to: query.get("to") ?? undefined,
    pastDue: query.get("pastDue") ?? undefined,
    sort: query.get("sort") ?? undefined,
    dir: query.get("dir") ?? undefined,
  });
  return {
    filters: {
      search: parsed.search,
      status: parsed.status,
      dateFrom: parsed.from,
      // "to" is a whole day: up to its last millisecond.
      dateTo: parsed.to ? new Date(parsed.to.getTime() + DAY_MS - 1) : undefined,
      pastDue: parsed.pastDue === "true" ? true : parsed.pastDue === "false" ? false : undefined,
    },
    sort: parsed.sort
      ? { field: parsed.sort, direction: parsed.dir ?? "asc" }
      : { ...DEFAULT_BILLING_SORT, direction: parsed.dir ?? DEFAULT_BILLING_SORT.direction },
  };
}

export const asOfQuery = optionalDay("asOf");

/** POST .../tonu: an operator confirms (optionally at another amount) or dismisses the proposal. */
export const tonuDecisionInput = z.object(
  {
    confirm: z.boolean({ error: "confirm must be true or false" }).meta({
      description: "true: the bill becomes one tonu line of the amount; false: the proposal is dismissed.",
    }),
    amount: z
      .union([z.number(), z.string()], { error: "Amount must be a number, e.g. 1250.00" })
      .optional()
      .meta({ description: "Dollars; the proposed amount when left out." }),
  },
  { error: "Send { confirm, amount }" },
);

/** GET /billing/my-bills: how many of the carrier's newest bills. */
export const carrierBillsQuery = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value?.trim()) return 50;
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      context.addIssue({ code: "custom", message: "limit must be a whole number from 1 to 100" });
      return z.NEVER;
    }
    return limit;
  });
