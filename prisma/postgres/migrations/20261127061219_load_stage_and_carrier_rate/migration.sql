-- AlterTable
ALTER TABLE "Load" ADD COLUMN     "carrierRateCents" INTEGER,
ADD COLUMN     "stage" TEXT NOT NULL DEFAULT 'open';

-- CreateIndex
CREATE INDEX "Load_stage_createdAt_id_idx" ON "Load"("stage", "createdAt", "id");

-- Loads already under way: their furthest milestone (cancelled over everything), and the winning bid.
UPDATE "Load" l SET "stage" = CASE
  WHEN EXISTS (SELECT 1 FROM "LoadMilestone" m WHERE m."loadId" = l."id" AND m."milestone" = 'cancelled') THEN 'cancelled'
  ELSE COALESCE((
    SELECT m2."milestone" FROM "LoadMilestone" m2 WHERE m2."loadId" = l."id"
    ORDER BY CASE m2."milestone" WHEN 'covered' THEN 1 WHEN 'tender_accepted' THEN 2 WHEN 'dispatched' THEN 3
      WHEN 'arrived' THEN 4 WHEN 'departed' THEN 5 WHEN 'delivered' THEN 6 WHEN 'pod_received' THEN 7
      WHEN 'invoiced' THEN 8 WHEN 'paid' THEN 9 ELSE 0 END DESC LIMIT 1), 'open') END
WHERE EXISTS (SELECT 1 FROM "LoadMilestone" m WHERE m."loadId" = l."id");
UPDATE "Load" l SET "carrierRateCents" = (
  SELECT b."amountCents" FROM "Offer" o JOIN "Bid" b ON b."id" = o."winnerBidId"
  WHERE o."loadId" = l."id" ORDER BY o."finishedAt" DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "Offer" o WHERE o."loadId" = l."id" AND o."winnerBidId" IS NOT NULL);
