import { queryFromInfo } from "@pothos/plugin-prisma";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import {
  PAGE_ARG_DESCRIPTION,
  PAGE_SIZE_ARG_DESCRIPTION,
  pagedConnection,
} from "../graphql/offset-fields.ts";
import { memoize, offsetConnection, offsetWindow } from "../graphql/offset-paging.ts";
import { SortDirectionEnum } from "../loads/schema.ts";
import { createNassCode, updateNassCode } from "./edit.ts";
import { importNassCodes } from "./import.ts";
import { DEFAULT_NASS_SORT, NASS_SORT_FIELDS, type NassSortField } from "./list.ts";
import { countNassCodes, findNassCodePage, nassFacets } from "./service.ts";

export const NassCodeType = builder.prismaNode("NassCode", {
  id: { field: "id" },
  description: "A USPS facility (NASS code): where loads are picked up and delivered.",
  select: { id: true },
  authScopes: { authenticated: true },
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

const SORT_NAMES: Record<NassSortField, string> = {
  code: "CODE",
  region: "REGION",
  division: "DIVISION",
  facilityName: "FACILITY_NAME",
  city: "CITY",
  state: "STATE",
  zip: "ZIP",
  facType: "FACILITY_TYPE",
};

const NassSortFieldEnum = builder.enumType("NassSortField", {
  values: Object.fromEntries(
    NASS_SORT_FIELDS.map((field) => [SORT_NAMES[field], { value: field }]),
  ) as Record<string, { value: NassSortField }>,
});

const NassOrder = builder.inputType("NassOrder", {
  fields: (t) => ({
    field: t.field({ type: NassSortFieldEnum, required: true }),
    direction: t.field({ type: SortDirectionEnum, defaultValue: "asc" }),
  }),
});

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

builder.queryField("nassCodes", (t) =>
  t.connection(
    {
      type: NassCodeType,
      description: "NASS codes, for the NASS table and the stop editor's picker: 50 a page, by code.",
      authScopes: { admin: true },
      args: {
        search: t.arg.string({
          description: "Text in the code, facility name, city, state or zip (any case).",
        }),
        filter: t.arg({ type: NassFilter }),
        orderBy: t.arg({ type: NassOrder }),
        page: t.arg.int({ description: PAGE_ARG_DESCRIPTION }),
        pageSize: t.arg.int({ description: PAGE_SIZE_ARG_DESCRIPTION }),
      },
      resolve: async (_root, args, ctx, info) => {
        const filters = { search: args.search, ...args.filter };
        const totalCount = memoize(() => countNassCodes(ctx, filters));
        const window = await offsetWindow(args, NASS_PAGING, totalCount);
        const sort = args.orderBy
          ? { field: args.orderBy.field, direction: args.orderBy.direction ?? "asc" }
          : DEFAULT_NASS_SORT;
        const rows =
          window.limit === 0
            ? []
            : await findNassCodePage(
                ctx,
                { filters, sort, window },
                queryFromInfo({ context: ctx, info, path: ["edges", "node"], typeName: "NassCode" }),
              );
        return offsetConnection(rows, window, totalCount);
      },
    },
    {
      name: "NassCodeConnection",
      fields: (tc) => ({
        totalCount: tc.int({ resolve: pagedConnection.totalCount }),
        pageCount: tc.int({ resolve: pagedConnection.pageCount }),
        page: tc.int({ resolve: pagedConnection.page }),
        pageSize: tc.int({ resolve: pagedConnection.pageSize }),
      }),
    },
  ),
);

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
