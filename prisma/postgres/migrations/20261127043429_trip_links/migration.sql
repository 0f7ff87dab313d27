-- CreateTable
CREATE TABLE "TripLink" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "driverName" TEXT NOT NULL,
    "driverPhone" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "TripLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TripLink_tokenHash_key" ON "TripLink"("tokenHash");

-- CreateIndex
CREATE INDEX "TripLink_loadId_createdAt_idx" ON "TripLink"("loadId", "createdAt");

-- AddForeignKey
ALTER TABLE "TripLink" ADD CONSTRAINT "TripLink_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;
