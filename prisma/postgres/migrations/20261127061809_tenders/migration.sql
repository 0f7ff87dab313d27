-- CreateTable
CREATE TABLE "Tender" (
    "id" TEXT NOT NULL,
    "offerId" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "carrierId" TEXT,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "declineReason" TEXT,
    "signerName" TEXT,
    "signedAt" TIMESTAMP(3),
    "signerIp" TEXT,
    "documentSha256" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tender_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Tender_offerId_createdAt_idx" ON "Tender"("offerId", "createdAt");

-- CreateIndex
CREATE INDEX "Tender_status_expiresAt_idx" ON "Tender"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "Tender_carrierId_status_idx" ON "Tender"("carrierId", "status");

-- CreateIndex
CREATE INDEX "Tender_userId_createdAt_idx" ON "Tender"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Tender_bidId_idx" ON "Tender"("bidId");

-- AddForeignKey
ALTER TABLE "Tender" ADD CONSTRAINT "Tender_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tender" ADD CONSTRAINT "Tender_bidId_fkey" FOREIGN KEY ("bidId") REFERENCES "Bid"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One pending tender per offer (written by hand: a partial index).
CREATE UNIQUE INDEX "Tender_offerId_pending_key" ON "Tender"("offerId") WHERE "status" = 'pending';
