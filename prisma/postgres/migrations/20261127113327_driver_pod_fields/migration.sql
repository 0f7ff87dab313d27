-- AlterTable
ALTER TABLE "LoadDocument" ADD COLUMN     "exceptions" TEXT,
ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "receiverName" TEXT,
ADD COLUMN     "signatureOfId" TEXT,
ADD COLUMN     "takenAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "LoadDocument_signatureOfId_idx" ON "LoadDocument"("signatureOfId");

-- CreateIndex
CREATE UNIQUE INDEX "LoadDocument_loadId_idempotencyKey_key" ON "LoadDocument"("loadId", "idempotencyKey");
