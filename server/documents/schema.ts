import { DOCUMENT_TYPE_LABELS, type LoadDocumentType } from "../../common/documents.ts";
import { POD_EXCEPTION_LABELS } from "../../common/driver.ts";
import { policy } from "../auth/policy.ts";
import type { ReadPolicy } from "../auth/read-policy.ts";
import { builder } from "../builder.ts";
import type { LoadDocument } from "../generated/sqlite/client.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf, encodeGlobalId } from "../graphql/ids.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import { LoadType } from "../loads/schema.ts";
import { documentDownloadPath, podExceptionsOf } from "./json.ts";
import { listLoadDocuments, loadForDocuments, mayReadDocument, removeLoadDocument } from "./service.ts";

/** A document is read by operators and by the carrier side of its load (documents/access.ts). */
const documentReadPolicy: ReadPolicy<LoadDocument> = {
  reach: (viewer) => (viewer === null ? "none" : policy.isAdmin(viewer) ? "all" : "rows"),
  row: (ctx, document) => mayReadDocument(ctx, document),
};

const LoadDocumentTypeEnum = builder.enumType("LoadDocumentType", {
  description: "What a load's document is.",
  values: {
    BOL: { value: "BOL", description: DOCUMENT_TYPE_LABELS.BOL },
    POD: { value: "POD", description: DOCUMENT_TYPE_LABELS.POD },
    RATE_CONFIRMATION: { value: "RATE_CONFIRMATION", description: DOCUMENT_TYPE_LABELS.RATE_CONFIRMATION },
    INVOICE: { value: "INVOICE", description: DOCUMENT_TYPE_LABELS.INVOICE },
    OTHER: { value: "OTHER", description: DOCUMENT_TYPE_LABELS.OTHER },
  } as const,
});

const PodExceptionEnum = builder.enumType("PodException", {
  description: "What a receiver noted on a proof of delivery.",
  values: {
    shortage: { value: "shortage", description: POD_EXCEPTION_LABELS.shortage },
    damage: { value: "damage", description: POD_EXCEPTION_LABELS.damage },
    refused: { value: "refused", description: POD_EXCEPTION_LABELS.refused },
  } as const,
});

export const LoadDocumentNode = builder.prismaNode("LoadDocument", {
  id: { field: "id" },
  description:
    "A file kept with a load: bill of lading, proof of delivery, rate confirmation, invoice, other.",
  ...readPolicyOptions(documentReadPolicy),
  fields: (t) => ({
    type: t.field({
      type: LoadDocumentTypeEnum,
      description: "What the document is.",
      resolve: (document) => document.type as LoadDocumentType,
    }),
    fileName: t.exposeString("fileName", { description: "The uploaded file's name (no path)." }),
    contentType: t.exposeString("contentType", {
      description: "application/pdf, image/jpeg or image/png, from the file's own bytes.",
    }),
    size: t.exposeInt("size", { description: "Bytes." }),
    sha256: t.exposeString("sha256", { description: "Hex SHA-256 of the bytes." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was uploaded." }),
    downloadUrl: t.string({
      description: "GET this path with the viewer's token for the file itself.",
      resolve: (document) => documentDownloadPath(document.id),
    }),
    receiverName: t.exposeString("receiverName", {
      nullable: true,
      description: "A proof of delivery's receiver, as the driver wrote it; null otherwise.",
    }),
    exceptions: t.field({
      type: [PodExceptionEnum],
      description:
        "What the receiver noted on a proof of delivery (shortage, damage, refused); empty when none.",
      resolve: (document) => podExceptionsOf(document),
    }),
    note: t.exposeString("note", {
      nullable: true,
      description: "A proof of delivery's note; null otherwise.",
    }),
    takenAt: t.expose("takenAt", {
      type: "DateTime",
      nullable: true,
      description: "When the driver took the proof of delivery (the phone's clock); null when not sent.",
    }),
    signatureOfId: t.id({
      nullable: true,
      description:
        "On a receiver's signature (a PNG filed as OTHER with a POD): the global id of the POD it signs; " +
        "null otherwise.",
      resolve: (document) =>
        document.signatureOfId === null ? null : encodeGlobalId("LoadDocument", document.signatureOfId),
    }),
    uploadedByViewer: t.boolean({
      description: "Whether the viewer uploaded it (a carrier user may delete only those).",
      resolve: (document, _args, ctx) =>
        document.uploadedById !== null && document.uploadedById === ctx.viewer?.id,
    }),
  }),
});

builder.prismaObjectField(LoadType, "documents", (t) =>
  t.prismaField({
    type: ["LoadDocument"],
    description: "The load's documents, newest first (at most 100).",
    authScopes: { admin: true },
    resolve: async (query, load, _args, ctx) => (await listLoadDocuments(ctx, load.id, query)).documents,
  }),
);

builder.queryField("loadDocuments", (t) =>
  t.prismaField({
    type: ["LoadDocument"],
    description:
      "A load's documents by its load id, newest first (at most 100): for operators and the carrier the " +
      "load was awarded to (anyone else: 'Load not found').",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's id (e.g. L-1001)." }) },
    resolve: async (query, _root, args, ctx) => (await listLoadDocuments(ctx, args.loadId, query)).documents,
  }),
);

const DeleteLoadDocumentInput = builder.inputType("DeleteLoadDocumentInput", {
  description: "The document to delete.",
  fields: (t) => ({ id: t.id({ required: true, description: "The document's global id." }) }),
});

const DeleteLoadDocumentPayload = builder
  .objectRef<{ deletedId: string; loadId: string }>("DeleteLoadDocumentPayload")
  .implement({
    description: "What was deleted.",
    fields: (t) => ({
      deletedId: t.exposeID("deletedId", { description: "The deleted document's global id." }),
      loadId: t.exposeString("loadId", { description: "The load it belonged to (database id)." }),
    }),
  });

builder.mutationField("deleteLoadDocument", (t) =>
  t.field({
    type: DeleteLoadDocumentPayload,
    description: "Deletes a document: operators any, a carrier user only one they uploaded.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DeleteLoadDocumentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const document = await removeLoadDocument(ctx, decodeGlobalIdOf("LoadDocument", input.id));
      return { deletedId: String(input.id), loadId: document.loadId };
    },
  }),
);

builder.subscriptionField("loadDocumentsChanged", (t) =>
  t.prismaField({
    type: ["LoadDocument"],
    description: "A load's documents each time one is added or deleted (same readers as loadDocuments).",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's id (e.g. L-1001)." }) },
    subscribe: async (_root, args, ctx) => {
      const load = await loadForDocuments(ctx, args.loadId);
      return ctx.pubsub.subscribe(`load-documents:${load.id}`);
    },
    resolve: async (query, _event, args, ctx) => (await listLoadDocuments(ctx, args.loadId, query)).documents,
  }),
);
