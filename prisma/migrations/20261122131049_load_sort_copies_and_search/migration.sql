-- AlterTable
ALTER TABLE "Load" ADD COLUMN "carrierName" TEXT;
ALTER TABLE "Load" ADD COLUMN "routeNumber" TEXT;

-- CreateIndex
CREATE INDEX "Load_routeNumber_id_idx" ON "Load"("routeNumber", "id");

-- CreateIndex
CREATE INDEX "Load_carrierName_id_idx" ON "Load"("carrierName", "id");

-- Written by hand. The copies start from the rows they copy.
UPDATE "Load" SET
  "routeNumber" = (SELECT r."routeNumber" FROM "Route" r WHERE r."id" = "Load"."routeId"),
  "carrierName" = (SELECT c."carrierName" FROM "Carrier" c WHERE c."id" = "Load"."carrierId")
WHERE "routeId" IS NOT NULL OR "carrierId" IS NOT NULL;

-- Written by hand (Prisma cannot express it): "load id contains" through an FTS5 trigram index,
-- one entry per load under the load's rowid, kept by triggers whoever writes the Load table. If a
-- future migration rebuilds the Load table, recreate the table, its content and the triggers
-- (test/api/loads-list-scale.test.ts checks that they exist). Terms under 3 characters use
-- Load_createdAt_id_loadIdLower_idx instead.
CREATE VIRTUAL TABLE "LoadSearch" USING fts5("loadId", tokenize = 'trigram');
INSERT INTO "LoadSearch" ("rowid", "loadId") SELECT "rowid", "loadId" FROM "Load";
CREATE TRIGGER "Load_search_insert" AFTER INSERT ON "Load" BEGIN
  INSERT INTO "LoadSearch" ("rowid", "loadId") VALUES (new."rowid", new."loadId");
END;
CREATE TRIGGER "Load_search_update" AFTER UPDATE OF "loadId" ON "Load" BEGIN
  UPDATE "LoadSearch" SET "loadId" = new."loadId" WHERE "rowid" = old."rowid";
END;
CREATE TRIGGER "Load_search_delete" AFTER DELETE ON "Load" BEGIN
  DELETE FROM "LoadSearch" WHERE "rowid" = old."rowid";
END;
