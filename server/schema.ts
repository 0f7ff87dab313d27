import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./graphql/errors.ts";
import "./graphql/nodes.ts";
import "./users/schema.ts";
import "./auth/schema.ts";
import "./notifications/schema.ts";
import "./carriers/schema.ts";
import "./loads/manual-assignment/schema.ts";
import "./contact/schema.ts";
import "./mail/schema.ts";
import "./nass/schema.ts";
import "./loads/schema.ts";
import "./loads/customer-rate-schema.ts";
import "./loads/upload/schema.ts";
import "./documents/schema.ts";
import "./documents/carrier-schema.ts";
import "./compliance/schema.ts";
import "./loads/timeline-schema.ts";
import "./loads/stops-schema.ts";
import "./dispatch/schema.ts";
import "./driver/schema.ts";
import "./offers/bids/schema.ts";
import "./offers/bids/compliance-schema.ts";
import "./offers/schema.ts";
import "./offers/tender-schema.ts";
import "./offers/booking-schema.ts";
import "./offers/award-schema.ts";
import "./scorecards/schema.ts";
import "./offers/bids/scorecard-schema.ts";
import "./lanes/schema.ts";
import "./tracking/schema.ts";
import "./routing/schema.ts";
import "./workspace/schema.ts";
import "./workspace/first-operator-schema.ts";
import "./audit/schema.ts";
import "./billing/schema.ts";
import "./billing/load-financials.ts";
import "./search/schema.ts";

export const schema = builder.toSchema();

/** The text checked in as schema.graphql (and read by relay-compiler). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
