import { NotFoundError } from "../errors.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { loadJson, uploadBatchJson } from "./json.ts";
import { DEFAULT_LOAD_SORT } from "./list.ts";
import { loadSchema, uploadBatchSchema, uploadResultSchema } from "./rest-schemas.ts";
import {
  assignLoadDriver,
  findLoadPage,
  getLastUpload,
  getLoadWithRelations,
  LOAD_JSON_INCLUDE,
  type LoadWithRelations,
  updateLoad,
} from "./service.ts";
import { uploadLoadsFromRestBody } from "./upload/service.ts";
import { assignDriverInput, LOAD_NOT_FOUND, loadEditInput } from "./validation.ts";

export const NO_UPLOADS = "No uploads found";

/**
 * POST /loads carries the rows as JSON objects keyed by the CSV header, which repeats every header
 * on every row: the JSON of a 5 MB file is typically 2 to 3 times its size. The body may be up to
 * 32 MB; the rows themselves must fit in 5 MB of CSV (413 otherwise, see upload/input.ts).
 */
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

export const loadRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/loads",
    access: "admin",
    schema: {
      summary: "List loads",
      description: "Every load, newest first, paged. Operators only.",
      querystring: pagedQuery(),
      response: { 200: pagedList(loadSchema, "A page of loads."), ...errors(400) },
    },
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const connection = await findLoadPage(
        ctx,
        { filters: {}, sort: DEFAULT_LOAD_SORT, paging: restPaging(page), counted: true },
        { include: LOAD_JSON_INCLUDE },
      );
      const loads = connection.edges.map(({ node }) => loadJson(node as LoadWithRelations));
      return pagedReply(loads, page, await connection.totalCount(), request);
    },
  },
  {
    method: "GET",
    path: "/loads/last",
    access: "admin",
    schema: {
      summary: "Get the latest upload",
      description:
        "The most recent bulk upload (its `createdAt` is the list's 'Last update'). Operators only.",
      response: { 200: uploadBatchSchema, ...errors({ 404: NO_UPLOADS }) },
    },
    async handle(ctx) {
      const batch = await getLastUpload(ctx);
      if (!batch) throw new NotFoundError(NO_UPLOADS);
      return uploadBatchJson(batch);
    },
  },
  {
    method: "GET",
    path: "/loads/:id",
    access: "admin",
    schema: {
      summary: "Get a load",
      description:
        "One load by its database id or its loadId, with its stops, carrier and driver. Operators only.",
      response: { 200: loadSchema, ...errors({ 404: LOAD_NOT_FOUND }) },
    },
    handle: async (ctx, { params }) => loadJson(await getLoadWithRelations(ctx, params.id)),
  },
  {
    method: "PUT",
    path: "/loads/:loadId",
    access: "admin",
    schema: {
      summary: "Edit a load",
      description:
        "The edit form: fields left out stay as they are, null or blank clears them; loadId cannot change. " +
        "`stops` is the full list of stop rows (or a count). Operators only.",
      body: loadEditInput,
      response: { 200: loadSchema, ...errors(400, { 404: LOAD_NOT_FOUND }) },
    },
    async handle(ctx, { params, body }) {
      const load = await updateLoad(ctx, params.loadId, body);
      return loadJson(await getLoadWithRelations(ctx, load.id));
    },
  },
  {
    method: "PATCH",
    path: "/loads/:id",
    access: "admin",
    schema: {
      summary: "Assign a load's driver",
      description:
        "Gives the load to a carrier user (`user`: id, userId or a user object) and so to that user's " +
        "carrier; `user: null` unassigns. Operators only.",
      body: assignDriverInput,
      response: { 200: loadSchema, ...errors(400, { 404: LOAD_NOT_FOUND }) },
    },
    async handle(ctx, { params, body }) {
      const load = await assignLoadDriver(ctx, params.id, body);
      return loadJson(await getLoadWithRelations(ctx, load.id));
    },
  },
  {
    method: "POST",
    path: "/loads",
    access: "admin",
    bodyLimit: UPLOAD_BODY_LIMIT,
    rawBody: true,
    schema: {
      summary: "Upload loads",
      description:
        "The bulk upload: `{ loads: [{ <CSV header>: cell, ... }], stream, fileNames?, timeZone? }` as JSON, " +
        "the rows as papaparse reads a CSV with a header row. A load id already known is updated, a new " +
        "one created. `stream` is required ('Select the stream before upload.'), rows too ('No data to " +
        "upload.'); every row must be valid or nothing is stored (400 lists the problems). The rows must " +
        "fit in 5 MB of CSV (413); the body itself may be up to 32 MB. Dates without an offset are read in " +
        "`timeZone` (a US zone), else the uploader's zone. Operators only.",
      response: {
        201: uploadResultSchema,
        ...errors(400, { 413: "The rows are larger than 5 MB of CSV." }, 415),
      },
    },
    async handle(ctx, { body, request }) {
      const contentType = request.headers.get("content-type") ?? "";
      const result = await uploadLoadsFromRestBody(ctx, body as Uint8Array, contentType);
      return withStatus(201, {
        message: "Loads uploaded",
        rowCount: result.batch.rowCount,
        createdCount: result.createdCount,
        updatedCount: result.updatedCount,
        skipped: result.skipped,
        batch: uploadBatchJson(result.batch),
      });
    },
  },
];
