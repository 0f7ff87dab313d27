-- DropIndex
DROP INDEX "Offer_loadId_key";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "offerEmails" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "bestBidCents" INTEGER,
ADD COLUMN     "closedRound" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "finishedAt" TIMESTAMP(3),
ADD COLUMN     "roundMinutes" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "roundNumber" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "startedById" TEXT,
ADD COLUMN     "targetRateCents" INTEGER,
ADD COLUMN     "winnerBidId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Offer_winnerBidId_key" ON "Offer"("winnerBidId");

-- CreateIndex
CREATE INDEX "Offer_status_finishedAt_idx" ON "Offer"("status", "finishedAt");

-- CreateIndex
CREATE INDEX "Offer_loadId_status_idx" ON "Offer"("loadId", "status");

-- CreateIndex
CREATE INDEX "Bid_offerId_status_amountCents_idx" ON "Bid"("offerId", "status", "amountCents");

-- AddForeignKey
ALTER TABLE "Offer" ADD CONSTRAINT "Offer_winnerBidId_fkey" FOREIGN KEY ("winnerBidId") REFERENCES "Bid"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One active offer per load: a partial unique index (Prisma cannot express it).
CREATE UNIQUE INDEX "Offer_one_active_per_load" ON "Offer"("loadId") WHERE "status" = 'active';
