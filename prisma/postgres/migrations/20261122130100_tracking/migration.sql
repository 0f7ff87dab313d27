-- DropIndex
DROP INDEX "TrackingPosition_routeId_recordedAt_idx";

-- AlterTable
ALTER TABLE "Route" ADD COLUMN     "lastHeading" DOUBLE PRECISION,
ADD COLUMN     "lastLat" DOUBLE PRECISION,
ADD COLUMN     "lastLng" DOUBLE PRECISION,
ADD COLUMN     "lastPositionAt" TIMESTAMP(3),
ADD COLUMN     "lastSpeedMph" DOUBLE PRECISION,
ADD COLUMN     "nextStopEtaMinutes" INTEGER;

-- AlterTable
ALTER TABLE "RouteStop" ADD COLUMN     "arrivedAt" TIMESTAMP(3),
ADD COLUMN     "departedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "TrackingPosition" ADD COLUMN     "heading" DOUBLE PRECISION,
ADD COLUMN     "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "speedMph" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "ShipmentTrackingLink" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ShipmentTrackingLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentTrackingLink_token_key" ON "ShipmentTrackingLink"("token");

-- CreateIndex
CREATE INDEX "ShipmentTrackingLink_loadId_idx" ON "ShipmentTrackingLink"("loadId");

-- CreateIndex
CREATE INDEX "Route_lastPositionAt_idx" ON "Route"("lastPositionAt");

-- CreateIndex
CREATE UNIQUE INDEX "TrackingPosition_routeId_recordedAt_key" ON "TrackingPosition"("routeId", "recordedAt");

-- AddForeignKey
ALTER TABLE "ShipmentTrackingLink" ADD CONSTRAINT "ShipmentTrackingLink_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;
