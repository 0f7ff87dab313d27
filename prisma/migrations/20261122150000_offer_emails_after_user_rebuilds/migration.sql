-- The tracking, billing and workspace migrations rebuilt "User" on SQLite from a snapshot taken
-- before the marketplace added "offerEmails", dropping it; put it back (opt-ins made before those
-- rebuilds were not kept by them, so every carrier starts opted out again).
ALTER TABLE "User" ADD COLUMN "offerEmails" BOOLEAN NOT NULL DEFAULT false;
