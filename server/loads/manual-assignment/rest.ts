import { errors } from "../../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../../http/router.ts";
import { loadJson } from "../json.ts";
import { loadSchema } from "../rest-schemas.ts";
import { createManualAssignment } from "./service.ts";
import { MANUAL_ASSIGNMENT_MESSAGES, manualAssignmentInput } from "./validation.ts";

export const manualAssignmentRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/loads/manual-assignment",
    access: "admin",
    schema: {
      summary: "Create a load for a driver",
      description:
        "Load Manual Assignment: creates a load assigned to a carrier's driver (`assignedUserKey`: the " +
        "driver's userId; `carrierId`, when sent, must be the driver's carrier). loadId, customer and " +
        "the driver are required; `stops` is a count; status defaults to pending, mode to TRUCK. " +
        "Operators only.",
      body: manualAssignmentInput,
      response: {
        201: loadSchema,
        ...errors(400, {
          404: `${MANUAL_ASSIGNMENT_MESSAGES.carrierNotFound}, or ${MANUAL_ASSIGNMENT_MESSAGES.driverNotFound}.`,
          409: MANUAL_ASSIGNMENT_MESSAGES.loadIdTaken,
        }),
      },
    },
    handle: async (ctx, { body }) =>
      withStatus(201, loadJson((await createManualAssignment(ctx, body)).load)),
  },
];
