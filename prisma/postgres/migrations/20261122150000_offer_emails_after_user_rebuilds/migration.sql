-- PostgreSQL kept "offerEmails" (its migrations alter "User" in place); this keeps the two
-- migration histories in step.
ALTER TABLE "User" ADD COLUMN IF NOT EXISTS "offerEmails" BOOLEAN NOT NULL DEFAULT false;
