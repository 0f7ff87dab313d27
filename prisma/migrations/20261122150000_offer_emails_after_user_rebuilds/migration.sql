-- "offerEmails" is added here, after every migration that rebuilds "User" on SQLite (workspace
-- control rebuilds it from its own column list), and not in offers_rounds_and_winner: that
-- migration may run after those on a database that already has them, where a rebuild of "User"
-- would drop their columns.
ALTER TABLE "User" ADD COLUMN "offerEmails" BOOLEAN NOT NULL DEFAULT false;
