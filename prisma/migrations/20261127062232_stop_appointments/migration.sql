-- AlterTable
ALTER TABLE "LoadStop" ADD COLUMN "appointmentFrom" DATETIME;
ALTER TABLE "LoadStop" ADD COLUMN "appointmentTo" DATETIME;
ALTER TABLE "LoadStop" ADD COLUMN "arrivedAt" DATETIME;
ALTER TABLE "LoadStop" ADD COLUMN "arrivedSource" TEXT;
ALTER TABLE "LoadStop" ADD COLUMN "departedAt" DATETIME;
ALTER TABLE "LoadStop" ADD COLUMN "departedSource" TEXT;
ALTER TABLE "LoadStop" ADD COLUMN "detentionAcceptedAt" DATETIME;
ALTER TABLE "LoadStop" ADD COLUMN "detentionAcceptedById" TEXT;
ALTER TABLE "LoadStop" ADD COLUMN "detentionAcceptedCents" INTEGER;

-- AlterTable
ALTER TABLE "NassCode" ADD COLUMN "geofenceRadiusMeters" INTEGER;
