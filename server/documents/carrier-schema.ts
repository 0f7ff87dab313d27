import { CARRIER_DOCUMENT_TYPE_LABELS, type CarrierDocumentType } from "../../common/documents.ts";
import { policy } from "../auth/policy.ts";
import type { ReadPolicy } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import { CarrierNode } from "../carriers/schema.ts";
import type { CarrierDocument } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { listCarrierDocuments, mayReadCarrierDocument, removeCarrierDocument } from "./carrier-service.ts";
import { carrierDocumentDownloadPath } from "./json.ts";

/** A carrier's document is read by operators and by the carrier company's own users. */
const carrierDocumentReadPolicy: ReadPolicy<CarrierDocument> = {
  reach: (viewer) => (viewer === null ? "none" : policy.isAdmin(viewer) ? "all" : "rows"),
  row: (ctx, document) => mayReadCarrierDocument(ctx, document),
};

const CarrierDocumentTypeEnum = builder.enumType("CarrierDocumentType", {
  description: "What a carrier's document is.",
  values: {
    W9: { value: "W9", description: CARRIER_DOCUMENT_TYPE_LABELS.W9 },
    INSURANCE_CERTIFICATE: {
      value: "INSURANCE_CERTIFICATE",
      description: CARRIER_DOCUMENT_TYPE_LABELS.INSURANCE_CERTIFICATE,
    },
    AUTHORITY: { value: "AUTHORITY", description: CARRIER_DOCUMENT_TYPE_LABELS.AUTHORITY },
    OTHER: { value: "OTHER", description: CARRIER_DOCUMENT_TYPE_LABELS.OTHER },
  } as const,
});

builder.prismaNode("CarrierDocument", {
  id: { field: "id" },
  description: "A file kept with a carrier company: W-9, insurance certificate, operating authority, other.",
  ...readPolicyOptions(carrierDocumentReadPolicy),
  fields: (t) => ({
    type: t.field({
      type: CarrierDocumentTypeEnum,
      description: "What the document is.",
      resolve: (document) => document.type as CarrierDocumentType,
    }),
    fileName: t.exposeString("fileName", { description: "The uploaded file's name (no path)." }),
    contentType: t.exposeString("contentType", {
      description: "application/pdf, image/jpeg or image/png, from the file's own bytes.",
    }),
    size: t.exposeInt("size", { description: "Bytes." }),
    sha256: t.exposeString("sha256", { description: "Hex SHA-256 of the bytes." }),
    insuranceExpiresOn: t.exposeString("insuranceExpiresOn", {
      nullable: true,
      description: "An insurance certificate's expiry day (YYYY-MM-DD), when given.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was uploaded." }),
    downloadUrl: t.string({
      description: "GET this path with the viewer's token for the file itself.",
      resolve: (document) => carrierDocumentDownloadPath(document.id),
    }),
    uploadedByViewer: t.boolean({
      description: "Whether the viewer uploaded it (a carrier user may delete only those).",
      resolve: (document, _args, ctx) =>
        document.uploadedById !== null && document.uploadedById === ctx.viewer?.id,
    }),
  }),
});

builder.prismaObjectField(CarrierNode, "documents", (t) =>
  t.prismaField({
    type: ["CarrierDocument"],
    description: "The carrier's documents, newest first (at most 100).",
    authScopes: { admin: true },
    resolve: async (query, carrier, _args, ctx) =>
      (await listCarrierDocuments(ctx, carrier.id, query)).documents,
  }),
);

builder.queryField("carrierDocuments", (t) =>
  t.prismaField({
    type: ["CarrierDocument"],
    description:
      "A carrier's documents by its id or carrierId, newest first (at most 100): for operators and the " +
      "carrier company's own users (anyone else: 'Carrier not found').",
    authScopes: { authenticated: true },
    args: {
      carrierId: t.arg.string({ required: true, description: "The carrier's database id or CAR-000123." }),
    },
    resolve: async (query, _root, args, ctx) =>
      (await listCarrierDocuments(ctx, args.carrierId, query)).documents,
  }),
);

const DeleteCarrierDocumentInput = builder.inputType("DeleteCarrierDocumentInput", {
  description: "The carrier document to delete.",
  fields: (t) => ({ id: t.id({ required: true, description: "The document's global id." }) }),
});

const DeleteCarrierDocumentPayload = builder
  .objectRef<{ deletedId: string; carrierId: string }>("DeleteCarrierDocumentPayload")
  .implement({
    description: "What was deleted.",
    fields: (t) => ({
      deletedId: t.exposeID("deletedId", { description: "The deleted document's global id." }),
      carrierId: t.exposeString("carrierId", { description: "The carrier it belonged to (database id)." }),
    }),
  });

builder.mutationField("deleteCarrierDocument", (t) =>
  t.field({
    type: DeleteCarrierDocumentPayload,
    description: "Deletes a carrier's document: operators any, a carrier user only one they uploaded.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DeleteCarrierDocumentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const document = await removeCarrierDocument(ctx, decodeGlobalIdOf("CarrierDocument", input.id));
      return { deletedId: String(input.id), carrierId: document.carrierId };
    },
  }),
);
