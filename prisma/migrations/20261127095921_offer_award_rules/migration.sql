-- CreateTable
CREATE TABLE "OfferAwardRule" (
    "offerId" TEXT NOT NULL PRIMARY KEY,
    "mode" TEXT NOT NULL,
    "ceilingCents" INTEGER,
    "maxRounds" INTEGER,
    "decideAt" DATETIME,
    "decidedRound" INTEGER NOT NULL DEFAULT 0,
    "minutesPerCarrier" INTEGER,
    "waterfallStatus" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "turnEndsAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OfferAwardRule_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WaterfallStep" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "offerId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "offeredAt" DATETIME,
    "decidedAt" DATETIME,
    CONSTRAINT "WaterfallStep_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "OfferAwardRule" ("offerId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OfferAwardRule_decideAt_idx" ON "OfferAwardRule"("decideAt");

-- CreateIndex
CREATE INDEX "OfferAwardRule_waterfallStatus_turnEndsAt_idx" ON "OfferAwardRule"("waterfallStatus", "turnEndsAt");

-- CreateIndex
CREATE INDEX "WaterfallStep_userId_status_idx" ON "WaterfallStep"("userId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "WaterfallStep_offerId_position_key" ON "WaterfallStep"("offerId", "position");
