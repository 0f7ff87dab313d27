import { SEARCH_TEXT_MAX } from "../../common/input-text.ts";
import { builder } from "../builder.ts";
import { textLimit } from "../graphql/bounded-input.ts";
import type { SearchHit } from "./hits.ts";
import { search } from "./service.ts";

const SearchKindEnum = builder.enumType("SearchKind", {
  description: "What a header-search hit is; each opens its own screen.",
  values: {
    LOAD: { value: "load", description: "A load: opens /admin/ila/load/{key}." },
    ROUTE: { value: "route", description: "A route: opens /admin/ila/routing/{key}." },
    CARRIER: { value: "carrier", description: "A carrier: opens /admin/ila/carriers/{key}." },
    INVOICE: {
      value: "invoice",
      description: "An invoice: opens /admin/ila/billing/accounts-receivable/{key}.",
    },
    BILL: { value: "bill", description: "A bill: opens /admin/ila/billing/accounts-payable/{key}." },
  } as const,
});

const SearchHitType = builder.objectRef<SearchHit>("SearchHit").implement({
  description: "One match of the header search.",
  fields: (t) => ({
    kind: t.field({ type: SearchKindEnum, description: "What it is.", resolve: (hit) => hit.kind }),
    key: t.exposeString("key", {
      description:
        "The key its screen's path takes: loadId, routeNumber, carrierId, invoiceNumber or billNumber.",
    }),
    title: t.exposeString("title", { description: "The first line to show." }),
    detail: t.exposeString("detail", {
      nullable: true,
      description: "A second line: who, how much, status.",
    }),
  }),
});

builder.queryField("search", (t) =>
  t.field({
    type: [SearchHitType],
    description:
      "The header search (operators): loads, routes, carriers, invoices and bills by id, number, name or DOT/MC; at most `first` of each kind. A carrier's search finds nothing.",
    authScopes: { authenticated: true },
    args: {
      text: t.arg.string({
        required: true,
        description: "What was typed; 2 to 100 characters.",
        extensions: textLimit(SEARCH_TEXT_MAX),
      }),
      first: t.arg.int({ required: false, description: "Hits per kind, 1 to 10 (default 5)." }),
    },
    resolve: (_root, { text, first }, ctx) => search(ctx, text, first),
  }),
);
