import type { ExpressionBuilder } from "kysely";
import { ON_TIME_GRACE_MINUTES, POD_TURNAROUND_SAMPLE } from "../../common/scorecards.ts";
import type { DB, Store } from "../db/kysely.ts";
import { storedDate } from "../db/kysely-values.ts";
import { countOf, oneOf, plusMinutes } from "../db/store-sql.ts";

/**
 * Scorecards' store: the platform's own history, counted in SQL for a whole batch of subjects at
 * once (one statement per measure and kind of subject, never one per carrier). A subject is a
 * carrier company (Load.carrierId, Tender.carrierId, its users' bids) or a carrier user without
 * one (the loads and tenders awarded to that user with no company, and that user's bids).
 */

export interface SubjectIds {
  companies: readonly string[];
  loners: readonly string[];
}

/** Counts per subject id (a Carrier id or a lone User id). */
export type Counts = Map<string, number>;

/** The stages a load reaches once delivered (common/loads/stages.ts). */
const HAULED_STAGES = ["delivered", "pod_received", "invoiced", "paid"];

function add(into: Map<string, number>, key: string | null, value: unknown) {
  if (key === null) return;
  into.set(key, (into.get(key) ?? 0) + countOf(value as number | string | null));
}

/** Delivered loads per subject. */
export async function hauledLoadCounts(db: Store, ids: SubjectIds): Promise<Counts> {
  const counts: Counts = new Map();
  if (ids.companies.length > 0) {
    const rows = await db
      .selectFrom("Load")
      .select((eb) => ["carrierId as subject", eb.fn.countAll().as("n")])
      .where((eb) => oneOf(db, eb.ref("carrierId"), ids.companies))
      .where("stage", "in", HAULED_STAGES)
      .groupBy("carrierId")
      .execute();
    for (const row of rows) add(counts, row.subject, row.n);
  }
  if (ids.loners.length > 0) {
    const rows = await db
      .selectFrom("Load")
      .select((eb) => ["assignedUserId as subject", eb.fn.countAll().as("n")])
      .where((eb) => oneOf(db, eb.ref("assignedUserId"), ids.loners))
      .where("carrierId", "is", null)
      .where("stage", "in", HAULED_STAGES)
      .groupBy("assignedUserId")
      .execute();
    for (const row of rows) add(counts, row.subject, row.n);
  }
  return counts;
}

type StopRows = { s: DB["LoadStop"]; l: DB["Load"] };

export interface Punctuality {
  pickupMeasured: Counts;
  pickupOnTime: Counts;
  deliveryMeasured: Counts;
  deliveryOnTime: Counts;
}

/**
 * Pickup and delivery stops with an appointment and an arrival, per subject, and how many of them
 * the truck reached by the window's end (or the fixed time) plus ON_TIME_GRACE_MINUTES.
 */
export async function stopPunctuality(db: Store, ids: SubjectIds): Promise<Punctuality> {
  const result: Punctuality = {
    pickupMeasured: new Map(),
    pickupOnTime: new Map(),
    deliveryMeasured: new Map(),
    deliveryOnTime: new Map(),
  };
  const base = () =>
    db
      .selectFrom("LoadStop as s")
      .innerJoin("Load as l", "l.id", "s.loadId")
      .where("s.type", "in", ["pickup", "delivery"])
      .where("s.appointmentFrom", "is not", null)
      .where("s.arrivedAt", "is not", null);
  const onTime = (eb: ExpressionBuilder<StopRows, "s" | "l">) =>
    eb.fn.sum<number>(
      eb
        .case()
        .when(
          "s.arrivedAt",
          "<=",
          plusMinutes(db, eb.fn.coalesce("s.appointmentTo", "s.appointmentFrom"), ON_TIME_GRACE_MINUTES),
        )
        .then(1)
        .else(0)
        .end(),
    );
  const collect = (rows: { subject: string | null; type: string; n: unknown; onTime: unknown }[]) => {
    for (const row of rows) {
      const pickup = row.type === "pickup";
      add(pickup ? result.pickupMeasured : result.deliveryMeasured, row.subject, row.n);
      add(pickup ? result.pickupOnTime : result.deliveryOnTime, row.subject, row.onTime);
    }
  };
  if (ids.companies.length > 0) {
    collect(
      await base()
        .select((eb) => [
          "l.carrierId as subject",
          "s.type",
          eb.fn.countAll().as("n"),
          onTime(eb).as("onTime"),
        ])
        .where((eb) => oneOf(db, eb.ref("l.carrierId"), ids.companies))
        .groupBy(["l.carrierId", "s.type"])
        .execute(),
    );
  }
  if (ids.loners.length > 0) {
    collect(
      await base()
        .select((eb) => [
          "l.assignedUserId as subject",
          "s.type",
          eb.fn.countAll().as("n"),
          onTime(eb).as("onTime"),
        ])
        .where((eb) => oneOf(db, eb.ref("l.assignedUserId"), ids.loners))
        .where("l.carrierId", "is", null)
        .groupBy(["l.assignedUserId", "s.type"])
        .execute(),
    );
  }
  return result;
}

/** Decided tenders per subject and status (accepted, declined, expired; pending ones are not decided). */
export async function tenderCounts(db: Store, ids: SubjectIds): Promise<Map<string, Counts>> {
  const byStatus = new Map<string, Counts>();
  const collect = (rows: { subject: string | null; status: string; n: unknown }[]) => {
    for (const row of rows) {
      const counts = byStatus.get(row.status) ?? new Map();
      add(counts, row.subject, row.n);
      byStatus.set(row.status, counts);
    }
  };
  const decided = ["accepted", "declined", "expired"];
  if (ids.companies.length > 0) {
    collect(
      await db
        .selectFrom("Tender")
        .select((eb) => ["carrierId as subject", "status", eb.fn.countAll().as("n")])
        .where((eb) => oneOf(db, eb.ref("carrierId"), ids.companies))
        .where("status", "in", decided)
        .groupBy(["carrierId", "status"])
        .execute(),
    );
  }
  if (ids.loners.length > 0) {
    collect(
      await db
        .selectFrom("Tender")
        .select((eb) => ["userId as subject", "status", eb.fn.countAll().as("n")])
        .where((eb) => oneOf(db, eb.ref("userId"), ids.loners))
        .where("carrierId", "is", null)
        .where("status", "in", decided)
        .groupBy(["userId", "status"])
        .execute(),
    );
  }
  return byStatus;
}

/** Decided bids (winner, loser) per subject: a company's through its users. */
export async function bidCounts(db: Store, ids: SubjectIds): Promise<{ won: Counts; lost: Counts }> {
  const won: Counts = new Map();
  const lost: Counts = new Map();
  const collect = (rows: { subject: string | null; status: string; n: unknown }[]) => {
    for (const row of rows) add(row.status === "winner" ? won : lost, row.subject, row.n);
  };
  if (ids.companies.length > 0) {
    collect(
      await db
        .selectFrom("Bid as b")
        .innerJoin("User as u", "u.id", "b.userId")
        .select((eb) => ["u.carrierId as subject", "b.status", eb.fn.countAll().as("n")])
        .where((eb) => oneOf(db, eb.ref("u.carrierId"), ids.companies))
        .where("b.status", "in", ["winner", "loser"])
        .groupBy(["u.carrierId", "b.status"])
        .execute(),
    );
  }
  if (ids.loners.length > 0) {
    collect(
      await db
        .selectFrom("Bid")
        .select((eb) => ["userId as subject", "status", eb.fn.countAll().as("n")])
        .where((eb) => oneOf(db, eb.ref("userId"), ids.loners))
        .where("status", "in", ["winner", "loser"])
        .groupBy(["userId", "status"])
        .execute(),
    );
  }
  return { won, lost };
}

/** The carrier company of each of these users (null: none). */
export async function companiesOfUsers(
  db: Store,
  userIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("User")
    .select(["id", "carrierId"])
    .where((eb) => oneOf(db, eb.ref("id"), userIds))
    .execute();
  return new Map(rows.map((row) => [row.id, row.carrierId]));
}

/** Milestone times as either driver gives an aggregate of them (SQLite: the stored ISO text). */
function instantOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  return storedDate(String(value)).getTime();
}

/**
 * Hours from each load's first `delivered` milestone to its first `pod_received` one, per
 * subject, over its newest POD_TURNAROUND_SAMPLE loads with both (by delivery; a POD filed before
 * the delivered milestone counts as 0 hours). The median is taken by the caller.
 */
export async function podTurnaroundHours(db: Store, ids: SubjectIds): Promise<Map<string, number[]>> {
  const hours = new Map<string, number[]>();
  const perLoad = (subject: "l.carrierId" | "l.assignedUserId") =>
    db
      .selectFrom("LoadMilestone as m")
      .innerJoin("Load as l", "l.id", "m.loadId")
      .where("m.milestone", "in", ["delivered", "pod_received"])
      .select((eb) => {
        const delivered = eb.fn.min(
          eb.case().when("m.milestone", "=", "delivered").then(eb.ref("m.at")).end(),
        );
        return [
          eb.ref(subject).as("subject"),
          delivered.as("deliveredAt"),
          eb.fn
            .min(eb.case().when("m.milestone", "=", "pod_received").then(eb.ref("m.at")).end())
            .as("podAt"),
          // Window functions run after GROUP BY on both databases: the subject's loads, newest first.
          eb.fn
            .agg<number>("row_number")
            .over((over) => over.partitionBy(subject).orderBy(delivered, "desc"))
            .as("newest"),
        ];
      })
      .having((eb) =>
        eb.and([
          eb(eb.fn.min(eb.case().when("m.milestone", "=", "delivered").then(1).end()), "is not", null),
          eb(eb.fn.min(eb.case().when("m.milestone", "=", "pod_received").then(1).end()), "is not", null),
        ]),
      )
      .groupBy([subject, "l.id"]);
  const collect = (rows: { subject: string | null; deliveredAt: unknown; podAt: unknown }[]) => {
    for (const row of rows) {
      const delivered = instantOf(row.deliveredAt);
      const pod = instantOf(row.podAt);
      if (row.subject === null || delivered === null || pod === null) continue;
      const list = hours.get(row.subject) ?? [];
      list.push(Math.max(0, pod - delivered) / 3_600_000);
      hours.set(row.subject, list);
    }
  };
  const newest = (query: ReturnType<typeof perLoad>) =>
    db
      .selectFrom(query.as("p"))
      .select(["p.subject", "p.deliveredAt", "p.podAt"])
      .where("p.newest", "<=", POD_TURNAROUND_SAMPLE);
  if (ids.companies.length > 0) {
    collect(
      await newest(
        perLoad("l.carrierId").where((eb) => oneOf(db, eb.ref("l.carrierId"), ids.companies)),
      ).execute(),
    );
  }
  if (ids.loners.length > 0) {
    collect(
      await newest(
        perLoad("l.assignedUserId")
          .where((eb) => oneOf(db, eb.ref("l.assignedUserId"), ids.loners))
          .where("l.carrierId", "is", null),
      ).execute(),
    );
  }
  return hours;
}
