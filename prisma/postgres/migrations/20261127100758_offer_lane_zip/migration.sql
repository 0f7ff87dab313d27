-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "destinationZip3" TEXT,
ADD COLUMN     "originZip3" TEXT;

-- CreateIndex
CREATE INDEX "Offer_originState_destinationState_finishedAt_idx" ON "Offer"("originState", "destinationState", "finishedAt");
