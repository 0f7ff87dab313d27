-- CreateIndex
CREATE INDEX "Load_status_createdAt_id_idx" ON "Load"("status", "createdAt", "id");
