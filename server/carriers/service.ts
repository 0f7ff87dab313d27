import {
  CARRIER_MESSAGES,
  type CarrierListFilter,
  type CarrierSortField,
  carrierListFilter,
  createCarrierInput,
  updateCarrierInput,
} from "../../common/carriers.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError } from "../errors.ts";
import type { Carrier, Prisma, User } from "../generated/sqlite/client.ts";
import {
  type ListRequest,
  type NodeQuery,
  numberedPage,
  type OffsetConnection,
  type OffsetPageArgs,
} from "../lib/paging.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import {
  assertVersion,
  expectedVersionOf,
  isWriteRace,
  NEXT_VERSION,
  writeAtVersion,
} from "../lib/row-version.ts";
import { parseInput } from "../lib/validate.ts";
import { copyCarrierNameToLoads } from "../loads/sort-copies.ts";
import { driverPage } from "../users/records.ts";
import { lockCarrierIds, nextCarrierId } from "./carrier-id.ts";
import { replaceDrivers } from "./drivers.ts";
import { announceCarrierChange } from "./events.ts";
import { carrierOrderBy, carrierWhere } from "./list.ts";
import { CARRIER_NOT_FOUND, carrierOrThrow } from "./lookup.ts";

type CarrierDb = Pick<Db, "carrier">;
export type CarrierWithDrivers = Carrier & { drivers: User[] };

/** Drivers in a stable, readable order wherever a carrier is answered with them. */
export const DRIVER_ORDER: Prisma.UserOrderByWithRelationInput[] = [{ fullName: "asc" }, { email: "asc" }];
const WITH_DRIVERS = { drivers: { orderBy: DRIVER_ORDER } } as const;

async function withDrivers(db: CarrierDb, id: string): Promise<CarrierWithDrivers> {
  return db.carrier.findUniqueOrThrow({ where: { id }, include: WITH_DRIVERS });
}

export async function getCarrier(ctx: Context, ref: string): Promise<CarrierWithDrivers> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, ref);
  return withDrivers(ctx.db, carrier.id);
}

/** A carrier's drivers, by name, one page. */
export async function findCarrierDriverPage(
  ctx: Context,
  ref: string,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<User>> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, ref);
  return driverPage(ctx.db, carrier.id, DRIVER_ORDER, paging, CARRIER_PAGING);
}

/** The Prisma where/orderBy of a list request; GraphQL adds its own paging and selection. */
export function carrierListQuery(ctx: Context, rawFilter: unknown) {
  requireAdmin(ctx);
  const filter: CarrierListFilter = parseInput(carrierListFilter, rawFilter);
  return { where: carrierWhere(ctx.config.databaseUrl, filter), orderBy: carrierOrderBy(filter) };
}

/** The list screen: 50 a page, at most 200. */
export const CARRIER_PAGING = { defaultSize: 50, maxSize: 200 };

/** One page of the carrier list, GraphQL's (`carriers`) and REST's (filter as sent, checked here). */
export function findCarrierPage(
  ctx: Context,
  rawFilter: unknown,
  paging: OffsetPageArgs,
  query: NodeQuery,
): Promise<OffsetConnection<Carrier>> {
  const { where, orderBy } = carrierListQuery(ctx, rawFilter);
  return numberedPage(
    paging,
    CARRIER_PAGING,
    () => ctx.db.carrier.count({ where }),
    (window) => ctx.db.carrier.findMany({ ...query, ...window, where, orderBy }),
  );
}

/** GraphQL's list arguments as the carrier list's filter. */
export function carrierListFilterOf({
  search,
  filter,
  orderBy,
}: ListRequest<{ type?: string | null }, CarrierSortField>) {
  return { search, type: filter?.type, sortBy: orderBy.field, sortDirection: orderBy.direction };
}

/** What REST shows of each carrier beside its columns: its drivers. */
export const CARRIER_REST_QUERY = { include: WITH_DRIVERS };

interface UniqueFields {
  contactEmail?: string;
  dotNumber?: string;
  mcNumber?: string;
}

/** E-mail, DOT # and MC # each identify one carrier; says which one is taken. */
async function assertUnique(db: CarrierDb, fields: UniqueFields, exceptId?: string): Promise<void> {
  const checks: [keyof UniqueFields, string, string][] = [
    ["contactEmail", CARRIER_MESSAGES.emailTaken, "email"],
    ["dotNumber", CARRIER_MESSAGES.dotTaken, "dotNumber"],
    ["mcNumber", CARRIER_MESSAGES.mcTaken, "mcNumber"],
  ];
  for (const [column, message, field] of checks) {
    const value = fields[column];
    if (value === undefined) continue;
    const taken = await db.carrier.findFirst({
      where: { [column]: value, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true },
    });
    if (taken) throw new ConflictError(message, field);
  }
}

const CREATE_ATTEMPTS = 5;

export async function createCarrier(ctx: Context, input: unknown): Promise<CarrierWithDrivers> {
  requireAdmin(ctx);
  const data = parseInput(createCarrierInput, input);
  const unique = { contactEmail: data.email, dotNumber: data.dotNumber, mcNumber: data.mcNumber };
  for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
    try {
      const created = await ctx.db.$transaction(async (tx) => {
        await lockCarrierIds(tx, ctx.config.databaseUrl);
        await assertUnique(tx, unique);
        const carrier = await tx.carrier.create({
          data: {
            carrierId: await nextCarrierId(tx),
            carrierName: data.carrierName,
            dotNumber: data.dotNumber,
            mcNumber: data.mcNumber,
            type: data.type,
            contactName: data.contact,
            contactPhone: data.phone,
            contactEmail: data.email,
          },
          include: WITH_DRIVERS,
        });
        await recordAudit(tx, {
          actor: auditActor(ctx),
          action: "carrier.create",
          entityType: "Carrier",
          entityId: carrier.id,
          details: { carrierId: carrier.carrierId, carrierName: carrier.carrierName },
        });
        return carrier;
      });
      announceCarrierChange(ctx, created.id);
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent create took the e-mail, DOT or MC (say which), or the same carrierId (retry).
      await assertUnique(ctx.db, unique);
    }
  }
  throw new ConflictError("Could not allocate a carrier id. Please try again.");
}

const CARRIER_VERSION_TEXTS = { changed: CARRIER_MESSAGES.changedElsewhere, notFound: CARRIER_NOT_FOUND };

/**
 * The carrier detail form (PATCH /carriers/{id}, updateCarrier). With the version the editor read
 * (`expectedVersion`, REST also `version`), a save over someone else's change (the fields or the
 * driver list) is refused with 409 and writes nothing: checked at once and again by the update's
 * own `WHERE version = ?`, so of two saves of one version exactly one wins.
 */
export async function updateCarrier(ctx: Context, ref: string, input: unknown): Promise<CarrierWithDrivers> {
  requireAdmin(ctx);
  const carrier = await carrierOrThrow(ctx.db, ref);
  const changes = parseInput(updateCarrierInput, input);
  const expectedVersion = expectedVersionOf(changes);
  assertVersion(carrier, expectedVersion, CARRIER_VERSION_TEXTS);
  const data: Prisma.CarrierUpdateManyMutationInput = {
    carrierName: changes.carrierName,
    dotNumber: changes.dotNumber,
    mcNumber: changes.mcNumber,
    type: changes.type,
    contactName: changes.contact?.name,
    contactPhone: changes.contact?.phone,
    contactEmail: changes.contact?.email,
  };
  const unique: UniqueFields = {
    contactEmail: changes.contact?.email,
    dotNumber: changes.dotNumber,
    mcNumber: changes.mcNumber,
  };
  const fields = Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
      await assertUnique(tx, unique, carrier.id);
      await writeAtVersion(expectedVersion, CARRIER_VERSION_TEXTS, (version) =>
        tx.carrier.updateMany({ where: { id: carrier.id, ...version }, data: { ...data, ...NEXT_VERSION } }),
      );
      const after = await tx.carrier.findUniqueOrThrow({ where: { id: carrier.id } });
      if (changes.carrierName !== undefined && changes.carrierName !== carrier.carrierName) {
        await copyCarrierNameToLoads(tx, carrier.id, changes.carrierName);
      }
      const drivers = changes.drivers ? await replaceDrivers(tx, carrier, changes.drivers) : undefined;
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "carrier.update",
        entityType: "Carrier",
        entityId: carrier.id,
        details: {
          fields,
          changes: changedFields(carrier, after, fields as (keyof typeof carrier & string)[]),
          ...(drivers ? { drivers } : {}),
        },
      });
      return withDrivers(tx, carrier.id);
    });
    announceCarrierChange(ctx, carrier.id);
    return updated;
  } catch (error) {
    if (isWriteRace(error)) throw new ConflictError(CARRIER_MESSAGES.changedElsewhere);
    if (!isUniqueViolation(error)) throw error;
    await assertUnique(ctx.db, unique, carrier.id);
    throw new ConflictError("The carrier changed meanwhile. Please try again.");
  }
}
