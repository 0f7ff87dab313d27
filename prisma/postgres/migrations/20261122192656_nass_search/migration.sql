-- Written by hand (Prisma cannot express it): the NASS list's search ("code, facility name, city,
-- state or zip contains", any case) as ILIKE over trigram GIN indexes, one per searched column
-- (an OR of ILIKEs becomes a bitmap OR of index scans). pg_trgm was created with the Load search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "NassCode_code_trgm_idx" ON "NassCode" USING gin ("code" gin_trgm_ops);
CREATE INDEX "NassCode_facilityName_trgm_idx" ON "NassCode" USING gin ("facilityName" gin_trgm_ops);
CREATE INDEX "NassCode_city_trgm_idx" ON "NassCode" USING gin ("city" gin_trgm_ops);
CREATE INDEX "NassCode_state_trgm_idx" ON "NassCode" USING gin ("state" gin_trgm_ops);
CREATE INDEX "NassCode_zip_trgm_idx" ON "NassCode" USING gin ("zip" gin_trgm_ops);
