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
