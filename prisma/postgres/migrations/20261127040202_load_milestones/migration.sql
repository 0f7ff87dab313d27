-- CreateTable
CREATE TABLE "LoadMilestone" (
    "id" TEXT NOT NULL,
    "loadId" TEXT NOT NULL,
    "milestone" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,
    "byUserId" TEXT,
    "detail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoadMilestone_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoadMilestone_loadId_at_idx" ON "LoadMilestone"("loadId", "at");

-- CreateIndex
CREATE INDEX "LoadMilestone_byUserId_idx" ON "LoadMilestone"("byUserId");

-- AddForeignKey
ALTER TABLE "LoadMilestone" ADD CONSTRAINT "LoadMilestone_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadMilestone" ADD CONSTRAINT "LoadMilestone_byUserId_fkey" FOREIGN KEY ("byUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
