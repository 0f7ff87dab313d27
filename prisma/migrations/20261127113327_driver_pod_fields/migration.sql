-- AlterTable
ALTER TABLE "LoadDocument" ADD COLUMN "exceptions" TEXT;
ALTER TABLE "LoadDocument" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "LoadDocument" ADD COLUMN "note" TEXT;
ALTER TABLE "LoadDocument" ADD COLUMN "receiverName" TEXT;
ALTER TABLE "LoadDocument" ADD COLUMN "signatureOfId" TEXT;
ALTER TABLE "LoadDocument" ADD COLUMN "takenAt" DATETIME;

-- CreateIndex
CREATE INDEX "LoadDocument_signatureOfId_idx" ON "LoadDocument"("signatureOfId");

-- CreateIndex
CREATE UNIQUE INDEX "LoadDocument_loadId_idempotencyKey_key" ON "LoadDocument"("loadId", "idempotencyKey");
