import { encodeGlobalID } from "@pothos/plugin-relay";
import {
  AUTHORITY_STATUSES,
  type AuthorityStatus,
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  mayTrade,
} from "../../common/compliance.ts";
import { builder } from "../builder.ts";
import { carrierForQuery } from "../carriers/lookup.ts";
import { CarrierNode } from "../carriers/schema.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { idOrReference } from "../graphql/ids.ts";
import {
  type ComplianceView,
  complianceOfCarriers,
  complianceRequired,
  recordCarrierCompliance,
  viewerCompliance,
} from "./service.ts";

export const ComplianceStatusEnum = builder.enumType("CarrierComplianceStatus", {
  description: "Where a carrier stands with authority, insurance and W-9 (worst first after compliant).",
  values: describedValues(COMPLIANCE_STATUSES, {
    compliant: "Active authority, verified insurance with enough coverage, verified W-9.",
    expiring: "Compliant, but the insurance expires within 30 days.",
    unverified: "Documents on file that an operator has not verified.",
    missing: "Authority not checked, or insurance, coverage or W-9 missing.",
    expired: "The insurance certificate has expired.",
    not_authorized: "The operating authority is inactive or revoked.",
    no_company: "A carrier user not linked to a carrier company: nothing is on file.",
  }),
});

export const AuthorityStatusEnum = builder.enumType("AuthorityStatus", {
  description: "A carrier's operating authority (MC/DOT) as last checked.",
  values: describedValues(AUTHORITY_STATUSES, {
    active: "Authorized to operate.",
    inactive: "Not active in the census (or as an operator recorded).",
    revoked: "Authority revoked.",
    unknown: "Not checked yet.",
  }),
});

export const CarrierComplianceType = builder.objectRef<ComplianceView>("CarrierCompliance").implement({
  description:
    "A carrier's compliance: authority, insurance and W-9, the verdict and the reasons. With CARRIER_COMPLIANCE=required only `compliant` and `expiring` carriers may bid, book or be awarded.",
  fields: (t) => ({
    status: t.field({
      type: ComplianceStatusEnum,
      description: "The verdict (the worst of the reasons).",
      resolve: (view) => view.status,
    }),
    statusLabel: t.string({
      description: "The verdict in words, e.g. 'Insurance expired'.",
      resolve: (view) => COMPLIANCE_STATUS_LABELS[view.status],
    }),
    mayTrade: t.boolean({
      description: "Whether the gate lets it bid, book and be awarded (compliant or expiring).",
      resolve: (view) => mayTrade(view.status),
    }),
    gateRequired: t.boolean({
      description: "Whether CARRIER_COMPLIANCE=required is on (off: nobody is refused).",
      resolve: (_view, _args, ctx) => complianceRequired(ctx),
    }),
    reasons: t.stringList({
      description: "Each problem in words, e.g. 'Insurance expired on 2026-10-01.'; empty when compliant.",
      resolve: (view) => view.reasons,
    }),
    authorityStatus: t.field({
      type: AuthorityStatusEnum,
      description: "Operating authority as last checked.",
      resolve: (view) => view.authorityStatus as AuthorityStatus,
    }),
    authorityCheckedOn: t.string({
      nullable: true,
      description: "The day the authority was checked (YYYY-MM-DD).",
      resolve: (view) => view.authorityCheckedOn,
    }),
    authoritySource: t.string({
      nullable: true,
      description: "manual (an operator) or census (the FMCSA census import).",
      resolve: (view) => view.authoritySource,
    }),
    insuranceExpiresOn: t.string({
      nullable: true,
      description: "The current insurance certificate's expiry day (YYYY-MM-DD).",
      resolve: (view) => view.insuranceExpiresOn,
    }),
    insuranceCoverage: t.float({
      nullable: true,
      description: "The insurance coverage in dollars, as recorded by an operator.",
      resolve: (view) => (view.insuranceCoverageCents === null ? null : view.insuranceCoverageCents / 100),
    }),
    insuranceDocumentId: t.id({
      nullable: true,
      description: "The current (newest) insurance certificate's CarrierDocument global id.",
      resolve: (view) =>
        view.insuranceDocumentId ? encodeGlobalID("CarrierDocument", view.insuranceDocumentId) : null,
    }),
    insuranceVerified: t.boolean({
      description: "Whether an operator verified the current insurance certificate.",
      resolve: (view) => view.insuranceVerified,
    }),
    w9OnFile: t.boolean({ description: "Whether a W-9 is on file.", resolve: (view) => view.w9OnFile }),
    w9Verified: t.boolean({
      description: "Whether an operator verified the newest W-9.",
      resolve: (view) => view.w9Verified,
    }),
  }),
});

builder.objectField(CarrierNode, "compliance", (t) =>
  t.loadable({
    type: CarrierComplianceType,
    description: "The carrier's compliance (batched for a whole list page).",
    authScopes: { admin: true },
    load: (carrierIds: string[], ctx) => complianceOfCarriers(ctx.db, carrierIds),
    resolve: (carrier) => carrier.id,
  }),
);

builder.queryField("myCompliance", (t) =>
  t.field({
    type: CarrierComplianceType,
    description:
      "The signed-in user's carrier company's compliance; a user with no carrier company is `no_company`.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => viewerCompliance(ctx),
  }),
);

const RecordCarrierComplianceInput = builder.inputType("RecordCarrierComplianceInput", {
  description: "What an operator records or verifies; at least one field. Only the fields sent change.",
  fields: (t) => ({
    carrierId: t.id({ required: true, description: "The Carrier id (or its carrierId)." }),
    authorityStatus: t.field({ type: AuthorityStatusEnum, description: "The authority as checked." }),
    authorityCheckedOn: t.string({ description: "The day it was checked (YYYY-MM-DD); today by default." }),
    insuranceCoverage: t.float({ description: "The insurance coverage in dollars." }),
    verifyInsuranceDocumentId: t.id({
      description: "The insurance certificate (CarrierDocument id) the operator checked and accepts.",
    }),
    verifyW9DocumentId: t.id({
      description: "The W-9 (CarrierDocument id) the operator checked and accepts.",
    }),
  }),
});

const RecordCarrierCompliancePayload = builder
  .objectRef<{ carrierId: string; compliance: ComplianceView }>("RecordCarrierCompliancePayload")
  .implement({
    description: "The carrier and its compliance after the change.",
    fields: (t) => ({
      carrier: t.prismaField({
        type: CarrierNode,
        description: "The carrier.",
        resolve: (query, payload, _args, ctx) => carrierForQuery(ctx.db, payload.carrierId, query),
      }),
      compliance: t.field({
        type: CarrierComplianceType,
        description: "Its compliance now.",
        resolve: (payload) => payload.compliance,
      }),
    }),
  });

builder.mutationField("recordCarrierCompliance", (t) =>
  t.field({
    type: RecordCarrierCompliancePayload,
    description:
      "Operators record a carrier's authority status, insurance coverage, and verify its insurance certificate and W-9 (audited).",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: RecordCarrierComplianceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { carrierId, verifyInsuranceDocumentId, verifyW9DocumentId, ...rest } = input;
      const carrier = idOrReference("Carrier", String(carrierId));
      const compliance = await recordCarrierCompliance(ctx, carrier, {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value != null)),
        verifyInsuranceDocumentId: verifyInsuranceDocumentId
          ? idOrReference("CarrierDocument", String(verifyInsuranceDocumentId))
          : undefined,
        verifyW9DocumentId: verifyW9DocumentId
          ? idOrReference("CarrierDocument", String(verifyW9DocumentId))
          : undefined,
      });
      return { carrierId: compliance.carrierId ?? carrier, compliance };
    },
  }),
);
