-- CreateTable
CREATE TABLE "CarrierDocument" (
    "id" TEXT NOT NULL,
    "carrierId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "insuranceExpiresOn" TEXT,
    "uploadedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CarrierDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CarrierDocumentContent" (
    "documentId" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "CarrierDocumentContent_pkey" PRIMARY KEY ("documentId")
);

-- CreateIndex
CREATE INDEX "CarrierDocument_carrierId_createdAt_idx" ON "CarrierDocument"("carrierId", "createdAt");

-- CreateIndex
CREATE INDEX "CarrierDocument_uploadedById_idx" ON "CarrierDocument"("uploadedById");

-- AddForeignKey
ALTER TABLE "CarrierDocument" ADD CONSTRAINT "CarrierDocument_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CarrierDocument" ADD CONSTRAINT "CarrierDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CarrierDocumentContent" ADD CONSTRAINT "CarrierDocumentContent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "CarrierDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
