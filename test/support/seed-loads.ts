/**
 * Fills the Load table fast with direct SQL (a million rows in seconds), with a realistic spread:
 * distinct createdAt, 500 customers, 2,000 routes, 200 carriers (most loads have both), the four
 * statuses. Loads are `BENCH-0000001`...; routes, carriers and a customer list come first.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { type Db, providerOf, sqliteFilePath } from "../../server/db/client.ts";

const ROUTES = 2000;
const CARRIERS = 200;
const CUSTOMERS = 500;
const STATUSES = ["pending", "pending", "in_transit", "delivered", "cancelled"];
const BASE_TIME = Date.UTC(2025, 0, 1);

const pad = (value: number, width: number) => String(value).padStart(width, "0");
/** Names not in id order, so sorting by carrier differs from sorting by carrierId. */
const carrierName = (index: number) => `Carrier ${pad((index * 7919) % CARRIERS, 3)} Freight`;
const sqliteDate = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}+00:00`;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedLoads(_db: Db, databaseUrl: string, count: number, first = 1): Promise<void> {
  if (providerOf(databaseUrl) === "postgresql") await seedPostgres(databaseUrl, count, first);
  else seedSqlite(sqliteFilePath(databaseUrl), count, first);
}

function seedSqlite(file: string, count: number, first: number): void {
  const db = new Database(file);
  db.pragma("busy_timeout = 30000");
  const now = sqliteDate(Date.now());
  const next = random(first);
  db.transaction(() => {
    const route = db.prepare(
      `INSERT OR IGNORE INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`,
    );
    for (let index = 1; index <= ROUTES; index++)
      route.run(`benchroute${index}`, `R${pad(index, 5)}`, now, now);
    const carrier = db.prepare(
      `INSERT OR IGNORE INTO "Carrier" ("id", "carrierId", "carrierName", "dotNumber", "mcNumber", "contactName", "contactPhone", "contactEmail", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, 'Dispatch', '+12015550100', ?, ?, ?)`,
    );
    for (let index = 1; index <= CARRIERS; index++) {
      carrier.run(
        `benchcarrier${index}`,
        `CAR-9${pad(index, 5)}`,
        `Carrier ${pad((index * 7919) % CARRIERS, 3)} Freight`,
        `9${pad(index, 6)}`,
        `8${pad(index, 6)}`,
        `dispatch${index}@bench.example`,
        now,
        now,
      );
    }
    const load = db.prepare(
      `INSERT INTO "Load" ("id", "loadId", "customer", "status", "mode", "carrierId", "carrierName", "routeId", "routeNumber", "weight", "originAddress", "destinationAddress", "pickupDate", "deliveryDate", "stopCount", "appointmentsRequired", "appointmentsConfirmed", "stream", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 'TRUCK', ?, ?, ?, ?, ?, 'Chicago NDC IL', 'Dallas NDC TX', ?, ?, 2, 0, 0, 'BENCH', ?, ?)`,
    );
    for (let number = first; number < first + count; number++) {
      const pickup = BASE_TIME + Math.floor(next() * 600 * 24) * 3_600_000;
      const created = BASE_TIME + number * 1000;
      const carrierNumber = next() < 0.6 ? 1 + Math.floor(next() * CARRIERS) : 0;
      const routeNumber = next() < 0.9 ? 1 + Math.floor(next() * ROUTES) : 0;
      load.run(
        `bench${pad(number, 12)}`,
        `BENCH-${pad(number, 7)}`,
        `Customer ${pad(Math.floor(next() * CUSTOMERS), 3)}`,
        STATUSES[Math.floor(next() * STATUSES.length)],
        carrierNumber ? `benchcarrier${carrierNumber}` : null,
        carrierNumber ? carrierName(carrierNumber) : null,
        routeNumber ? `benchroute${routeNumber}` : null,
        routeNumber ? `R${pad(routeNumber, 5)}` : null,
        1000 + Math.floor(next() * 40_000),
        sqliteDate(pickup),
        sqliteDate(pickup + 36 * 3_600_000),
        sqliteDate(created),
        now,
      );
    }
  })();
  db.exec("ANALYZE");
  db.close();
}

async function seedPostgres(url: string, count: number, first: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET TIME ZONE 'UTC'");
    await client.query("BEGIN");
    // The same rows on every run, as the SQLite seeding gives.
    await client.query("SELECT setseed($1)", [first / (first + count)]);
    await client.query(
      `INSERT INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt")
       SELECT 'benchroute' || n, 'R' || lpad(n::text, 5, '0'), now(), now() FROM generate_series(1, $1) n
       ON CONFLICT DO NOTHING`,
      [ROUTES],
    );
    await client.query(
      `INSERT INTO "Carrier" ("id", "carrierId", "carrierName", "dotNumber", "mcNumber", "contactName", "contactPhone", "contactEmail", "createdAt", "updatedAt")
       SELECT 'benchcarrier' || n, 'CAR-9' || lpad(n::text, 5, '0'), 'Carrier ' || lpad(((n * 7919) % $1)::text, 3, '0') || ' Freight',
              '9' || lpad(n::text, 6, '0'), '8' || lpad(n::text, 6, '0'), 'Dispatch', '+12015550100', 'dispatch' || n || '@bench.example', now(), now()
       FROM generate_series(1, $1) n ON CONFLICT DO NOTHING`,
      [CARRIERS],
    );
    await client.query(
      `INSERT INTO "Load" ("id", "loadId", "customer", "status", "mode", "carrierId", "carrierName", "routeId", "routeNumber", "weight", "originAddress", "destinationAddress", "pickupDate", "deliveryDate", "stopCount", "appointmentsRequired", "appointmentsConfirmed", "stream", "createdAt", "updatedAt")
       SELECT 'bench' || lpad(n::text, 12, '0'), 'BENCH-' || lpad(n::text, 7, '0'),
              'Customer ' || lpad(floor(random() * $3::int)::text, 3, '0'),
              (ARRAY['pending','pending','in_transit','delivered','cancelled'])[1 + floor(random() * 5)::int], 'TRUCK',
              'benchcarrier' || k.carrier, 'Carrier ' || lpad(((k.carrier * 7919) % $4::int)::text, 3, '0') || ' Freight',
              'benchroute' || k.route, 'R' || lpad(k.route::text, 5, '0'),
              1000 + floor(random() * 40000), 'Chicago NDC IL', 'Dallas NDC TX', k.pickup, k.pickup + interval '36 hours', 2, false, false, 'BENCH',
              to_timestamp($6::bigint / 1000.0 + n), now()
       FROM generate_series($1::int, $2::int) n,
            LATERAL (SELECT CASE WHEN random() + n * 0 < 0.6 THEN 1 + floor(random() * $4::int)::int END AS carrier,
                            CASE WHEN random() + n * 0 < 0.9 THEN 1 + floor(random() * $5::int)::int END AS route,
                            to_timestamp($6::bigint / 1000.0) + floor(random() * 600 * 24 + n * 0) * interval '1 hour' AS pickup) k`,
      [first, first + count - 1, CUSTOMERS, CARRIERS, ROUTES, BASE_TIME],
    );
    await client.query("COMMIT");
    await client.query(`ANALYZE "Load"`);
  } finally {
    await client.end();
  }
}
