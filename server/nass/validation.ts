import { z } from "zod";
import { GEOFENCE_RADIUS_BOUNDS, GEOFENCE_RADIUS_MESSAGE, NASS_CODE_REQUIRED } from "../../common/routing.ts";
import { expectedVersionFields } from "../../common/row-version-input.ts";
import { tableFromObjects } from "../loads/upload/input.ts";
import type { NassImportInput } from "./import.ts";
import {
  isProblem,
  NASS_LABELS,
  NASS_VALUE_FIELDS,
  type NassValueField,
  type NassValues,
  parseNassValue,
} from "./values.ts";

export const NASS_FORM_REQUIRED = "Send the NASS facility's fields";

const FLAGS = new Set<NassValueField>(["originating", "destinating"]);

/** What each field is, for the OpenAPI document (the values also come as text, as in the CSV). */
function documented(field: NassValueField) {
  const label = NASS_LABELS[field];
  if (FLAGS.has(field))
    return { type: ["boolean", "string", "null"], description: `${label}: true/false or yes/no.` };
  if (field === "latitude" || field === "longitude") {
    return { type: ["number", "string", "null"], description: `${label}; without it, the ZIP's centroid.` };
  }
  return { type: ["string", "null"], description: label };
}

/**
 * One field of the add/edit form, with the import's rule (values.ts): undefined leaves it, null or
 * blank clears it (a flag becomes false; the code cannot be cleared).
 */
const nassField = (field: NassValueField) =>
  z
    .unknown()
    .transform((value, context) => {
      const problem = (message: string) => {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if (value === undefined) return undefined;
      if (value === null || (typeof value === "string" && value.trim() === "")) {
        if (field === "code") return problem(NASS_CODE_REQUIRED);
        return FLAGS.has(field) ? false : null;
      }
      if (!["string", "number", "boolean"].includes(typeof value)) return problem(`${field} is not valid`);
      const parsed =
        typeof value === "boolean" && FLAGS.has(field) ? value : parseNassValue(field, String(value));
      return isProblem(parsed) ? problem(parsed.problem) : parsed;
    })
    .optional()
    .meta(documented(field));

/** The tracking geofence's radius in meters: a whole number within bounds; null or blank: the default. */
const geofenceRadiusField = z
  .unknown()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const meters =
      typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
    if (
      !Number.isInteger(meters) ||
      meters < GEOFENCE_RADIUS_BOUNDS.min ||
      meters > GEOFENCE_RADIUS_BOUNDS.max
    ) {
      context.addIssue({ code: "custom", message: GEOFENCE_RADIUS_MESSAGE });
      return z.NEVER;
    }
    return meters;
  })
  .optional()
  .meta({
    type: ["integer", "string", "null"],
    description: "The tracking geofence around the facility in meters; null: the default (200 m).",
  });

/** The facility's fields as sent. */
const nassFields = z.object(
  {
    ...(Object.fromEntries(NASS_VALUE_FIELDS.map((field) => [field, nassField(field)])) as Record<
      NassValueField,
      ReturnType<typeof nassField>
    >),
    geofenceRadiusMeters: geofenceRadiusField,
  },
  { error: NASS_FORM_REQUIRED },
);

interface VersionInput {
  expectedVersion?: number;
  version?: number;
}

/** Only the fields given end up in the values. */
const givenOnly = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as NassValues;

/** POST /routing/nass and createNassCode: the code is required (reported after the other fields). */
export const createNassInput = nassFields
  .refine((input) => input.code !== undefined, {
    path: ["code"],
    message: NASS_CODE_REQUIRED,
    when: ({ value, issues }) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      !issues.some((issue) => !issue.path?.length || issue.path[0] === "code"),
  })
  .transform(givenOnly)
  .meta({ required: ["code"] });

/**
 * PUT /routing/nass/{code} and updateNassCode: only the fields sent change. `version` (or
 * `expectedVersion`) is the version the editor read: 409 when the code moved since (an import too).
 */
export const updateNassInput = nassFields.extend(expectedVersionFields).transform((input) => {
  // The fields' shape is built from a list, so its type is loose; the two version fields are not.
  const { expectedVersion, version, ...fields } = input as Record<string, unknown> & VersionInput;
  return { values: givenOnly(fields), expectedVersion, version };
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * POST /routing/nass/import: `{csv, fileName}` (the file's text), `{rows: [{Code, Region, ...}],
 * fileName}` (papaparse's header rows) or `{columns, rows}` (rows as cell lists). Nothing is refused
 * here: `importNassCodes` checks the table (size, Code column, every row).
 */
export const nassImportBody = z
  .preprocess(
    (value) => (isObject(value) ? value : {}),
    z.looseObject({
      csv: z
        .unknown()
        .optional()
        .meta({ type: "string", description: "The file's text: CSV with a header row." }),
      rows: z
        .unknown()
        .optional()
        .meta({
          type: "array",
          items: { type: ["object", "array"] },
          description: "Objects keyed by the CSV header, or cell lists in the order of `columns`.",
        }),
      columns: z
        .unknown()
        .optional()
        .meta({
          type: "array",
          items: { type: "string" },
          description: "The header, when rows are cell lists.",
        }),
      fileName: z.unknown().optional().meta({ type: "string", description: "For the audit trail." }),
    }),
  )
  .transform((input): NassImportInput => {
    const rows = Array.isArray(input.rows) ? input.rows : [];
    const table = Array.isArray(input.columns)
      ? { columns: input.columns.map(String), rows: rows as (string | null)[][] }
      : tableFromObjects(rows);
    const csvOnly = typeof input.csv === "string" && input.rows === undefined && input.columns === undefined;
    return {
      csv: typeof input.csv === "string" ? input.csv : null,
      table: csvOnly ? null : table,
      fileName: typeof input.fileName === "string" ? input.fileName : null,
    };
  });
