import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import type { RestRoute } from "../http/router.ts";
import { listAllNassCodes, nassJson } from "./service.ts";

export const nassRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/routing/nass",
    // The screen passes a filter and sort object that the spec leaves unused.
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listAllNassCodes(ctx, page);
      return pagedReply(items.map(nassJson), page, totalCount, request);
    },
  },
];
