import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "../../../common/date-time.ts";
import { headerKey, planColumns } from "../../../common/loads/upload-columns.ts";
import { tableFromObjects } from "./input.ts";
import { parseUploadRows, unknownNassErrors } from "./rows.ts";

describe("planColumns", () => {
  it("maps headers case-insensitively, ignoring spaces, underscores and dashes", () => {
    expect(headerKey("Load_ID")).toBe("loadid");
    const plan = planColumns([
      "Load ID",
      "bol-number",
      "ROUTE",
      "Customer",
      "Pickup_Date",
      "delivery date",
      "Weight",
      "Freight Class",
      "Reference Number",
      "Trailer Type",
      "Origin",
      "Destination",
    ]);
    expect(plan.fields).toEqual([
      "loadId",
      "bolNumber",
      "routeNumber",
      "customer",
      "pickupDate",
      "deliveryDate",
      "weight",
      "freightClass",
      "referenceNumber",
      null,
      "originAddress",
      "destinationAddress",
    ]);
  });

  it("knows the usual aliases and keeps a second column for the same field as extra data", () => {
    const plan = planColumns(["Load", "BOL", "Route Number", "Load ID", ""]);
    expect(plan.fields).toEqual(["loadId", "bolNumber", "routeNumber", null, null]);
    expect(plan.headers[4]).toBe("Column 5");
  });
});

describe("parseUploadRows", () => {
  const plan = planColumns(["Load ID", "Pickup Date", "Status", "Weight", "Trailer", "Origin NASS"]);

  it("parses valid rows; unmapped columns go to additionalData, empty cells are left out", () => {
    const parsed = parseUploadRows(
      plan,
      [
        ["L-1", "11/21/2026 08:00", "In Transit", "12,000", "53' Dry Van", "NASS1"],
        ["L-2", "", "", "", "", ""],
      ],
      "America/Chicago",
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        rowNumber: 1,
        loadId: "L-1",
        values: { pickupDate: new Date("2026-11-21T14:00:00Z"), status: "in_transit", weight: 12000 },
        additionalData: { Trailer: "53' Dry Van" },
        originNass: "NASS1",
      },
      { rowNumber: 2, loadId: "L-2", values: {} },
    ]);
    expect([...parsed.nassCodes]).toEqual(["NASS1"]);
  });

  it("reports every problem with its row number and field, and skips blank rows", () => {
    const parsed = parseUploadRows(
      plan,
      [
        ["L-1", "not a date", "lost", "-5", "", ""],
        ["", "", "", "", "", ""],
        ["", "11/21/2026", "", "", "", ""],
        ["L-1", "", "", "", "", ""],
        ["L-3", { nested: true } as unknown as string, "", "", "", ""],
      ],
      DEFAULT_TIME_ZONE,
    );
    expect(parsed.errors).toEqual([
      { field: "rows.1.pickupDate", message: "Row 1: Pickup Date 'not a date' is not a valid date" },
      {
        field: "rows.1.status",
        message: "Row 1: Unknown status 'lost' (use pending, in_transit, delivered or cancelled)",
      },
      { field: "rows.1.weight", message: "Row 1: Weight must be 0 or more" },
      { field: "rows.3.loadId", message: "Row 3: Load ID is required" },
      { field: "rows.4.loadId", message: "Row 4: Load ID 'L-1' is already on row 1" },
      { field: "rows.5.Pickup Date", message: "Row 5: Pickup Date must be text" },
    ]);
  });

  it("flags NASS codes that do not exist", () => {
    const parsed = parseUploadRows(plan, [["L-1", "", "", "", "", "GHOST"]], DEFAULT_TIME_ZONE);
    expect(unknownNassErrors(parsed.rows, new Set(["REAL"]))).toEqual([
      { field: "rows.1.originNass", message: "Row 1: Unknown NASS code 'GHOST' in Origin NASS" },
    ]);
  });
});

describe("tableFromObjects", () => {
  it("turns header-keyed objects into columns and cell lists, keys in first-seen order", () => {
    expect(
      tableFromObjects([
        { "Load ID": "A", Weight: 5 },
        { Weight: "6", "Load ID": "B", Extra: null },
      ]),
    ).toEqual({
      columns: ["Load ID", "Weight", "Extra"],
      rows: [
        ["A", 5],
        ["B", "6", null],
      ],
    });
  });
});
