import { toBoolean, toDate } from "../db/reader.ts";
import type { Load, Prisma } from "../generated/sqlite/client.ts";

/**
 * A list row with what the list's fields select from the load's relations. When the page selects
 * row fields only (LOAD_ROW_FIELDS), its DateTime columns are the driver's text (see
 * `SqlReader.rows`): only the Load's own DateTime fields read them then, and the DateTime scalar
 * answers that text as ISO-8601 without building a Date.
 */
export type ListedLoad = Load & {
  route: { routeNumber: string } | null;
  /** Present on list rows: the route number when the load's truck reports positions. */
  trackedRouteNumber?: string | null;
  carrier: { carrierName: string } | null;
  assignedUser: { userId: string } | null;
};

const DATE_COLUMNS = new Set(["pickupDate", "deliveryDate", "createdAt", "updatedAt"]);
const NUMBER_COLUMNS = new Set([
  "weight",
  "volume",
  "stopCount",
  "version",
  "customerRateCents",
  "carrierRateCents",
]);
const BOOLEAN_COLUMNS = new Set(["appointmentsRequired", "appointmentsConfirmed"]);

type Convert = "as-is" | "number" | "boolean" | "date";

/** How the value of each of the page statement's columns becomes a property of the row. */
type Layout = { key: string; convert: Convert; relation?: { name: string; field: string } }[];

/** The joined columns of loadPageSql and the relation field each one fills. */
const JOINED_COLUMNS: Record<string, { name: string; field: string } | "tracked"> = {
  joinedRouteNumber: { name: "route", field: "routeNumber" },
  joinedTrackedRouteNumber: "tracked",
  joinedCarrierName: { name: "carrier", field: "carrierName" },
  joinedAssignedUserKey: { name: "assignedUser", field: "userId" },
};

function layoutOf(columns: readonly string[], selection: PageSelection, datesAsText: boolean): Layout {
  const wanted = new Set(selection.columns);
  const layout: Layout = [];
  for (const column of columns) {
    const joined = JOINED_COLUMNS[column];
    if (joined === "tracked") layout.push({ key: "trackedRouteNumber", convert: "as-is" });
    else if (joined) layout.push({ key: joined.name, convert: "as-is", relation: joined });
    else if (!wanted.has(column)) layout.push({ key: "", convert: "as-is" });
    else {
      let convert: Convert = "as-is";
      if (NUMBER_COLUMNS.has(column)) convert = "number";
      else if (BOOLEAN_COLUMNS.has(column)) convert = "boolean";
      else if (DATE_COLUMNS.has(column) && !datesAsText) convert = "date";
      layout.push({ key: column, convert });
    }
  }
  return layout;
}

/**
 * The page statement's rows (arrays in `columns` order, see loadPageSql) as Prisma would give
 * them for the selection: the selected columns with their types (DateTime as the driver's text
 * with `datesAsText`, see ListedLoad), and the selected relation fields. Columns the selection
 * does not name (join keys) are left out, as with a Prisma `select`.
 */
export function listedLoads(
  rows: unknown[][],
  columns: readonly string[],
  selection: PageSelection,
  datesAsText: boolean,
): ListedLoad[] {
  const layout = layoutOf(columns, selection, datesAsText);
  return rows.map((row) => {
    const load: Record<string, unknown> = {};
    for (let index = 0; index < layout.length; index++) {
      const { key, convert, relation } = layout[index];
      if (key === "") continue;
      const value = row[index];
      if (relation) load[key] = value === null || value === undefined ? null : { [relation.field]: value };
      else if (value === null || value === undefined) load[key] = null;
      else if (convert === "number") load[key] = Number(value);
      else if (convert === "boolean") load[key] = toBoolean(value);
      else if (convert === "date") load[key] = toDate(value);
      else load[key] = value;
    }
    return load as ListedLoad;
  });
}

export type PrefilledRelation = "route" | "carrier" | "assignedUser" | "tracked";

/** What one page statement reads: Load columns and the relation fields joined in. */
export interface PageSelection {
  columns: string[];
  relations: Set<PrefilledRelation>;
}

/** Only the ids: the rows come from Prisma. */
export const IDS_ONLY: PageSelection = { columns: ["id"], relations: new Set() };

/** The relations (and their fields) a list row carries already. */
const PREFILLED: Record<Exclude<PrefilledRelation, "tracked">, string> = {
  route: "routeNumber",
  carrier: "carrierName",
  assignedUser: "userId",
};

const LOAD_COLUMNS = new Set<string>([
  "id",
  "loadId",
  "bolNumber",
  "customer",
  "status",
  "stage",
  "customerRateCents",
  "carrierRateCents",
  "mode",
  "assignedUserId",
  "carrierId",
  "referenceNumber",
  "weight",
  "volume",
  "freightClass",
  "commodity",
  "orderInfo",
  "additionalData",
  "stopCount",
  "routeId",
  "originAddress",
  "destinationAddress",
  "pickupDate",
  "deliveryDate",
  "appointmentsRequired",
  "appointmentsConfirmed",
  "trackingLink",
  "stream",
  "uploadBatchId",
  "routeNumber",
  "carrierName",
  "createdAt",
  "updatedAt",
  "version",
] satisfies (keyof Load)[]);

/**
 * The page statement's selection when the page rows answer the whole GraphQL selection (the Load's
 * columns and the relation fields above), else null: anything more (stops, a driver's other
 * fields...) is loaded by Prisma from the page's ids.
 */
export function pageSelection(
  query: Pick<Prisma.LoadFindManyArgs, "include" | "select">,
  nodeFields?: Set<string>,
): PageSelection | null {
  const relations = new Set<PrefilledRelation>();
  if (!query.select) {
    // Whole-row mode: the columns the document's fields read, the prefilled relations it
    // includes, and the tracked route number (a primary-key lookup) when it asks for it.
    for (const [key, value] of Object.entries(query.include ?? {})) {
      if (!value) continue;
      const relation = prefilledRelation(key, value);
      if (!relation) return null;
      relations.add(relation);
    }
    const columns = nodeFields ? columnsOfFields(nodeFields) : null;
    if (!columns || nodeFields?.has("trackedRouteNumber")) relations.add("tracked");
    return { columns: columns ?? [...LOAD_COLUMNS], relations };
  }
  if (query.include) return null;
  const columns = new Set<string>(["id"]);
  for (const [key, value] of Object.entries(query.select)) {
    if (!value) continue;
    if (LOAD_COLUMNS.has(key)) {
      if (value !== true) return null;
      columns.add(key);
      continue;
    }
    const relation = prefilledRelation(key, value);
    if (!relation) return null;
    relations.add(relation);
  }
  return { columns: [...columns], relations };
}

/** The Load columns each column-backed GraphQL field of Load reads. */
const FIELD_COLUMNS: Record<string, readonly (keyof Load)[]> = {
  __typename: [],
  id: ["id"],
  loadId: ["loadId"],
  bolNumber: ["bolNumber"],
  customer: ["customer"],
  status: ["status"],
  stage: ["stage"],
  customerRateCents: ["customerRateCents"],
  carrierRateCents: ["carrierRateCents"],
  marginCents: ["customerRateCents", "carrierRateCents"],
  marginPercent: ["customerRateCents", "carrierRateCents"],
  mode: ["mode"],
  referenceNumber: ["referenceNumber"],
  weight: ["weight"],
  volume: ["volume"],
  freightClass: ["freightClass"],
  commodity: ["commodity"],
  orderInfo: ["orderInfo"],
  additionalData: ["additionalData"],
  stopCount: ["stopCount"],
  routeNumber: ["routeNumber"],
  carrierName: ["carrierName"],
  origin: ["originAddress"],
  destination: ["destinationAddress"],
  pickupDate: ["pickupDate"],
  deliveryDate: ["deliveryDate"],
  appointmentsRequired: ["appointmentsRequired"],
  appointmentsConfirmed: ["appointmentsConfirmed"],
  trackingLink: ["trackingLink"],
  stream: ["stream"],
  createdAt: ["createdAt"],
  updatedAt: ["updatedAt"],
  version: ["version"],
  trackedRouteNumber: ["routeId"],
};

/** The Load fields a list row answers by itself: the Prisma query of a page selecting only these is empty. */
export const LOAD_ROW_FIELDS: ReadonlySet<string> = new Set(Object.keys(FIELD_COLUMNS));

/** Fields answered through the query's include (prefilled joins or Prisma), no column of their own. */
const INCLUDED_FIELDS = new Set(["assignedUser", "assignedUserKey", "route", "stops"]);

/** The columns `fields` read, or null when one of them is not known here (then read them all). */
function columnsOfFields(fields: Set<string>): string[] | null {
  const columns = new Set<string>(["id"]);
  for (const field of fields) {
    const own = FIELD_COLUMNS[field];
    if (own) for (const column of own) columns.add(column);
    else if (!INCLUDED_FIELDS.has(field)) return null;
  }
  return [...columns];
}

/** `key` when it is a relation the page statement joins, selected for exactly its one field. */
function prefilledRelation(key: string, value: unknown): PrefilledRelation | null {
  const field = PREFILLED[key as keyof typeof PREFILLED];
  if (!field || typeof value !== "object" || value === null) return null;
  const nested = value as { select?: Record<string, unknown> } & Record<string, unknown>;
  const keys = Object.keys(nested);
  if (keys.length !== 1 || keys[0] !== "select" || !nested.select) return null;
  const wanted = Object.entries(nested.select).filter(([, on]) => on);
  if (wanted.some(([name, on]) => name !== field || on !== true)) return null;
  return key as PrefilledRelation;
}
