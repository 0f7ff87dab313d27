-- AlterTable
ALTER TABLE "Route" ADD COLUMN "lastHeading" REAL;
ALTER TABLE "Route" ADD COLUMN "lastLat" REAL;
ALTER TABLE "Route" ADD COLUMN "lastLng" REAL;
ALTER TABLE "Route" ADD COLUMN "lastPositionAt" DATETIME;
ALTER TABLE "Route" ADD COLUMN "lastSpeedMph" REAL;
ALTER TABLE "Route" ADD COLUMN "nextStopEtaMinutes" INTEGER;

-- AlterTable
ALTER TABLE "RouteStop" ADD COLUMN "arrivedAt" DATETIME;
ALTER TABLE "RouteStop" ADD COLUMN "departedAt" DATETIME;

-- CreateTable
CREATE TABLE "ShipmentTrackingLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME,
    CONSTRAINT "ShipmentTrackingLink_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TrackingPosition" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routeId" TEXT NOT NULL,
    "userId" TEXT,
    "lat" REAL NOT NULL,
    "lng" REAL NOT NULL,
    "etaMinutes" INTEGER,
    "recordedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "speedMph" REAL,
    "heading" REAL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrackingPosition_routeId_fkey" FOREIGN KEY ("routeId") REFERENCES "Route" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TrackingPosition_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_TrackingPosition" ("etaMinutes", "id", "lat", "lng", "recordedAt", "routeId", "userId") SELECT "etaMinutes", "id", "lat", "lng", "recordedAt", "routeId", "userId" FROM "TrackingPosition";
DROP TABLE "TrackingPosition";
ALTER TABLE "new_TrackingPosition" RENAME TO "TrackingPosition";
CREATE UNIQUE INDEX "TrackingPosition_routeId_recordedAt_key" ON "TrackingPosition"("routeId", "recordedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentTrackingLink_token_key" ON "ShipmentTrackingLink"("token");

-- CreateIndex
CREATE INDEX "ShipmentTrackingLink_loadId_idx" ON "ShipmentTrackingLink"("loadId");

-- CreateIndex
CREATE INDEX "Route_lastPositionAt_idx" ON "Route"("lastPositionAt");
