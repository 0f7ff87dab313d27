import { isEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import { AWARD_MODES, WATERFALL_STATUSES, WATERFALL_STEP_STATUSES } from "../../common/award.ts";
import { BILLING_LINE_KINDS } from "../../common/billing.ts";
import { COUNTER_STATUSES } from "../../common/booking.ts";
import { CARRIER_TYPES } from "../../common/carriers.ts";
import { AUTHORITY_STATUSES, COMPLIANCE_STATUSES } from "../../common/compliance.ts";
import { CARRIER_DOCUMENT_TYPES, LOAD_DOCUMENT_TYPES } from "../../common/documents.ts";
import { LOAD_MILESTONES, MILESTONE_SOURCES } from "../../common/loads/milestones.ts";
import { LOAD_MODES, LOAD_STATUSES, STOP_TYPES } from "../../common/loads/values.ts";
import { OUTBOUND_EMAIL_KINDS, OUTBOUND_EMAIL_STATUSES } from "../../common/mail.ts";
import { BID_RANKS } from "../../common/offer-board.ts";
import { TENDER_STATUSES } from "../../common/offers.ts";
import { schema } from "../../server/schema.ts";

/**
 * Every value list in common/ that a GraphQL enum carries: add a line when a domain adds one
 * (bid statuses, invoice statuses, ...). Client forms read the list, the server's enum the same.
 */
const SHARED_LISTS: [enumName: string, values: readonly string[]][] = [
  ["LoadStatus", LOAD_STATUSES],
  ["LoadMode", LOAD_MODES],
  ["StopType", STOP_TYPES],
  ["CarrierType", CARRIER_TYPES],
  ["OutboundEmailStatus", OUTBOUND_EMAIL_STATUSES],
  ["OutboundEmailKind", OUTBOUND_EMAIL_KINDS],
  ["LoadDocumentType", LOAD_DOCUMENT_TYPES],
  ["CarrierDocumentType", CARRIER_DOCUMENT_TYPES],
  ["LoadMilestoneKind", LOAD_MILESTONES],
  ["LoadMilestoneSource", MILESTONE_SOURCES],
  ["TenderStatus", TENDER_STATUSES],
  ["BillingLineKind", BILLING_LINE_KINDS],
  ["CounterStatus", COUNTER_STATUSES],
  ["AwardMode", AWARD_MODES],
  ["WaterfallStatus", WATERFALL_STATUSES],
  ["WaterfallStepStatus", WATERFALL_STEP_STATUSES],
  ["CarrierComplianceStatus", COMPLIANCE_STATUSES],
  ["AuthorityStatus", AUTHORITY_STATUSES],
  ["BidRank", BID_RANKS],
];

describe("shared value lists", () => {
  it.each(SHARED_LISTS)("%s equals its list in common/", (enumName, values) => {
    const type = schema.getType(enumName);
    expect(isEnumType(type)).toBe(true);
    if (!isEnumType(type)) return;
    expect(
      type
        .getValues()
        .map((value) => value.value)
        .sort(),
    ).toEqual([...values].sort());
  });
});
