import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { idOrReference } from "../graphql/ids.ts";
import { setLoadCustomerRate } from "./customer-rate.ts";
import { LoadType } from "./schema.ts";
import { loadForQuery } from "./service.ts";

const SetLoadCustomerRateInput = builder.inputType("SetLoadCustomerRateInput", {
  description: "The load and what its shipper pays.",
  fields: (t) => ({
    id: t.id({ required: true, description: "The Load id or its loadId." }),
    customerRate: t.string({ description: "Dollars as text, at most two decimals; null or empty clears." }),
  }),
});

const LoadRatePayload = builder.objectRef<{ loadId: string }>("SetLoadCustomerRatePayload").implement({
  description: "The load after its customer rate changed.",
  fields: (t) => ({
    load: t.prismaField({
      type: LoadType,
      description: "The changed load.",
      resolve: (query, payload, _args, ctx) => loadForQuery(ctx.db, payload.loadId, query),
    }),
  }),
});

builder.mutationField("setLoadCustomerRate", (t) =>
  t.field({
    type: LoadRatePayload,
    description: "What the shipper pays; a delivered load then gets its invoice drafted (once).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SetLoadCustomerRateInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const load = await setLoadCustomerRate(
        ctx,
        idOrReference("Load", String(input.id)),
        input.customerRate,
      );
      return { loadId: load.id };
    },
  }),
);
