import { USERS_PAGE_SIZE } from "../../common/workspace.ts";
import { openSessionWhere } from "../auth/admin-sessions.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { containsText } from "../db/contains-text.ts";
import type { Prisma, User } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import { type UserListInput, userListInput } from "../workspace/validation.ts";
import { accountStatusWhere } from "./admin.ts";

export const USER_PAGING = { defaultSize: USERS_PAGE_SIZE, maxSize: 200 };

export function userListWhere(databaseUrl: string, filter: UserListInput): Prisma.UserWhereInput {
  const provider = providerOf(databaseUrl);
  const conditions: Prisma.UserWhereInput[] = [];
  if (filter.role) conditions.push({ role: filter.role });
  if (filter.status) conditions.push(accountStatusWhere(filter.status));
  const term = filter.search?.trim();
  if (term) {
    conditions.push({
      OR: [
        { email: containsText(provider, term) },
        { fullName: containsText(provider, term) },
        { userId: containsText(provider, term) },
        { companyName: containsText(provider, term) },
        { carrier: { carrierName: containsText(provider, term) } },
      ],
    });
  }
  return conditions.length > 0 ? { AND: conditions } : {};
}

export function userListOrder(filter: UserListInput): Prisma.UserOrderByWithRelationInput[] {
  const direction = filter.sortDirection ?? (filter.sortBy ? "asc" : "desc");
  const field = filter.sortBy ?? "createdAt";
  const primary: Prisma.UserOrderByWithRelationInput =
    field === "lastSignInAt" || field === "fullName"
      ? { [field]: { sort: direction, nulls: "last" } }
      : { [field]: direction };
  return [primary, { id: direction }];
}

/** Workspace Control's users list (it lives with the User table's owner): search, role and status filters, sort, numbered pages of 50. */
export async function findUserPage(
  ctx: Context,
  rawFilter: unknown,
  paging: OffsetPageArgs,
  query: object = {},
): Promise<OffsetConnection<User>> {
  requireAdmin(ctx);
  const filter = parseInput(userListInput, rawFilter);
  const where = userListWhere(ctx.config.databaseUrl, filter);
  return numberedPage(
    paging,
    USER_PAGING,
    () => ctx.db.user.count({ where }),
    async ({ skip, take }) =>
      (await ctx.db.user.findMany({ ...query, where, orderBy: userListOrder(filter), skip, take })) as User[],
  );
}

/** What the REST list shows of each user beside its columns: its carrier and open-session count. */
export const ADMIN_USER_REST_INCLUDE = {
  include: {
    carrier: { select: { carrierId: true, carrierName: true } },
    _count: { select: { sessions: { where: openSessionWhere() } } },
  },
} satisfies Prisma.UserFindManyArgs;
