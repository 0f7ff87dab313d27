import { NotFoundError } from "../errors.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { loadJson, uploadBatchJson } from "./json.ts";
import {
  assignLoadDriver,
  getLastUpload,
  getLoadWithRelations,
  listAllLoads,
  updateLoad,
} from "./service.ts";
import { uploadLoadsFromRestBody } from "./upload/service.ts";

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
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const { items, totalCount } = await listAllLoads(ctx, page);
      return pagedReply(items.map(loadJson), page, totalCount, request);
    },
  },
  {
    method: "GET",
    path: "/loads/last",
    access: "admin",
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
    handle: async (ctx, { params }) => loadJson(await getLoadWithRelations(ctx, params.id)),
  },
  {
    method: "PUT",
    path: "/loads/:loadId",
    access: "admin",
    async handle(ctx, { params, body }) {
      const load = await updateLoad(ctx, params.loadId, body);
      return loadJson(await getLoadWithRelations(ctx, load.id));
    },
  },
  {
    method: "PATCH",
    path: "/loads/:id",
    access: "admin",
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
