import { builder } from "../builder.ts";
import { memoize, offsetConnection, offsetWindow } from "../graphql/offset-paging.ts";
import { pagedListField } from "../graphql/paged-list.ts";
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

pagedListField("nassCodes", {
  name: "NassCode",
  node: NassCodeType,
  model: "NassCode",
  description: "NASS codes by code, for the NASS table and the stop editor's picker.",
  authScopes: { admin: true },
  searchDescription: "Text in the code, facility name or city (any case).",
  sortFields: { CODE: "code" },
  defaultOrder: { field: "code", direction: "asc" },
  load: async (ctx, { search, orderBy, paging }, query) => {
    const totalCount = memoize(() => countNassCodes(ctx, search));
    const window = await offsetWindow(paging, NASS_PAGING, totalCount);
    const rows =
      window.limit === 0 ? [] : await findNassCodePage(ctx, search, window, query, orderBy.direction);
    return offsetConnection(rows, window, totalCount);
  },
});
