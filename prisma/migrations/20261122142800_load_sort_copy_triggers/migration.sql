-- Written by hand. Load.carrierName and Load.routeNumber are sort copies of Carrier.carrierName and
-- Route.routeNumber. The database keeps them true whoever writes carrierId/routeId (loads, routing,
-- marketplace, uploads) or renames a carrier or a route; writers that set the copy themselves pay
-- nothing extra on insert.
CREATE TRIGGER "Load_copies_insert" AFTER INSERT ON "Load"
WHEN (new."carrierId" IS NOT NULL AND new."carrierName" IS NULL)
  OR (new."routeId" IS NOT NULL AND new."routeNumber" IS NULL)
BEGIN
  UPDATE "Load" SET
    "carrierName" = (SELECT c."carrierName" FROM "Carrier" c WHERE c."id" = new."carrierId"),
    "routeNumber" = (SELECT r."routeNumber" FROM "Route" r WHERE r."id" = new."routeId")
  WHERE "rowid" = new."rowid";
END;
CREATE TRIGGER "Load_copies_carrier" AFTER UPDATE OF "carrierId" ON "Load"
WHEN new."carrierId" IS NOT old."carrierId"
BEGIN
  UPDATE "Load" SET "carrierName" = (SELECT c."carrierName" FROM "Carrier" c WHERE c."id" = new."carrierId")
  WHERE "rowid" = new."rowid";
END;
CREATE TRIGGER "Load_copies_route" AFTER UPDATE OF "routeId" ON "Load"
WHEN new."routeId" IS NOT old."routeId"
BEGIN
  UPDATE "Load" SET "routeNumber" = (SELECT r."routeNumber" FROM "Route" r WHERE r."id" = new."routeId")
  WHERE "rowid" = new."rowid";
END;
CREATE TRIGGER "Carrier_name_to_loads" AFTER UPDATE OF "carrierName" ON "Carrier"
WHEN new."carrierName" IS NOT old."carrierName"
BEGIN
  UPDATE "Load" SET "carrierName" = new."carrierName" WHERE "carrierId" = new."id";
END;
CREATE TRIGGER "Route_number_to_loads" AFTER UPDATE OF "routeNumber" ON "Route"
WHEN new."routeNumber" IS NOT old."routeNumber"
BEGIN
  UPDATE "Load" SET "routeNumber" = new."routeNumber" WHERE "routeId" = new."id";
END;
