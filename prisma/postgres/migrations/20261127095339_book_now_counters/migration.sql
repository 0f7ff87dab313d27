-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "bookNowPriceCents" INTEGER;

-- CreateTable
CREATE TABLE "BidCounter" (
    "id" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "offerId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "note" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BidCounter_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BidCounter_bidId_status_idx" ON "BidCounter"("bidId", "status");

-- CreateIndex
CREATE INDEX "BidCounter_offerId_status_idx" ON "BidCounter"("offerId", "status");

-- AddForeignKey
ALTER TABLE "BidCounter" ADD CONSTRAINT "BidCounter_bidId_fkey" FOREIGN KEY ("bidId") REFERENCES "Bid"("id") ON DELETE CASCADE ON UPDATE CASCADE;
