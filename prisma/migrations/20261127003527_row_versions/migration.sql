-- Optimistic concurrency beyond loads (security issue #24, server/lib/row-version.ts).
-- Written by hand: Prisma's diff rebuilds these tables on SQLite, which would drop the triggers,
-- the FTS5 search table and the indexes written by hand on them; the columns are added in place
-- instead (their position in the table does not matter to Prisma).
-- AlterTable
ALTER TABLE "Carrier" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Route" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "NassCode" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Invoice" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Bill" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;

-- A route's loads and a carrier's drivers are rows of other tables (Load.routeId, User.carrierId),
-- written by several domains (load edits, uploads, manual assignment, routing, driver attach and
-- detach, role changes). A route editor saves the whole load list and a carrier edit may save the
-- whole driver list, so whoever moves a load or a driver moves the route's or the carrier's
-- version: a form that read the old list is refused instead of undoing the move.
CREATE TRIGGER "Load_route_version_insert" AFTER INSERT ON "Load"
WHEN new."routeId" IS NOT NULL
BEGIN
  UPDATE "Route" SET "version" = "version" + 1 WHERE "id" = new."routeId";
END;
CREATE TRIGGER "Load_route_version_update" AFTER UPDATE OF "routeId" ON "Load"
WHEN new."routeId" IS NOT old."routeId"
BEGIN
  UPDATE "Route" SET "version" = "version" + 1 WHERE "id" IN (old."routeId", new."routeId");
END;
CREATE TRIGGER "Load_route_version_delete" AFTER DELETE ON "Load"
WHEN old."routeId" IS NOT NULL
BEGIN
  UPDATE "Route" SET "version" = "version" + 1 WHERE "id" = old."routeId";
END;
CREATE TRIGGER "User_carrier_version_insert" AFTER INSERT ON "User"
WHEN new."carrierId" IS NOT NULL
BEGIN
  UPDATE "Carrier" SET "version" = "version" + 1 WHERE "id" = new."carrierId";
END;
CREATE TRIGGER "User_carrier_version_update" AFTER UPDATE OF "carrierId" ON "User"
WHEN new."carrierId" IS NOT old."carrierId"
BEGIN
  UPDATE "Carrier" SET "version" = "version" + 1 WHERE "id" IN (old."carrierId", new."carrierId");
END;
CREATE TRIGGER "User_carrier_version_delete" AFTER DELETE ON "User"
WHEN old."carrierId" IS NOT NULL
BEGIN
  UPDATE "Carrier" SET "version" = "version" + 1 WHERE "id" = old."carrierId";
END;
