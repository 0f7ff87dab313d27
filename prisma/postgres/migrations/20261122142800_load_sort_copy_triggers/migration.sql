-- Written by hand. Load.carrierName and Load.routeNumber are sort copies of Carrier.carrierName and
-- Route.routeNumber. The database keeps them true whoever writes carrierId/routeId (loads, routing,
-- marketplace, uploads through COPY) or renames a carrier or a route; writers that set the copy
-- themselves pay nothing extra on insert.
CREATE FUNCTION "load_sort_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."carrierId" IS DISTINCT FROM OLD."carrierId" THEN
    IF TG_OP = 'UPDATE' OR NEW."carrierName" IS NULL THEN
      NEW."carrierName" := (SELECT c."carrierName" FROM "Carrier" c WHERE c."id" = NEW."carrierId");
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR NEW."routeId" IS DISTINCT FROM OLD."routeId" THEN
    IF TG_OP = 'UPDATE' OR NEW."routeNumber" IS NULL THEN
      NEW."routeNumber" := (SELECT r."routeNumber" FROM "Route" r WHERE r."id" = NEW."routeId");
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Load_copies_insert" BEFORE INSERT ON "Load" FOR EACH ROW
WHEN ((NEW."carrierId" IS NOT NULL AND NEW."carrierName" IS NULL)
   OR (NEW."routeId" IS NOT NULL AND NEW."routeNumber" IS NULL))
EXECUTE FUNCTION "load_sort_copies"();
CREATE TRIGGER "Load_copies_update" BEFORE UPDATE OF "carrierId", "routeId" ON "Load" FOR EACH ROW
WHEN (NEW."carrierId" IS DISTINCT FROM OLD."carrierId" OR NEW."routeId" IS DISTINCT FROM OLD."routeId")
EXECUTE FUNCTION "load_sort_copies"();

CREATE FUNCTION "carrier_name_to_loads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Load" SET "carrierName" = NEW."carrierName" WHERE "carrierId" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "Carrier_name_to_loads" AFTER UPDATE OF "carrierName" ON "Carrier" FOR EACH ROW
WHEN (NEW."carrierName" IS DISTINCT FROM OLD."carrierName")
EXECUTE FUNCTION "carrier_name_to_loads"();

CREATE FUNCTION "route_number_to_loads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Load" SET "routeNumber" = NEW."routeNumber" WHERE "routeId" = NEW."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "Route_number_to_loads" AFTER UPDATE OF "routeNumber" ON "Route" FOR EACH ROW
WHEN (NEW."routeNumber" IS DISTINCT FROM OLD."routeNumber")
EXECUTE FUNCTION "route_number_to_loads"();
