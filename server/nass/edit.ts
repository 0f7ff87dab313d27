import { NASS_CODE_REQUIRED } from "../../common/routing.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ConflictError, type FieldError, NotFoundError, ValidationError } from "../errors.ts";
import type { NassCode, Prisma } from "../generated/sqlite/client.ts";
import { assertCleanText } from "../http/input-text.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { coordinatesOf } from "./import.ts";
import { isProblem, NASS_VALUE_FIELDS, type NassValues, parseNassValue } from "./values.ts";

export const NASS_NOT_FOUND = "NASS code not found";

export function nassCodeTaken(code: string): string {
  return `NASS code ${code} already exists.`;
}

/**
 * The add/edit form's values with the same rules as the import: undefined leaves a field, null
 * or blank clears it (the code cannot be cleared).
 */
function parseForm(raw: unknown, creating: boolean): NassValues {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ValidationError("Send the NASS facility's fields");
  }
  assertCleanText(raw);
  const input = raw as Record<string, unknown>;
  const values: NassValues = {};
  const problems: FieldError[] = [];
  for (const field of NASS_VALUE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null || (typeof value === "string" && value.trim() === "")) {
      if (field === "code") problems.push({ field, message: NASS_CODE_REQUIRED });
      else if (field === "originating" || field === "destinating") values[field] = false;
      else (values as Record<string, unknown>)[field] = null;
      continue;
    }
    if (!["string", "number", "boolean"].includes(typeof value)) {
      problems.push({ field, message: `${field} is not valid` });
      continue;
    }
    const parsed =
      typeof value === "boolean" && (field === "originating" || field === "destinating")
        ? value
        : parseNassValue(field, String(value));
    if (isProblem(parsed)) problems.push({ field, message: parsed.problem });
    else (values as Record<string, unknown>)[field] = parsed;
  }
  if (creating && values.code === undefined && !problems.some((problem) => problem.field === "code")) {
    problems.push({ field: "code", message: NASS_CODE_REQUIRED });
  }
  if (problems.length > 0) throw new ValidationError(problems[0].message, problems);
  return values;
}

function withCoordinates(values: NassValues): Prisma.NassCodeUncheckedUpdateInput {
  const data: Prisma.NassCodeUncheckedUpdateInput = { ...values };
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
  const values = parseForm(raw, true);
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

/** Edits a facility found by id or code; a changed zip moves it to the new ZIP centroid. */
export async function updateNassCode(ctx: Context, reference: string, raw: unknown): Promise<NassCode> {
  requireAdmin(ctx);
  const nass = await nassOrThrow(ctx, reference);
  const values = parseForm(raw, false);
  if (values.zip !== undefined && values.latitude === undefined && values.zip === nass.zip) {
    // Same zip: keep coordinates the facility may have been given by hand.
    delete values.zip;
  }
  try {
    return await ctx.db.$transaction(async (tx) => {
      const updated = await tx.nassCode.update({ where: { id: nass.id }, data: withCoordinates(values) });
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
