-- CreateTable
CREATE TABLE "LoadUploadTouch" (
    "loadId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("loadId", "batchId")
);

-- CreateIndex
CREATE INDEX "LoadUploadTouch_batchId_idx" ON "LoadUploadTouch"("batchId");

-- Written by hand: every writer of Load.uploadBatchId (the SQLite upload worker, PostgreSQL COPY,
-- anything later) leaves a touch row, so a load's History lists every upload that wrote it.
INSERT INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
SELECT "id", "uploadBatchId", "updatedAt" FROM "Load" WHERE "uploadBatchId" IS NOT NULL;
CREATE TRIGGER "Load_upload_touch_insert" AFTER INSERT ON "Load"
WHEN new."uploadBatchId" IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
  VALUES (new."id", new."uploadBatchId", new."updatedAt");
END;
CREATE TRIGGER "Load_upload_touch_update" AFTER UPDATE OF "uploadBatchId" ON "Load"
WHEN new."uploadBatchId" IS NOT NULL AND new."uploadBatchId" IS NOT old."uploadBatchId"
BEGIN
  INSERT OR IGNORE INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
  VALUES (new."id", new."uploadBatchId", new."updatedAt");
END;
