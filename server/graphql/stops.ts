import { STOP_TYPES, type StopType } from "../../common/loads/values.ts";
import { adminsOnly } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { describedValues } from "./described-values.ts";
import { readPolicyOptions } from "./read-policy.ts";

/** The stop types and nodes loads and routes share (neither domain's schema imports the other's). */
export const StopTypeEnum = builder.enumType("StopType", {
  description: "What happens at a load's stop.",
  values: describedValues(STOP_TYPES, {
    pickup: "Freight is loaded.",
    stop: "An intermediate stop.",
    delivery: "Freight is unloaded.",
  }),
});

/** LoadStop and RouteStop: a NASS facility visited in sequence; they differ only in whose order it is. */
export const stopNode = (model: "LoadStop" | "RouteStop", description: string, sequenceDescription: string) =>
  builder.prismaNode(model, {
    id: { field: "id" },
    description,
    select: { id: true },
    ...readPolicyOptions(adminsOnly),
    fields: (t) => ({
      sequence: t.exposeInt("sequence", { description: sequenceDescription }),
      type: t.field({
        type: StopTypeEnum,
        description: "Pickup, intermediate stop or delivery.",
        select: { type: true },
        resolve: (stop) => stop.type as StopType,
      }),
      nass: t.relation("nassCode", { nullable: true, description: "The facility of this stop." }),
    }),
  });

/** `assignedUserKey` of loads and routes: the assigned driver's readable userId. */
export const driverUserIdOptions = {
  nullable: true,
  description: "The driver's userId.",
  select: { assignedUser: { select: { userId: true } } },
  resolve: (row: { assignedUser: { userId: string } | null }) => row.assignedUser?.userId ?? null,
} as const;
