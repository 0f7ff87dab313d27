import { NASS_CHANGED_ELSEWHERE, NASS_IMPORT_TOO_LARGE } from "../../common/routing.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { createNassCode, NASS_NOT_FOUND, updateNassCode } from "./edit.ts";
import { importNassCodes } from "./import.ts";
import { nassJson } from "./json.ts";
import { DEFAULT_NASS_SORT } from "./list.ts";
import { nassImportResultSchema, nassSchema } from "./rest-schemas.ts";
import { findNassCodePage } from "./service.ts";
import { createNassInput, nassImportBody, updateNassInput } from "./validation.ts";

/** Like the load upload: JSON repeats headers on every row, the CSV inside must fit in 5 MB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

function flag(value: string | null): boolean | null {
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

const flagParam = (what: string) => queryParam(`true or false: only ${what} facilities.`, ["true", "false"]);

const listQuery = pagedQuery({
  search: queryParam("Text in the code, facility name, city, state or zip (any case)."),
  region: queryParam("Only this region."),
  division: queryParam("Only this division."),
  state: queryParam("Only this state (two letters)."),
  facType: queryParam("Only this facility type."),
  originating: flagParam("originating (or not)"),
  destinating: flagParam("destinating (or not)"),
});

export const nassRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/routing/nass",
    access: "admin",
    schema: {
      summary: "List NASS codes",
      description: "The facility codes, searched and filtered, by code, paged. Operators only.",
      querystring: listQuery,
      response: { 200: pagedList(nassSchema, "A page of NASS codes."), ...errors(400) },
    },
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
      const connection = await findNassCodePage(
        ctx,
        { filters, sort: DEFAULT_NASS_SORT, paging: restPaging(page) },
        {},
      );
      const codes = connection.edges.map(({ node }) => nassJson(node));
      return pagedReply(codes, page, await connection.totalCount(), request);
    },
  },
  {
    method: "POST",
    path: "/routing/nass",
    access: "admin",
    schema: {
      summary: "Add a NASS code",
      description:
        "A facility with the import's rules per field; coordinates from the form or the ZIP's centroid. " +
        "409 when the code exists. Operators only.",
      body: createNassInput,
      response: { 201: nassSchema, ...errors(400, { 409: "NASS code {code} already exists." }) },
    },
    handle: async (ctx, { body }) => withStatus(201, nassJson(await createNassCode(ctx, body))),
  },
  {
    method: "PUT",
    path: "/routing/nass/:code",
    access: "admin",
    schema: {
      summary: "Edit a NASS code",
      description:
        "The facility by its code or database id: only the fields sent change (null or blank clears " +
        "them); a new zip moves it to that ZIP's centroid. With `version` (as GET answered it), 409 when " +
        "someone else changed the code since (an edit or an import). Operators only.",
      body: updateNassInput,
      response: {
        200: nassSchema,
        ...errors(400, {
          404: NASS_NOT_FOUND,
          409: `NASS code {code} already exists; or '${NASS_CHANGED_ELSEWHERE}'`,
        }),
      },
    },
    handle: async (ctx, { params, body }) => nassJson(await updateNassCode(ctx, params.code, body)),
  },
  {
    method: "POST",
    path: "/routing/nass/import",
    access: "admin",
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      summary: "Import NASS codes",
      description:
        "The NASS CSV as `{csv, fileName}` (the file's text), `{rows: [{Code, Region, ...}], fileName}` " +
        "(papaparse's header rows) or `{columns, rows}`. Upsert by code: every row is checked first and " +
        "any problem refuses the file (400 with `errors` as rows.N.field); at most 5 MB of CSV (413). " +
        "A code someone edited while the file was importing keeps the edit and its row is listed in " +
        "`skipped`. Operators only.",
      body: nassImportBody,
      response: { 200: nassImportResultSchema, ...errors(400, { 413: NASS_IMPORT_TOO_LARGE }) },
    },
    async handle(ctx, { body }) {
      const result = await importNassCodes(ctx, parseInput(nassImportBody, body));
      const skipped =
        result.skipped.length > 0
          ? ` ${result.skipped.length} skipped: someone changed them while the file was importing.`
          : "";
      return withStatus(200, {
        message: `NASS codes imported: ${result.createdCount} new, ${result.updatedCount} updated.${skipped}`,
        ...result,
      });
    },
  },
];
