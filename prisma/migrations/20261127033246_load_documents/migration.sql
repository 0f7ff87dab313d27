-- CreateTable
CREATE TABLE "LoadDocument" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "loadId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "uploadedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoadDocument_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LoadDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoadDocumentContent" (
    "documentId" TEXT NOT NULL PRIMARY KEY,
    "bytes" BLOB NOT NULL,
    CONSTRAINT "LoadDocumentContent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "LoadDocument" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LoadDocument_loadId_createdAt_idx" ON "LoadDocument"("loadId", "createdAt");

-- CreateIndex
CREATE INDEX "LoadDocument_uploadedById_idx" ON "LoadDocument"("uploadedById");
