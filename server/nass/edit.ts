import { NASS_CHANGED_ELSEWHERE } from "../../common/routing.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { NassCode, Prisma } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { assertVersion, expectedVersionOf, NEXT_VERSION, writeAtVersion } from "../lib/row-version.ts";
import { parseInput } from "../lib/validate.ts";
import { coordinatesOf } from "./import.ts";
import { createNassInput, updateNassInput } from "./validation.ts";
import type { NassValues } from "./values.ts";

export const NASS_NOT_FOUND = "NASS code not found";
const NASS_VERSION_TEXTS = { changed: NASS_CHANGED_ELSEWHERE, notFound: NASS_NOT_FOUND };

export function nassCodeTaken(code: string): string {
  return `NASS code ${code} already exists.`;
}

function withCoordinates(values: NassValues): Prisma.NassCodeUncheckedUpdateManyInput {
  const data: Prisma.NassCodeUncheckedUpdateManyInput = { ...values };
  if (values.zip !== undefined || values.latitude !== undefined || values.longitude !== undefined) {
    const point = coordinatesOf(values);
    data.latitude = point?.latitude ?? null;
    data.longitude = point?.longitude ?? null;
  }
  return data;
}

async function nassOrThrow(ctx: Context, reference: string): Promise<NassCode> {
  const nass = await ctx.db.nassCode.findFirst({ where: { OR: [{ id: reference }, { code: reference }] } });
  if (!nass) throw new NotFoundError(NASS_NOT_FOUND);
  return nass;
}

/** Adds a facility; coordinates from the form or the ZIP centroid. */
export async function createNassCode(ctx: Context, raw: unknown): Promise<NassCode> {
  requireAdmin(ctx);
  const values = parseInput(createNassInput, raw);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const created = await tx.nassCode.create({
        data: withCoordinates(values) as Prisma.NassCodeUncheckedCreateInput,
      });
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "nass.create",
        entityType: "NassCode",
        entityId: created.id,
        details: { code: created.code },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(nassCodeTaken(values.code!), "code");
    throw error;
  }
}

/**
 * Edits a facility found by id or code; a changed zip moves it to the new ZIP centroid. With the
 * version the editor read, a save over someone else's edit or an import of the code is refused
 * with 409 and writes nothing (checked at once and by the update's own `WHERE version = ?`).
 */
export async function updateNassCode(ctx: Context, reference: string, raw: unknown): Promise<NassCode> {
  requireAdmin(ctx);
  const nass = await nassOrThrow(ctx, reference);
  const input = parseInput(updateNassInput, raw);
  const expectedVersion = expectedVersionOf(input);
  assertVersion(nass, expectedVersion, NASS_VERSION_TEXTS);
  const { values } = input;
  if (values.zip !== undefined && values.latitude === undefined && values.zip === nass.zip) {
    // Same zip: keep coordinates the facility may have been given by hand.
    delete values.zip;
  }
  try {
    return await ctx.db.$transaction(async (tx) => {
      await writeAtVersion(expectedVersion, NASS_VERSION_TEXTS, (version) =>
        tx.nassCode.updateMany({
          where: { id: nass.id, ...version },
          data: { ...withCoordinates(values), ...NEXT_VERSION },
        }),
      );
      const updated = await tx.nassCode.findUniqueOrThrow({ where: { id: nass.id } });
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "nass.update",
        entityType: "NassCode",
        entityId: nass.id,
        details: { code: updated.code, ...values },
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(nassCodeTaken(values.code!), "code");
    throw error;
  }
}
