-- CreateTable
CREATE TABLE "LoadDocument" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "uploadedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoadDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoadDocumentContent" (
    "documentId" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "LoadDocumentContent_pkey" PRIMARY KEY ("documentId")
);

-- CreateIndex
CREATE INDEX "LoadDocument_loadId_createdAt_idx" ON "LoadDocument"("loadId", "createdAt");

-- CreateIndex
CREATE INDEX "LoadDocument_uploadedById_idx" ON "LoadDocument"("uploadedById");

-- AddForeignKey
ALTER TABLE "LoadDocument" ADD CONSTRAINT "LoadDocument_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadDocument" ADD CONSTRAINT "LoadDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadDocumentContent" ADD CONSTRAINT "LoadDocumentContent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "LoadDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;
