import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { tableFromObjects } from "../loads/upload/input.ts";
import { createNassCode, updateNassCode } from "./edit.ts";
import { importNassCodes } from "./import.ts";
import { nassJson } from "./json.ts";
import { DEFAULT_NASS_SORT } from "./list.ts";
import { countNassCodes, findNassCodePage } from "./service.ts";

/** Like the load upload: JSON repeats headers on every row, the CSV inside must fit in 5 MB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

function flag(value: string | null): boolean | null {
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

export const nassRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/routing/nass",
    access: "admin",
    // The spec's screen passes a filter and sort object it leaves unused; ?search= and the
    // filter fields (region, division, state, facType, originating, destinating) are honoured.
    async handle(ctx, { query, request }) {
      const page = readRestPage(query);
      const filters = {
        search: query.get("search"),
        region: query.get("region"),
        division: query.get("division"),
        state: query.get("state"),
        facType: query.get("facType"),
        originating: flag(query.get("originating")),
        destinating: flag(query.get("destinating")),
      };
      const rows = await findNassCodePage(
        ctx,
        {
          filters,
          sort: DEFAULT_NASS_SORT,
          window: { offset: page.offset, limit: page.limit, page: page.page, pageSize: page.limit },
        },
        {},
      );
      const items = rows.slice(0, page.limit);
      const total =
        rows.length <= page.limit && (items.length > 0 || page.page === 1)
          ? page.offset + items.length
          : await countNassCodes(ctx, filters);
      return pagedReply(items.map(nassJson), page, total, request);
    },
  },
  {
    method: "POST",
    path: "/routing/nass",
    access: "admin",
    handle: async (ctx, { body }) => withStatus(201, nassJson(await createNassCode(ctx, body))),
  },
  {
    method: "PUT",
    path: "/routing/nass/:code",
    access: "admin",
    handle: async (ctx, { params, body }) => nassJson(await updateNassCode(ctx, params.code, body)),
  },
  {
    method: "POST",
    path: "/routing/nass/import",
    access: "admin",
    bodyLimit: IMPORT_BODY_LIMIT,
    // {csv, fileName} (the file's text), {rows: [{Code, Region, ...}], fileName} (papaparse's
    // header rows) or {columns, rows}.
    async handle(ctx, { body }) {
      const input = (body ?? {}) as { csv?: unknown; rows?: unknown; columns?: unknown; fileName?: unknown };
      const rows = Array.isArray(input.rows) ? input.rows : [];
      const table = Array.isArray(input.columns)
        ? { columns: input.columns.map(String), rows: rows as (string | null)[][] }
        : tableFromObjects(rows);
      const result = await importNassCodes(ctx, {
        csv: typeof input.csv === "string" ? input.csv : null,
        table:
          typeof input.csv === "string" && input.rows === undefined && input.columns === undefined
            ? null
            : table,
        fileName: typeof input.fileName === "string" ? input.fileName : null,
      });
      return withStatus(200, {
        message: `NASS codes imported: ${result.createdCount} new, ${result.updatedCount} updated.`,
        ...result,
      });
    },
  },
];
