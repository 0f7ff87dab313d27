-- AlterTable
ALTER TABLE "Load" ADD COLUMN     "carrierName" TEXT,
ADD COLUMN     "routeNumber" TEXT;

-- CreateIndex
CREATE INDEX "Load_routeNumber_id_idx" ON "Load"("routeNumber", "id");

-- CreateIndex
CREATE INDEX "Load_carrierName_id_idx" ON "Load"("carrierName", "id");

-- Written by hand. The copies start from the rows they copy.
UPDATE "Load" l SET "routeNumber" = r."routeNumber" FROM "Route" r WHERE r."id" = l."routeId";
UPDATE "Load" l SET "carrierName" = c."carrierName" FROM "Carrier" c WHERE c."id" = l."carrierId";

-- Written by hand (Prisma cannot express it): "load id contains" (ILIKE) through a trigram GIN
-- index. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Load_loadId_trgm_idx" ON "Load" USING gin ("loadId" gin_trgm_ops);
