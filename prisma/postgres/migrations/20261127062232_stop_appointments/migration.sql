-- AlterTable
ALTER TABLE "LoadStop" ADD COLUMN     "appointmentFrom" TIMESTAMP(3),
ADD COLUMN     "appointmentTo" TIMESTAMP(3),
ADD COLUMN     "arrivedAt" TIMESTAMP(3),
ADD COLUMN     "arrivedSource" TEXT,
ADD COLUMN     "departedAt" TIMESTAMP(3),
ADD COLUMN     "departedSource" TEXT,
ADD COLUMN     "detentionAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "detentionAcceptedById" TEXT,
ADD COLUMN     "detentionAcceptedCents" INTEGER;

-- AlterTable
ALTER TABLE "NassCode" ADD COLUMN     "geofenceRadiusMeters" INTEGER;
