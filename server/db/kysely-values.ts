import { getDatamodel } from "../generated/pothos-types.ts";
import { isoTextOf } from "../lib/iso-time.ts";

/**
 * SQLite keeps DateTime columns as ISO-8601 text and Boolean columns as 0/1; PostgreSQL's driver
 * already gives Dates and booleans. The stores' row types (server/generated/kysely) say Date and
 * boolean for both, so rows read on SQLite are mapped here, by column name: each name is a
 * DateTime (or Boolean) in every model that has it (kysely-values.test.ts keeps that so).
 */
type Kind = "date" | "boolean";

export function columnKinds(): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  for (const model of Object.values(getDatamodel().datamodel.models)) {
    for (const field of model.fields) {
      if (field.kind !== "scalar") continue;
      if (field.type === "DateTime") kinds.set(field.name, "date");
      else if (field.type === "Boolean") kinds.set(field.name, "boolean");
    }
  }
  return kinds;
}

const KINDS = columnKinds();

/**
 * A Date read from SQLite's text: its instant is read from the fixed ISO form without Date's
 * string parser, and it answers `toISOString` (the GraphQL DateTime scalar, JSON) with the text
 * it came from instead of formatting it again; a list page reads hundreds (bench/accelerators.md,
 * item 4). Once changed by a setter it formats itself as any Date does.
 */
class StoredInstant extends Date {
  readonly #time: number;
  readonly #iso: string;

  constructor(time: number, iso: string) {
    super(time);
    this.#time = time;
    this.#iso = iso;
  }

  override toISOString(): string {
    return this.getTime() === this.#time ? this.#iso : super.toISOString();
  }
}

function number(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/** SQLite's DateTime text as a Date (Prisma's `2026-11-22T19:00:00.000+00:00`, or any text Date reads). */
export function storedDate(text: string): Date {
  // isoTextOf checks the form (digits, a real day) and gives 2026-11-22T19:00:00.000Z.
  const iso = text.length === 29 ? isoTextOf(text) : null;
  if (iso === null) return new Date(text);
  const time = Date.UTC(
    number(iso, 0, 4),
    number(iso, 5, 7) - 1,
    number(iso, 8, 10),
    number(iso, 11, 13),
    number(iso, 14, 16),
    number(iso, 17, 19),
    number(iso, 20, 23),
  );
  return new StoredInstant(time, iso);
}

type Row = Record<string, unknown>;
type Decoder = (row: Row) => Row;

const identity: Decoder = (row) => row;

function decoderFor(columns: string[]): Decoder {
  const dates = columns.filter((column) => KINDS.get(column) === "date");
  const booleans = columns.filter((column) => KINDS.get(column) === "boolean");
  if (dates.length === 0 && booleans.length === 0) return identity;
  return (row) => {
    for (const column of dates) {
      const value = row[column];
      if (typeof value === "string") row[column] = storedDate(value);
    }
    for (const column of booleans) {
      const value = row[column];
      if (typeof value === "number") row[column] = value === 1;
    }
    return row;
  };
}

/** One decoder per statement text: the columns of a statement's rows never change. */
const decoders = new Map<string, Decoder>();

/** SQLite rows with their DateTime and Boolean columns as Date and boolean (in place). */
export function decodeSqliteRows<Result>(sql: string, rows: unknown[]): Result[] {
  if (rows.length === 0) return rows as Result[];
  let decode = decoders.get(sql);
  if (!decode) {
    decode = decoderFor(Object.keys(rows[0] as Row));
    if (decoders.size >= 5_000) decoders.clear();
    decoders.set(sql, decode);
  }
  if (decode !== identity) for (const row of rows) decode(row as Row);
  return rows as Result[];
}
