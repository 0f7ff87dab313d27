-- Added in place (no table rebuild): Load has triggers and hand-made indexes a rebuild would drop.
ALTER TABLE "Load" ADD COLUMN "carrierRateCents" INTEGER;
ALTER TABLE "Load" ADD COLUMN "stage" TEXT NOT NULL DEFAULT 'open';
CREATE INDEX "Load_stage_createdAt_id_idx" ON "Load"("stage", "createdAt", "id");

-- Loads already under way: their furthest milestone (cancelled over everything), and the winning bid.
UPDATE "Load" SET "stage" = COALESCE((
  SELECT CASE WHEN SUM(m."milestone" = 'cancelled') > 0 THEN 'cancelled' ELSE (
    SELECT m2."milestone" FROM "LoadMilestone" m2 WHERE m2."loadId" = "Load"."id"
    ORDER BY CASE m2."milestone" WHEN 'covered' THEN 1 WHEN 'tender_accepted' THEN 2 WHEN 'dispatched' THEN 3
      WHEN 'arrived' THEN 4 WHEN 'departed' THEN 5 WHEN 'delivered' THEN 6 WHEN 'pod_received' THEN 7
      WHEN 'invoiced' THEN 8 WHEN 'paid' THEN 9 ELSE 0 END DESC LIMIT 1) END
  FROM "LoadMilestone" m WHERE m."loadId" = "Load"."id"), 'open');
UPDATE "Load" SET "carrierRateCents" = (
  SELECT b."amountCents" FROM "Offer" o JOIN "Bid" b ON b."id" = o."winnerBidId"
  WHERE o."loadId" = "Load"."id" ORDER BY o."finishedAt" DESC LIMIT 1);
