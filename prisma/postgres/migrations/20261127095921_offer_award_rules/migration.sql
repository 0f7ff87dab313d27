-- CreateTable
CREATE TABLE "OfferAwardRule" (
    "offerId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "ceilingCents" INTEGER,
    "maxRounds" INTEGER,
    "decideAt" TIMESTAMP(3),
    "decidedRound" INTEGER NOT NULL DEFAULT 0,
    "minutesPerCarrier" INTEGER,
    "waterfallStatus" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "turnEndsAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OfferAwardRule_pkey" PRIMARY KEY ("offerId")
);

-- CreateTable
CREATE TABLE "WaterfallStep" (
    "id" TEXT NOT NULL,
    "offerId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "offeredAt" TIMESTAMP(3),
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "WaterfallStep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OfferAwardRule_decideAt_idx" ON "OfferAwardRule"("decideAt");

-- CreateIndex
CREATE INDEX "OfferAwardRule_waterfallStatus_turnEndsAt_idx" ON "OfferAwardRule"("waterfallStatus", "turnEndsAt");

-- CreateIndex
CREATE INDEX "WaterfallStep_userId_status_idx" ON "WaterfallStep"("userId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "WaterfallStep_offerId_position_key" ON "WaterfallStep"("offerId", "position");

-- AddForeignKey
ALTER TABLE "OfferAwardRule" ADD CONSTRAINT "OfferAwardRule_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "Offer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaterfallStep" ADD CONSTRAINT "WaterfallStep_offerId_fkey" FOREIGN KEY ("offerId") REFERENCES "OfferAwardRule"("offerId") ON DELETE CASCADE ON UPDATE CASCADE;
