import { z } from "zod";
import { OFFER_MESSAGES, TENDER_STATUSES } from "../../common/offers.ts";
import { tenderAcceptInput, tenderDeclineInput } from "../../common/tender-input.ts";
import { policy } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { dateTime, errors, fileResponse } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import {
  acceptTender,
  declineTender,
  effectiveTenderStatus,
  type TenderView,
  tenderForViewer,
  tenderPdfPath,
  tenderRateConfirmation,
} from "./tender.ts";

const tenderSchema = z
  .object({
    loadId: z.string().describe("The load's readable id."),
    status: z.enum(TENDER_STATUSES).describe("A pending tender past its expiresAt reads expired."),
    expiresAt: dateTime.describe(
      "Until when the carrier may accept (TENDER_ACCEPT_MINUTES after the award).",
    ),
    decidedAt: dateTime.nullable().describe("When it was accepted, declined or expired."),
    amount: z.number().describe("The tendered rate, in dollars."),
    declineReason: z.string().nullable(),
    rateConfirmation: z
      .object({
        url: z
          .string()
          .describe("Where the PDF downloads from (operators and the tender's carrier, signed in)."),
        sha256: z.string().describe("Hex SHA-256 of the PDF's bytes: what an acceptance signs."),
      })
      .describe("The rate confirmation put to the carrier."),
    signature: z
      .object({
        name: z.string().describe("The full name the signer typed."),
        signedAt: dateTime,
        sha256: z.string().describe("The SHA-256 of the rate confirmation that was signed."),
        ip: z.string().nullable().optional().describe("The signer's client address (operators only)."),
      })
      .nullable()
      .describe("The e-signature of an accepted tender; null otherwise."),
  })
  .meta({
    id: "Tender",
    description: "The rate confirmation put to an award's winner, and the carrier's answer.",
  });

async function tenderJson(ctx: Context, view: TenderView): Promise<z.infer<typeof tenderSchema>> {
  const { tender } = view;
  const sha256 = tender.documentSha256 ?? (await tenderRateConfirmation(ctx.db, tender)).sha256;
  const admin = policy.isAdmin(ctx.viewer);
  return {
    loadId: view.loadId,
    status: effectiveTenderStatus(tender),
    expiresAt: tender.expiresAt.toISOString(),
    decidedAt: tender.decidedAt?.toISOString() ?? null,
    amount: tender.amountCents / 100,
    declineReason: tender.declineReason,
    rateConfirmation: { url: tenderPdfPath(view.loadId), sha256 },
    signature:
      tender.status === "accepted" && tender.signerName && tender.signedAt
        ? {
            name: tender.signerName,
            signedAt: tender.signedAt.toISOString(),
            sha256: tender.documentSha256 ?? sha256,
            ...(admin ? { ip: tender.signerIp } : {}),
          }
        : null,
  };
}

const NOT_YOURS = { 403: OFFER_MESSAGES.tenderNotYours, 404: OFFER_MESSAGES.noTender };

export const tenderRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/offers/:loadId/tender",
    access: "signedIn",
    schema: {
      summary: "Get a load's tender",
      description:
        "The tender of the load's award: `{ status: pending|accepted|declined|expired, expiresAt, " +
        "rateConfirmation: { url, sha256 } }` and the answer. Operators see the current tender; the " +
        "winning carrier's users see their own (a carrier that declined still sees it). 403 for another carrier.",
      response: { 200: tenderSchema, ...errors(NOT_YOURS) },
    },
    handle: async (ctx, { params }) => tenderJson(ctx, await tenderForViewer(ctx, params.loadId)),
  },
  {
    method: "POST",
    path: "/offers/:loadId/tender/accept",
    access: "signedIn",
    schema: {
      summary: "Accept a tender",
      description:
        "`{ signature }`: the signer's full name as typed (2 to 120 characters, at least two letters). Keeps " +
        "the e-signature (name, time, client address, the PDF's SHA-256) and records 'tender accepted' on " +
        "the load's timeline. The winning carrier's users only (operators cannot sign for them): 403 " +
        "otherwise; 409 when the tender expired or was already answered.",
      body: tenderAcceptInput,
      response: {
        200: tenderSchema,
        ...errors(400, NOT_YOURS, {
          409: `${OFFER_MESSAGES.tenderExpired} / ${OFFER_MESSAGES.tenderDecided}`,
        }),
      },
    },
    handle: async (ctx, { params, body }) => tenderJson(ctx, await acceptTender(ctx, params.loadId, body)),
  },
  {
    method: "POST",
    path: "/offers/:loadId/tender/decline",
    access: "signedIn",
    schema: {
      summary: "Decline a tender",
      description:
        "`{ reason }` (3 to 500 characters). The tender stays on the carrier's record as declined and the " +
        "award passes to the lowest active bid of another carrier (which gets a fresh tender), or the offer " +
        "reopens for a new round when there is none. The winning carrier's users, or an operator on the " +
        "carrier's behalf: 403 otherwise; 409 when the tender expired or was already answered.",
      body: tenderDeclineInput,
      response: {
        200: tenderSchema,
        ...errors(400, NOT_YOURS, {
          409: `${OFFER_MESSAGES.tenderExpired} / ${OFFER_MESSAGES.tenderDecided}`,
        }),
      },
    },
    handle: async (ctx, { params, body }) => tenderJson(ctx, await declineTender(ctx, params.loadId, body)),
  },
  {
    method: "GET",
    path: "/offers/:loadId/tender/rate-confirmation.pdf",
    access: "signedIn",
    schema: {
      summary: "Download a tender's rate confirmation",
      description:
        "The rate confirmation PDF put to the carrier (the bytes whose SHA-256 the tender names): operators " +
        "and the tender's carrier's users.",
      response: {
        200: fileResponse("application/pdf", "The rate confirmation as a PDF."),
        ...errors(NOT_YOURS),
      },
    },
    async handle(ctx, { params }) {
      const { tender } = await tenderForViewer(ctx, params.loadId);
      const { fileName, pdf } = await tenderRateConfirmation(ctx.db, tender);
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `inline; filename="${fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  },
];
