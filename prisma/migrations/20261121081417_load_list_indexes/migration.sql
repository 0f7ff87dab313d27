-- DropIndex
DROP INDEX "Load_status_idx";

-- DropIndex
DROP INDEX "Load_pickupDate_idx";

-- DropIndex
DROP INDEX "Load_deliveryDate_idx";

-- DropIndex
DROP INDEX "Load_createdAt_idx";

-- DropIndex
DROP INDEX "Load_customer_idx";

-- CreateIndex
CREATE INDEX "Load_createdAt_id_idx" ON "Load"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Load_status_id_idx" ON "Load"("status", "id");

-- CreateIndex
CREATE INDEX "Load_pickupDate_id_idx" ON "Load"("pickupDate", "id");

-- CreateIndex
CREATE INDEX "Load_deliveryDate_id_idx" ON "Load"("deliveryDate", "id");

-- CreateIndex
CREATE INDEX "Load_customer_id_idx" ON "Load"("customer", "id");

-- Written by hand (Prisma cannot express an index on an expression): the load list's search,
-- instr(lower("loadId"), ?) in the default newest-first order, reads this index alone. If a
-- future migration rebuilds the Load table, recreate it; search stays correct without it, only
-- slower (test/api/loads-list.test.ts checks that it exists).
CREATE INDEX "Load_createdAt_id_loadIdLower_idx" ON "Load"("createdAt", "id", lower("loadId"));
