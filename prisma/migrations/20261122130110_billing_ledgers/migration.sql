-- AlterTable
ALTER TABLE "Load" ADD COLUMN "customerRateCents" INTEGER;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "sourceKey" TEXT;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN "sourceKey" TEXT;
ALTER TABLE "Bill" ADD COLUMN "winnerUserId" TEXT;

-- CreateTable
CREATE TABLE "BillingSequence" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "value" INTEGER NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_sourceKey_key" ON "Invoice"("sourceKey");

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");

-- CreateIndex
CREATE INDEX "Invoice_customerPayer_idx" ON "Invoice"("customerPayer");

-- CreateIndex
CREATE INDEX "Invoice_loadId_idx" ON "Invoice"("loadId");

-- CreateIndex
CREATE UNIQUE INDEX "Bill_sourceKey_key" ON "Bill"("sourceKey");

-- CreateIndex
CREATE INDEX "Bill_status_paymentDate_idx" ON "Bill"("status", "paymentDate");

-- CreateIndex
CREATE INDEX "Bill_carrier_idx" ON "Bill"("carrier");

-- CreateIndex
CREATE INDEX "Bill_loadId_idx" ON "Bill"("loadId");
