import { builder } from "../../builder.ts";
import { CarrierComplianceType } from "../../compliance/schema.ts";
import { complianceOfUsers } from "../../compliance/service.ts";
import { BidType } from "./schema.ts";

builder.objectField(BidType, "carrierCompliance", (t) =>
  t.loadable({
    type: CarrierComplianceType,
    description:
      "The compliance of the bidder's carrier company (operators, batched for a page): why Confirm Winner may refuse.",
    authScopes: { admin: true },
    load: (userIds: string[], ctx) => complianceOfUsers(ctx.db, userIds),
    resolve: (bid) => bid.userId,
  }),
);
