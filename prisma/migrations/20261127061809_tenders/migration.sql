-- CreateTable
CREATE TABLE "Tender" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "offerId" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "carrierId" TEXT,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "expiresAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    "declineReason" TEXT,
    "signerName" TEXT,
    "signedAt" DATETIME,
    "signerIp" TEXT,
    "documentSha256" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Tender_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Tender_bidId_fkey" FOREIGN KEY ("bidId") REFERENCES "Bid" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

-- One pending tender per offer (written by hand: a partial index).
CREATE UNIQUE INDEX "Tender_offerId_pending_key" ON "Tender"("offerId") WHERE "status" = 'pending';
