import type { RestRoute } from "../http/router.ts";
import { listAllNassCodes, nassJson } from "./service.ts";

export const nassRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/routing/nass",
    access: "admin",
    // The screen passes a filter and sort object that the spec leaves unused.
    handle: async (ctx) => (await listAllNassCodes(ctx)).map(nassJson),
  },
];
