-- AlterTable
ALTER TABLE "Carrier" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Route" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "NassCode" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- Written by hand (see the SQLite migration of the same name): whoever moves a load between routes
-- or a driver between carriers moves the route's or the carrier's version, so a form that read the
-- old load or driver list is refused instead of undoing the move. Inserted loads (uploads through
-- COPY) are counted once per statement from a transition table; updates and deletes per row, and
-- only when the column really changed.
CREATE FUNCTION "load_route_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."routeId" IS NOT NULL THEN
    UPDATE "Route" SET "version" = "version" + 1 WHERE "id" = OLD."routeId";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."routeId" IS NOT NULL THEN
    UPDATE "Route" SET "version" = "version" + 1 WHERE "id" = NEW."routeId";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "Load_route_version_update" AFTER UPDATE OF "routeId" ON "Load" FOR EACH ROW
WHEN (NEW."routeId" IS DISTINCT FROM OLD."routeId")
EXECUTE FUNCTION "load_route_version"();
CREATE TRIGGER "Load_route_version_delete" AFTER DELETE ON "Load" FOR EACH ROW
WHEN (OLD."routeId" IS NOT NULL)
EXECUTE FUNCTION "load_route_version"();

CREATE FUNCTION "load_route_version_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Route" SET "version" = "version" + 1
  WHERE "id" IN (SELECT "routeId" FROM inserted_loads WHERE "routeId" IS NOT NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER "Load_route_version_insert" AFTER INSERT ON "Load"
REFERENCING NEW TABLE AS inserted_loads
FOR EACH STATEMENT EXECUTE FUNCTION "load_route_version_inserted"();

CREATE FUNCTION "user_carrier_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."carrierId" IS NOT NULL THEN
    UPDATE "Carrier" SET "version" = "version" + 1 WHERE "id" = OLD."carrierId";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."carrierId" IS NOT NULL THEN
    UPDATE "Carrier" SET "version" = "version" + 1 WHERE "id" = NEW."carrierId";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "User_carrier_version_insert" AFTER INSERT ON "User" FOR EACH ROW
WHEN (NEW."carrierId" IS NOT NULL)
EXECUTE FUNCTION "user_carrier_version"();
CREATE TRIGGER "User_carrier_version_update" AFTER UPDATE OF "carrierId" ON "User" FOR EACH ROW
WHEN (NEW."carrierId" IS DISTINCT FROM OLD."carrierId")
EXECUTE FUNCTION "user_carrier_version"();
CREATE TRIGGER "User_carrier_version_delete" AFTER DELETE ON "User" FOR EACH ROW
WHEN (OLD."carrierId" IS NOT NULL)
EXECUTE FUNCTION "user_carrier_version"();
