-- CreateTable
CREATE TABLE "CarrierDocument" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "carrierId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "insuranceExpiresOn" TEXT,
    "uploadedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CarrierDocument_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CarrierDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CarrierDocumentContent" (
    "documentId" TEXT NOT NULL PRIMARY KEY,
    "bytes" BLOB NOT NULL,
    CONSTRAINT "CarrierDocumentContent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "CarrierDocument" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CarrierDocument_carrierId_createdAt_idx" ON "CarrierDocument"("carrierId", "createdAt");

-- CreateIndex
CREATE INDEX "CarrierDocument_uploadedById_idx" ON "CarrierDocument"("uploadedById");
