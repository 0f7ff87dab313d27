-- Written by hand: Prisma's diff rebuilds "Load" on SQLite, which would drop the hand-written
-- triggers, the FTS5 search table and the expression index that live on it; the column is added
-- in place instead (its position in the table does not matter to Prisma).
-- AlterTable
ALTER TABLE "Load" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
