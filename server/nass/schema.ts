import { queryFromInfo } from "@pothos/plugin-prisma";
import { builder } from "../builder.ts";
import {
  PAGE_ARG_DESCRIPTION,
  PAGE_SIZE_ARG_DESCRIPTION,
  pagedConnection,
} from "../graphql/offset-fields.ts";
import { memoize, offsetConnection, offsetWindow } from "../graphql/offset-paging.ts";
import { countNassCodes, findNassCodePage } from "./service.ts";

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

builder.queryField("nassCodes", (t) =>
  t.connection(
    {
      type: NassCodeType,
      description: "NASS codes by code, for the NASS table and the stop editor's picker.",
      authScopes: { admin: true },
      args: {
        search: t.arg.string({ description: "Text in the code, facility name or city (any case)." }),
        page: t.arg.int({ description: PAGE_ARG_DESCRIPTION }),
        pageSize: t.arg.int({ description: PAGE_SIZE_ARG_DESCRIPTION }),
      },
      resolve: async (_root, args, ctx, info) => {
        const totalCount = memoize(() => countNassCodes(ctx, args.search));
        const window = await offsetWindow(args, NASS_PAGING, totalCount);
        const rows =
          window.limit === 0
            ? []
            : await findNassCodePage(
                ctx,
                args.search,
                window,
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
