import type { AuditActor } from "../../audit/actor.ts";
import { recordAuditWork } from "../../audit/service.ts";
import type { SqlWork } from "../../db/bulk.ts";
import {
  type Column,
  deleteWhereIn,
  insertRowStream,
  insertRows,
  updateRowsAtVersion,
  type VersionedRowChange,
} from "../../db/bulk-statements.ts";
import { queryBuilder } from "../../db/kysely.ts";
import type { SqlValue } from "../../db/sql.ts";
import type { DbProvider } from "../../db/url.ts";
import type { FieldError } from "../../errors.ts";
import { createRowId } from "../../lib/ids.ts";
import { facilityTimeZone } from "../../nass/time-zone.ts";
import { ensureRoutes } from "../../routing/route-numbers.ts";
import { carriedVisit, STOP_VISIT_COLUMNS } from "../stop-rows.ts";
import {
  appointmentWindows,
  keysOfRows,
  type LoadValues,
  type StopWindow,
  type UploadKeys,
  type UploadRow,
  unknownNassErrors,
} from "./rows.ts";
import {
  insertUploadBatch,
  loadsOfLoadIds,
  nassCodesOfCodes,
  type PreviousStop,
  setUploadBatchUpdatedCount,
  stopsOfLoads,
} from "./store.ts";

/**
 * An upload's rows for the write: their keys first, then the rows themselves, which may be read
 * (parsed and checked) only as the write reaches them; problems found meanwhile land in `errors`.
 */
export interface UploadRowSource {
  keys: UploadKeys;
  rows: Iterable<UploadRow>;
  errors: FieldError[];
}

/** An upload always has its uploader. */
export type UploadActor = AuditActor & { id: string };

export interface UploadWrite {
  provider: DbProvider;
  batchId: string;
  actor: UploadActor;
  stream: string;
  fileNames: string[];
  source: UploadRowSource;
  now: Date;
}

/** Rows read already (and the problems found reading them). */
export function sourceOfRows(rows: UploadRow[], errors: FieldError[] = []): UploadRowSource {
  return { keys: keysOfRows(rows), rows, errors };
}

/** The upload's rows had problems: the write stops and its transaction rolls back. */
export class UploadRowProblems extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`${errors.length} problems in the upload's rows`);
  }
}

/** A row of an existing load that someone else changed after the upload read it: not written. */
export interface SkippedUploadRow {
  /** The row's 1-based position among the uploaded rows. */
  row: number;
  loadId: string;
}

export interface UploadOutcome {
  batchId: string;
  createdCount: number;
  updatedCount: number;
  /** Rows left out because their load changed meanwhile (its fresh edit wins), in row order. */
  skipped: SkippedUploadRow[];
  /** Existing loads with a customer rate that this upload made delivered: their invoices follow. */
  deliveredLoadIds: string[];
}

/** The load columns an upload row sets, with their types; the values come from LoadValues. */
const VALUE_COLUMNS: readonly (Column & { name: keyof LoadValues })[] = [
  { name: "bolNumber", type: "text" },
  { name: "customer", type: "text" },
  { name: "status", type: "text" },
  { name: "mode", type: "text" },
  { name: "referenceNumber", type: "text" },
  { name: "weight", type: "double precision" },
  { name: "volume", type: "double precision" },
  { name: "freightClass", type: "text" },
  { name: "commodity", type: "text" },
  { name: "orderInfo", type: "text" },
  { name: "stopCount", type: "integer" },
  { name: "originAddress", type: "text" },
  { name: "destinationAddress", type: "text" },
  { name: "pickupDate", type: "timestamp(3)" },
  { name: "deliveryDate", type: "timestamp(3)" },
  { name: "appointmentsRequired", type: "boolean" },
  { name: "appointmentsConfirmed", type: "boolean" },
  { name: "trackingLink", type: "text" },
  { name: "customerRateCents", type: "integer" },
];

/** What a new load gets when its row leaves a column empty (the stream names the customer). */
function defaultsFor(upload: UploadWrite): Partial<Record<keyof LoadValues, SqlValue>> {
  return {
    customer: upload.stream,
    status: "pending",
    mode: "TRUCK",
    stopCount: 0,
    appointmentsRequired: false,
    appointmentsConfirmed: false,
  };
}

/** Columns written with every upload row besides the values. */
const UPLOAD_COLUMNS: readonly Column[] = [
  { name: "routeId", type: "text" },
  { name: "routeNumber", type: "text" },
  { name: "additionalData", type: "text" },
  { name: "stream", type: "text" },
  { name: "uploadBatchId", type: "text" },
  { name: "updatedAt", type: "timestamp(3)" },
];

const INSERT_COLUMNS: readonly Column[] = [
  { name: "id", type: "text" },
  { name: "loadId", type: "text" },
  ...VALUE_COLUMNS,
  ...UPLOAD_COLUMNS,
  { name: "createdAt", type: "timestamp(3)" },
];

const STOP_COLUMNS: readonly Column[] = [
  { name: "id", type: "text" },
  { name: "loadId", type: "text" },
  { name: "sequence", type: "integer" },
  { name: "type", type: "text" },
  { name: "nassCodeId", type: "text" },
  { name: "appointmentFrom", type: "timestamp(3)" },
  { name: "appointmentTo", type: "timestamp(3)" },
  { name: "arrivedAt", type: "timestamp(3)" },
  { name: "arrivedSource", type: "text" },
  { name: "departedAt", type: "timestamp(3)" },
  { name: "departedSource", type: "text" },
  { name: "detentionAcceptedCents", type: "integer" },
  { name: "detentionAcceptedAt", type: "timestamp(3)" },
  { name: "detentionAcceptedById", type: "text" },
];

/** Timestamps read by a plain statement: PostgreSQL's driver gives Dates, SQLite's its stored text. */
function readDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function previousStopRow(row: PreviousStop) {
  return {
    ...row,
    sequence: Number(row.sequence),
    appointmentFrom: readDate(row.appointmentFrom),
    appointmentTo: readDate(row.appointmentTo),
    arrivedAt: readDate(row.arrivedAt),
    departedAt: readDate(row.departedAt),
    detentionAcceptedAt: readDate(row.detentionAcceptedAt),
    detentionAcceptedCents: row.detentionAcceptedCents === null ? null : Number(row.detentionAcceptedCents),
  };
}

function plannedStops(row: UploadRow): { type: "pickup" | "delivery"; code: string }[] {
  const stops: { type: "pickup" | "delivery"; code: string }[] = [];
  if (row.originNass) stops.push({ type: "pickup", code: row.originNass });
  if (row.destinationNass) stops.push({ type: "delivery", code: row.destinationNass });
  return stops;
}

/**
 * The row's values in VALUE_COLUMNS order. Stop rows, when the NASS columns give them, are the
 * load's stop count (one meaning of "stops" everywhere: the rows when there are rows, otherwise the
 * planned number from the Stops cell).
 * With `defaults` (a new load) empty cells take the default or null; without, they stay
 * undefined (an existing load keeps its value).
 */
function rowValues(
  row: UploadRow,
  defaults?: Partial<Record<keyof LoadValues, SqlValue>>,
): (SqlValue | undefined)[] {
  const values: (SqlValue | undefined)[] = new Array(VALUE_COLUMNS.length);
  for (let position = 0; position < VALUE_COLUMNS.length; position++) {
    const name = VALUE_COLUMNS[position].name;
    let value: SqlValue | undefined = row.values[name];
    if (name === "stopCount" && (row.originNass || row.destinationNass)) {
      value = plannedStops(row).length;
    }
    values[position] = defaults ? (value ?? defaults[name] ?? null) : value;
  }
  return values;
}

/** The load fields some row of the upload gives (an empty cell leaves an existing load's value). */
class FieldsWritten {
  private readonly values = new Set<string>();
  private routeNumber = false;
  private stops = false;
  private additionalData = false;

  add(row: UploadRow): void {
    for (const name in row.values) {
      if (row.values[name as keyof LoadValues] !== undefined) this.values.add(name);
    }
    this.routeNumber ||= Boolean(row.routeNumber);
    this.stops ||= Boolean(row.originNass || row.destinationNass);
    this.additionalData ||= Boolean(row.additionalData);
  }

  list(): string[] {
    const fields: string[] = VALUE_COLUMNS.map((column) => column.name).filter((name) =>
      this.values.has(name),
    );
    if (this.routeNumber) fields.push("routeNumber");
    if (this.stops) fields.push("stops");
    if (this.additionalData) fields.push("additionalData");
    return fields;
  }
}

/**
 * The write of one upload, as one transaction: new routes, new loads inserted in bulk, existing
 * loads (same loadId) updated with the row's non-empty cells, the stops named by NASS columns
 * replaced, the batch and its audit entry recorded. The rows are read while the new loads stream
 * to the database; any problem in them (or an unknown NASS code) stops writing rows, the rest are
 * still read so every problem is listed, and UploadRowProblems rolls the transaction back.
 *
 * An existing load is updated only at the version this transaction read it at (PostgreSQL reads
 * and writes at different moments; an operator's edit may commit in between): a load someone
 * changed meanwhile keeps that change, its row (and its stops) are not written, and the outcome
 * lists it as skipped. SQLite holds the write lock from the read to the commit, so nothing moves.
 */
export function* writeUpload(upload: UploadWrite): SqlWork<UploadOutcome> {
  const { provider, now, batchId, stream } = upload;
  const { keys, errors } = upload.source;
  const existing = yield* loadsOfLoadIds(provider, keys.loadIds);
  const existingByLoadId = new Map(existing.map((row) => [row.loadId, row]));
  const routeIds = yield* ensureRoutes(queryBuilder(provider), keys.routeNumbers, now);
  const nassRows = yield* nassCodesOfCodes(provider, [...new Set(keys.nassCodes)]);
  const nassIds = new Map(nassRows.map((row) => [row.code, row.id]));
  const knownCodes = new Set(nassIds.keys());
  const zones = new Map(
    nassRows.map((row) => [
      row.code,
      facilityTimeZone({
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
      }),
    ]),
  );
  const windowsByRow = new Map<UploadRow, Record<"origin" | "destination", StopWindow>>();

  // The keys are the rows' own when the upload is valid (see uploadKeys); otherwise it rolls back.
  yield* insertUploadBatch([
    batchId,
    upload.actor.id,
    stream,
    upload.fileNames.length ? upload.fileNames.join(", ") : null,
    keys.loadIds.length,
    keys.loadIds.length - existing.length,
    existing.length,
    now,
  ]);

  const uploadValues = (row: UploadRow): (SqlValue | undefined)[] => [
    row.routeNumber ? routeIds.get(row.routeNumber) : undefined,
    row.routeNumber || undefined,
    row.additionalData ? JSON.stringify(row.additionalData) : undefined,
    stream,
    batchId,
    now,
  ];
  const loadIdByRow = new Map<UploadRow, string>();
  const defaults = defaultsFor(upload);
  const updatedRows: UploadRow[] = [];
  const withStops: UploadRow[] = [];
  const fields = new FieldsWritten();
  function* newLoads(): Generator<SqlValue[]> {
    for (const row of upload.source.rows) {
      if (row.originNass || row.destinationNass) errors.push(...unknownNassErrors([row], knownCodes));
      if (row.appointments) {
        // An unknown code is its own problem (above); its appointments are not read.
        const read = appointmentWindows(row, (code) =>
          knownCodes.has(code) ? (zones.get(code) ?? null) : undefined,
        );
        errors.push(...read.errors);
        windowsByRow.set(row, read.windows);
      }
      // After a problem nothing more is written, but every row is still read for the full list.
      if (errors.length > 0) continue;
      fields.add(row);
      if (row.originNass || row.destinationNass) withStops.push(row);
      const before = existingByLoadId.get(row.loadId);
      if (before) {
        loadIdByRow.set(row, before.id);
        updatedRows.push(row);
        continue;
      }
      const id = createRowId(now.getTime());
      loadIdByRow.set(row, id);
      const values: SqlValue[] = [id, row.loadId];
      for (const value of rowValues(row, defaults)) values.push(value ?? null);
      for (const value of uploadValues(row)) values.push(value ?? null);
      values.push(now);
      yield values;
    }
  }
  const createdCount = yield* insertRowStream(provider, "Load", INSERT_COLUMNS, newLoads());
  if (errors.length > 0) throw new UploadRowProblems(errors);

  const changes: VersionedRowChange[] = updatedRows.map((row) => ({
    key: loadIdByRow.get(row)!,
    values: [...rowValues(row), ...uploadValues(row)],
    version: existingByLoadId.get(row.loadId)!.version,
  }));
  const written = yield* updateRowsAtVersion(
    provider,
    "Load",
    [...VALUE_COLUMNS, ...UPLOAD_COLUMNS],
    changes,
  );
  const skippedRows = updatedRows.filter((row) => !written.has(loadIdByRow.get(row)!));
  const skipped = new Set(skippedRows);
  const keptRows = skipped.size === 0 ? updatedRows : updatedRows.filter((row) => !skipped.has(row));
  if (skipped.size > 0) {
    yield* setUploadBatchUpdatedCount(batchId, keptRows.length);
  }

  const stopRows = skipped.size === 0 ? withStops : withStops.filter((row) => !skipped.has(row));
  const replacedLoadIds = stopRows
    .filter((row) => existingByLoadId.has(row.loadId))
    .map((row) => loadIdByRow.get(row)!);
  // A stop at the same sequence and facility is the same stop: it keeps its id and its visit
  // (arrival, departure, accepted detention), and its appointment when the row's cells leave it empty.
  const previousStops = new Map<string, ReturnType<typeof previousStopRow>[]>();
  const previousRows = yield* stopsOfLoads(provider, replacedLoadIds);
  for (const previous of previousRows) {
    const list = previousStops.get(previous.loadId) ?? [];
    list.push(previousStopRow(previous));
    previousStops.set(previous.loadId, list);
  }
  yield* deleteWhereIn(provider, "LoadStop", "loadId", replacedLoadIds);
  const stops = stopRows.flatMap((row) =>
    plannedStops(row).map((stop, index) => ({ row, stop, sequence: index + 1 })),
  );
  yield* insertRows(provider, "LoadStop", STOP_COLUMNS, stops.length, (index, out) => {
    const { row, stop, sequence } = stops[index];
    const window = windowsByRow.get(row)?.[stop.type === "pickup" ? "origin" : "destination"];
    const loadId = loadIdByRow.get(row)!;
    const nassCodeId = nassIds.get(stop.code) ?? null;
    const previous = previousStops.get(loadId) ?? [];
    const visit = carriedVisit(previous, { sequence, nassCodeId });
    const same = previous.find(
      (candidate) => candidate.sequence === sequence && candidate.nassCodeId === nassCodeId,
    );
    const given = window?.from || window?.to;
    out.push(
      same?.id ?? createRowId(),
      loadId,
      sequence,
      stop.type,
      nassCodeId,
      given ? (window?.from ?? null) : (same?.appointmentFrom ?? null),
      given ? (window?.to ?? null) : (same?.appointmentTo ?? null),
    );
    for (const column of STOP_VISIT_COLUMNS) out.push(visit[column] ?? null);
  });

  yield* recordAuditWork(
    provider,
    {
      actor: upload.actor,
      action: "load.upload",
      entityType: "UploadBatch",
      entityId: batchId,
      details: {
        stream,
        fileNames: upload.fileNames,
        rowCount: createdCount + updatedRows.length,
        createdCount,
        updatedCount: keptRows.length,
        ...(skipped.size > 0
          ? { skippedCount: skipped.size, skippedLoadIds: skippedRows.map((row) => row.loadId) }
          : {}),
        fields: fields.list(),
      },
    },
    now,
  );
  // Billing follows operations (issue 14): a load that becomes delivered drafts its invoice once it
  // has a customer rate (kept or from this row). A new load's invoice follows when it is next
  // delivered or its rate is set, so only updates count here.
  const deliveredLoadIds = keptRows.flatMap((row) => {
    const before = existingByLoadId.get(row.loadId)!;
    return row.values.status === "delivered" &&
      before.status !== "delivered" &&
      (before.customerRateCents !== null || row.values.customerRateCents !== undefined)
      ? [before.id]
      : [];
  });
  return {
    batchId,
    createdCount,
    updatedCount: keptRows.length,
    skipped: skippedRows.map((row) => ({ row: row.rowNumber, loadId: row.loadId })),
    deliveredLoadIds,
  };
}
