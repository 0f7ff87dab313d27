import { type RestRoute, withStatus } from "../../http/router.ts";
import { createManualAssignment, manualAssignmentJson } from "./service.ts";

export const manualAssignmentRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/loads/manual-assignment",
    access: "admin",
    handle: async (ctx, { body }) =>
      withStatus(201, manualAssignmentJson(await createManualAssignment(ctx, body))),
  },
];
