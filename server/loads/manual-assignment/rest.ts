import { type RestRoute, withStatus } from "../../http/router.ts";
import { loadJson } from "../json.ts";
import { createManualAssignment } from "./service.ts";

export const manualAssignmentRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/loads/manual-assignment",
    access: "admin",
    handle: async (ctx, { body }) =>
      withStatus(201, loadJson((await createManualAssignment(ctx, body)).load)),
  },
];
