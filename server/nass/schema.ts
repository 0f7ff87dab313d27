import { adminsOnly } from "../auth/read-policy.ts";
import { type BuilderTypes, builder } from "../builder.ts";
import { textLimit } from "../graphql/bounded-input.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { idOrReference } from "../graphql/ids.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { createNassCode, updateNassCode } from "./edit.ts";
import { importNassCodes, type NassImportOutcome, type NassSkippedRow } from "./import.ts";
import type { NassListFilters } from "./list.ts";
import { DEFAULT_NASS_SORT, type NassSortField } from "./list.ts";
import { findNassCodePage, nassFacets } from "./service.ts";
import { facilityTimeZone } from "./time-zone.ts";

/** One text per NASS column, shared by the type and its create/update inputs. */
const NASS_TEXT = {
  code: "The NASS code, unique.",
  region: "The USPS region (area).",
  division: "The USPS division (district).",
  fdbid: "The USPS Facilities Database id.",
  facilityName: "The facility's name.",
  street: "Street address.",
  city: "City.",
  state: "State, two-letter code.",
  zip: "ZIP code.",
  typeCode: "The USPS facility type code.",
  subType: "The facility sub-type.",
  facType: "The facility type.",
  originating: "Whether mail originates here (dispatch).",
  destinating: "Whether mail destinates here (receipt).",
  latitude: "Latitude in decimal degrees (WGS 84).",
  longitude: "Longitude in decimal degrees (WGS 84).",
  geofenceRadiusMeters:
    "The tracking geofence around the facility in meters (25 to 5000); null: the default (TRACKING_GEOFENCE_METERS, 200).",
} as const;

export const NassCodeType = builder.prismaNode("NassCode", {
  id: { field: "id" },
  description: "A USPS facility (NASS code): where loads are picked up and delivered.",
  select: { id: true },
  // NASS is for operators: the type carries the rule, so node(id:) and every other path obey it.
  ...readPolicyOptions(adminsOnly),
  fields: (t) => ({
    code: t.exposeString("code", { description: NASS_TEXT.code }),
    region: t.exposeString("region", { nullable: true, description: NASS_TEXT.region }),
    division: t.exposeString("division", { nullable: true, description: NASS_TEXT.division }),
    fdbid: t.exposeString("fdbid", { nullable: true, description: NASS_TEXT.fdbid }),
    facilityName: t.exposeString("facilityName", { nullable: true, description: NASS_TEXT.facilityName }),
    street: t.exposeString("street", { nullable: true, description: NASS_TEXT.street }),
    city: t.exposeString("city", { nullable: true, description: NASS_TEXT.city }),
    state: t.exposeString("state", { nullable: true, description: NASS_TEXT.state }),
    zip: t.exposeString("zip", { nullable: true, description: NASS_TEXT.zip }),
    typeCode: t.exposeString("typeCode", { nullable: true, description: NASS_TEXT.typeCode }),
    subType: t.exposeString("subType", { nullable: true, description: NASS_TEXT.subType }),
    facType: t.exposeString("facType", { nullable: true, description: NASS_TEXT.facType }),
    originating: t.exposeBoolean("originating", { description: NASS_TEXT.originating }),
    destinating: t.exposeBoolean("destinating", { description: NASS_TEXT.destinating }),
    latitude: t.exposeFloat("latitude", { nullable: true, description: NASS_TEXT.latitude }),
    longitude: t.exposeFloat("longitude", { nullable: true, description: NASS_TEXT.longitude }),
    timeZone: t.string({
      nullable: true,
      description: "The facility's IANA time zone, from its coordinates (offline lookup); null without them.",
      select: { latitude: true, longitude: true },
      resolve: (nass) => facilityTimeZone(nass),
    }),
    geofenceRadiusMeters: t.exposeInt("geofenceRadiusMeters", {
      nullable: true,
      description: NASS_TEXT.geofenceRadiusMeters,
    }),
    version: t.exposeInt("version", {
      description:
        "Moves forward with every edit and import of the code. Send it back as updateNassCode's expectedVersion: the save is refused (ConflictError) if someone else changed the code since.",
    }),
  }),
});

/** NASS codes page 50 at a time, like the screen. */

const NassFilter = builder.inputType("NassFilter", {
  description: "Criteria of the NASS list (values from `nassFacets`); all given ones must hold.",
  fields: (t) => ({
    region: t.string({ description: "This region exactly." }),
    division: t.string({ description: "This division exactly." }),
    state: t.string({ description: "This state (two-letter code)." }),
    facType: t.string({ description: "The facility type." }),
    originating: t.boolean({ description: "Originating facilities only (true) or none of them (false)." }),
    destinating: t.boolean({ description: "Destinating facilities only (true) or none of them (false)." }),
  }),
});

const SORT_FIELDS: Record<string, NassSortField> = {
  CODE: "code",
  REGION: "region",
  DIVISION: "division",
  FACILITY_NAME: "facilityName",
  CITY: "city",
  STATE: "state",
  ZIP: "zip",
  FACILITY_TYPE: "facType",
};

pagedListField("nassCodes", {
  name: "NassCode",
  node: NassCodeType,
  model: "NassCode",
  description: "NASS codes, for the NASS table and the stop editor's picker: 50 a page, by code.",
  authScopes: { admin: true },
  searchDescription: "Text in the code, facility name, city, state or zip (any case).",
  filter: NassFilter,
  sortFields: SORT_FIELDS,
  sortFieldDescriptions: {
    CODE: "By NASS code.",
    REGION: "By region.",
    DIVISION: "By division.",
    FACILITY_NAME: "By facility name.",
    CITY: "By city.",
    STATE: "By state.",
    ZIP: "By ZIP code.",
    FACILITY_TYPE: "By facility type.",
  },
  defaultOrder: DEFAULT_NASS_SORT,
  load: async (ctx, { search, filter, orderBy, paging }, query) => {
    const filters: NassListFilters = { search, ...filter };
    return findNassCodePage(ctx, { filters, sort: orderBy, paging }, query);
  },
});

const NassFacetsType = builder.objectRef<Awaited<ReturnType<typeof nassFacets>>>("NassFacets").implement({
  description: "The values the NASS table's filters offer.",
  fields: (t) => ({
    regions: t.exposeStringList("regions", { description: "Every region in use." }),
    divisions: t.exposeStringList("divisions", { description: "Every division in use." }),
    states: t.exposeStringList("states", { description: "Every state in use." }),
    facilityTypes: t.exposeStringList("facilityTypes", { description: "Every facility type in use." }),
  }),
});

builder.queryField("nassFacets", (t) =>
  t.field({
    type: NassFacetsType,
    description: "The values the NASS table's filters offer.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => nassFacets(ctx),
  }),
);

const nassFields = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, "InputObject">) => ({
  region: t.string({ description: NASS_TEXT.region }),
  division: t.string({ description: NASS_TEXT.division }),
  fdbid: t.string({ description: NASS_TEXT.fdbid }),
  facilityName: t.string({ description: NASS_TEXT.facilityName }),
  street: t.string({ description: NASS_TEXT.street }),
  city: t.string({ description: NASS_TEXT.city }),
  state: t.string({ description: NASS_TEXT.state }),
  zip: t.string({ description: NASS_TEXT.zip }),
  typeCode: t.string({ description: NASS_TEXT.typeCode }),
  subType: t.string({ description: NASS_TEXT.subType }),
  facType: t.string({ description: NASS_TEXT.facType }),
  originating: t.boolean({ description: NASS_TEXT.originating }),
  destinating: t.boolean({ description: NASS_TEXT.destinating }),
  latitude: t.float({ description: "Left out: the ZIP code's centroid." }),
  longitude: t.float({ description: "Left out: the ZIP code's centroid." }),
  geofenceRadiusMeters: t.int({ description: NASS_TEXT.geofenceRadiusMeters }),
});

const CreateNassCodeInput = builder.inputType("CreateNassCodeInput", {
  description: "A new NASS record; only the code is required.",
  fields: (t) => ({ code: t.string({ required: true, description: NASS_TEXT.code }), ...nassFields(t) }),
});

const UpdateNassCodeInput = builder.inputType("UpdateNassCodeInput", {
  description: "Fields left out stay; null clears.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The NASS record (Relay id, id or code)." }),
    expectedVersion: t.int({
      description:
        "The code's version as the editor read it: when it has changed since (an edit or an import), nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    code: t.string({ description: NASS_TEXT.code }),
    ...nassFields(t),
  }),
});

const ImportNassCodesInput = builder.inputType("ImportNassCodesInput", {
  description:
    "The NASS file, at most 5 MB of CSV: either its text in `csv`, or parsed as `columns` (the header row) and `rows` (each line's cells).",
  fields: (t) => ({
    csv: t.string({
      description: "The CSV file's text, header row first (the fastest form for large files).",
      // Its size is the import's own rule (413 past 5 MB, within the body limit); its text is still checked.
      extensions: textLimit(Number.POSITIVE_INFINITY),
    }),
    columns: t.stringList({ description: "The header row, when the file is sent parsed." }),
    rows: t.field({
      type: [t.listRef("String", { required: false })],
      required: { list: false, items: true },
      description: "Each line's cells in the order of `columns`, when the file is sent parsed.",
    }),
    fileName: t.string({ description: "The uploaded file's name, for the audit log." }),
  }),
});

const NassCodePayload = (name: string) =>
  builder.objectRef<{ nassId: string }>(name).implement({
    description: "The NASS record after the change.",
    fields: (p) => ({
      nassCode: p.prismaField({
        type: NassCodeType,
        description: "The changed record.",
        resolve: (query, payload, _args, ctx) =>
          ctx.db.nassCode.findUniqueOrThrow({ ...query, where: { id: payload.nassId } }),
      }),
    }),
  });

const NassImportSkippedRowType = builder.objectRef<NassSkippedRow>("NassImportSkippedRow").implement({
  description: "A row the import did not write because its code changed after the import read it.",
  fields: (t) => ({
    row: t.exposeInt("row", { description: "The row's place among the file's data rows (from 1)." }),
    code: t.exposeString("code", { description: "The NASS code the row names." }),
    reason: t.exposeString("reason", { description: "Why it was skipped, in words for the user." }),
  }),
});

const ImportNassCodesPayload = builder.objectRef<NassImportOutcome>("ImportNassCodesPayload").implement({
  description: "What the import wrote.",
  fields: (p) => ({
    createdCount: p.exposeInt("createdCount", { description: "How many new codes it created." }),
    updatedCount: p.exposeInt("updatedCount", { description: "How many existing codes it updated." }),
    skipped: p.field({
      type: [NassImportSkippedRowType],
      description:
        "Rows of codes someone else changed while the import ran: their change was kept, these rows were not written.",
      resolve: (payload) => payload.skipped,
    }),
  }),
});

builder.mutationFields((t) => ({
  createNassCode: t.field({
    type: NassCodePayload("CreateNassCodePayload"),
    description: "Adds a NASS record; a taken code is a ConflictError.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateNassCodeInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ nassId: (await createNassCode(ctx, input)).id }),
  }),
  updateNassCode: t.field({
    type: NassCodePayload("UpdateNassCodePayload"),
    description: "Edits a NASS record: only the fields sent change.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateNassCodeInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, ...fields } = input;
      return { nassId: (await updateNassCode(ctx, idOrReference("NassCode", String(id)), fields)).id };
    },
  }),
  importNassCodes: t.field({
    type: ImportNassCodesPayload,
    description:
      "Upsert by code; every row is checked first and any problem refuses the file (fields rows.N.field).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: ImportNassCodesInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      importNassCodes(ctx, {
        csv: input.csv,
        table: input.columns || input.rows ? { columns: input.columns ?? [], rows: input.rows ?? [] } : null,
        fileName: input.fileName,
      }),
  }),
}));
