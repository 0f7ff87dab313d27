import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { memoize, offsetConnection, offsetWindow } from "../graphql/offset-paging.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { createNassCode, updateNassCode } from "./edit.ts";
import { importNassCodes } from "./import.ts";
import type { NassListFilters } from "./list.ts";
import { DEFAULT_NASS_SORT, type NassSortField } from "./list.ts";
import { countNassCodes, findNassCodePage, nassFacets } from "./service.ts";

export const NassCodeType = builder.prismaNode("NassCode", {
  id: { field: "id" },
  description: "A USPS facility (NASS code): where loads are picked up and delivered.",
  select: { id: true },
  // NASS is for operators: the type carries the rule, so node(id:) and every other path obey it.
  authScopes: { admin: true },
  fields: (t) => ({
    code: t.exposeString("code"),
    region: t.exposeString("region", { nullable: true }),
    division: t.exposeString("division", { nullable: true }),
    fdbid: t.exposeString("fdbid", { nullable: true }),
    facilityName: t.exposeString("facilityName", { nullable: true }),
    street: t.exposeString("street", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    state: t.exposeString("state", { nullable: true }),
    zip: t.exposeString("zip", { nullable: true }),
    typeCode: t.exposeString("typeCode", { nullable: true }),
    subType: t.exposeString("subType", { nullable: true }),
    facType: t.exposeString("facType", { nullable: true }),
    originating: t.exposeBoolean("originating"),
    destinating: t.exposeBoolean("destinating"),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
  }),
});

/** NASS codes page 50 at a time, like the screen. */
const NASS_PAGING = { defaultSize: 50, maxSize: 500 };

const NassFilter = builder.inputType("NassFilter", {
  fields: (t) => ({
    region: t.string(),
    division: t.string(),
    state: t.string(),
    facType: t.string({ description: "The facility type." }),
    originating: t.boolean(),
    destinating: t.boolean(),
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
  defaultOrder: DEFAULT_NASS_SORT,
  load: async (ctx, { search, filter, orderBy, paging }, query) => {
    const filters: NassListFilters = { search, ...filter };
    const totalCount = memoize(() => countNassCodes(ctx, filters));
    const window = await offsetWindow(paging, NASS_PAGING, totalCount);
    const rows =
      window.limit === 0 ? [] : await findNassCodePage(ctx, { filters, sort: orderBy, window }, query);
    return offsetConnection(rows, window, totalCount);
  },
});

const NassFacetsType = builder.objectRef<Awaited<ReturnType<typeof nassFacets>>>("NassFacets").implement({
  description: "The values the NASS table's filters offer.",
  fields: (t) => ({
    regions: t.exposeStringList("regions"),
    divisions: t.exposeStringList("divisions"),
    states: t.exposeStringList("states"),
    facilityTypes: t.exposeStringList("facilityTypes"),
  }),
});

builder.queryField("nassFacets", (t) =>
  t.field({
    type: NassFacetsType,
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => nassFacets(ctx),
  }),
);

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const nassFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">) => ({
  region: t.string(),
  division: t.string(),
  fdbid: t.string(),
  facilityName: t.string(),
  street: t.string(),
  city: t.string(),
  state: t.string(),
  zip: t.string(),
  typeCode: t.string(),
  subType: t.string(),
  facType: t.string(),
  originating: t.boolean(),
  destinating: t.boolean(),
  latitude: t.float({ description: "Left out: the ZIP code's centroid." }),
  longitude: t.float(),
});

const CreateNassCodeInput = builder.inputType("CreateNassCodeInput", {
  fields: (t) => ({ code: t.string({ required: true }), ...nassFields(t) }),
});

const UpdateNassCodeInput = builder.inputType("UpdateNassCodeInput", {
  description: "Fields left out stay; null clears.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The NASS record (Relay id, id or code)." }),
    code: t.string(),
    ...nassFields(t),
  }),
});

const ImportNassCodesInput = builder.inputType("ImportNassCodesInput", {
  description:
    "The parsed CSV: `columns` is the header row, each entry of `rows` one line's cells. At most 5 MB of CSV.",
  fields: (t) => ({
    columns: t.stringList({ required: true }),
    rows: t.field({
      type: [t.listRef("String", { required: false })],
      required: { list: true, items: true },
    }),
    fileName: t.string(),
  }),
});

const NassCodePayload = (name: string) =>
  builder.objectRef<{ nassId: string }>(name).implement({
    fields: (p) => ({
      nassCode: p.prismaField({
        type: NassCodeType,
        resolve: (query, payload, _args, ctx) =>
          ctx.db.nassCode.findUniqueOrThrow({ ...query, where: { id: payload.nassId } }),
      }),
    }),
  });

const ImportNassCodesPayload = builder
  .objectRef<{ createdCount: number; updatedCount: number }>("ImportNassCodesPayload")
  .implement({
    fields: (p) => ({
      createdCount: p.exposeInt("createdCount"),
      updatedCount: p.exposeInt("updatedCount"),
    }),
  });

/** A NassCode Relay id, or the database id or code itself. */
function nassReference(value: string): string {
  try {
    const decoded = decodeGlobalID(value);
    if (decoded.typename === "NassCode") return decoded.id;
  } catch {
    // not a global id
  }
  return value;
}

builder.mutationFields((t) => ({
  createNassCode: t.field({
    type: NassCodePayload("CreateNassCodePayload"),
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateNassCodeInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ nassId: (await createNassCode(ctx, input)).id }),
  }),
  updateNassCode: t.field({
    type: NassCodePayload("UpdateNassCodePayload"),
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateNassCodeInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { id, ...fields } = input;
      return { nassId: (await updateNassCode(ctx, nassReference(String(id)), fields)).id };
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
      importNassCodes(ctx, { table: { columns: input.columns, rows: input.rows }, fileName: input.fileName }),
  }),
}));
