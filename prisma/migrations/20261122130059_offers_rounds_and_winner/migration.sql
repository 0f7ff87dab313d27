-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Offer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "loadId" TEXT NOT NULL,
    "startDateTime" DATETIME NOT NULL,
    "endDateTime" DATETIME,
    "stops" INTEGER NOT NULL DEFAULT 0,
    "originCity" TEXT,
    "originState" TEXT,
    "destinationCity" TEXT,
    "destinationState" TEXT,
    "distance" REAL,
    "equipmentType" TEXT,
    "roundEndsAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "roundNumber" INTEGER NOT NULL DEFAULT 1,
    "roundMinutes" INTEGER NOT NULL DEFAULT 30,
    "targetRateCents" INTEGER,
    "bestBidCents" INTEGER,
    "closedRound" INTEGER NOT NULL DEFAULT 0,
    "winnerBidId" TEXT,
    "startedById" TEXT,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Offer_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Offer_winnerBidId_fkey" FOREIGN KEY ("winnerBidId") REFERENCES "Bid" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Offer" ("createdAt", "destinationCity", "destinationState", "distance", "endDateTime", "equipmentType", "id", "loadId", "originCity", "originState", "roundEndsAt", "startDateTime", "status", "stops", "updatedAt") SELECT "createdAt", "destinationCity", "destinationState", "distance", "endDateTime", "equipmentType", "id", "loadId", "originCity", "originState", "roundEndsAt", "startDateTime", "status", "stops", "updatedAt" FROM "Offer";
DROP TABLE "Offer";
ALTER TABLE "new_Offer" RENAME TO "Offer";
CREATE UNIQUE INDEX "Offer_winnerBidId_key" ON "Offer"("winnerBidId");
CREATE INDEX "Offer_status_roundEndsAt_idx" ON "Offer"("status", "roundEndsAt");
CREATE INDEX "Offer_status_finishedAt_idx" ON "Offer"("status", "finishedAt");
CREATE INDEX "Offer_loadId_status_idx" ON "Offer"("loadId", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Bid_offerId_status_amountCents_idx" ON "Bid"("offerId", "status", "amountCents");

-- One active offer per load: a partial unique index (Prisma cannot express it).
CREATE UNIQUE INDEX "Offer_one_active_per_load" ON "Offer"("loadId") WHERE "status" = 'active';
