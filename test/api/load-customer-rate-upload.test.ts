import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { uploadLoads } from "../support/loads.ts";

/** The lifecycle issue's "customer rate on the load (form and CSV column)": the upload's column. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminAndCarrier(t.app)).adminSession.token;
});
afterAll(() => t?.close());

const rateOf = async (loadId: string) => {
  const found = await rest<{ customerRateCents: number | null }>(
    t.app,
    "GET",
    `/loads/${loadId}`,
    undefined,
    {
      token: admin,
    },
  );
  expect(found.status).toBe(200);
  return found.body.customerRateCents;
};

describe("the upload's Customer Rate column", () => {
  it("reads dollars with a sign and thousands, and an empty cell keeps the rate", async () => {
    await uploadLoads(t.app, admin, [
      { "Load ID": "RATE-1", "Customer Rate": "$1,650.00" },
      { "Load ID": "RATE-2", "Customer Rate": "980.5" },
      { "Load ID": "RATE-3" },
    ]);
    expect(await rateOf("RATE-1")).toBe(165_000);
    expect(await rateOf("RATE-2")).toBe(98_050);
    expect(await rateOf("RATE-3")).toBeNull();
    await uploadLoads(t.app, admin, [
      { "Load ID": "RATE-1", "Customer Rate": "" },
      { "Load ID": "RATE-3", "Customer Rate": "2000" },
    ]);
    expect(await rateOf("RATE-1")).toBe(165_000);
    expect(await rateOf("RATE-3")).toBe(200_000);
  });

  it("refuses amounts that are not dollars, per row, and writes nothing", async () => {
    const result = await rest<{ errors: { field: string; message: string }[] }>(
      t.app,
      "POST",
      "/loads",
      {
        stream: "USPS",
        loads: [
          { "Load ID": "RATE-OK", "Customer Rate": "100" },
          { "Load ID": "RATE-BAD-1", "Customer Rate": "-5" },
          { "Load ID": "RATE-BAD-2", "Customer Rate": "12.345" },
          { "Load ID": "RATE-BAD-3", "Customer Rate": "n/a" },
        ],
      },
      { token: admin },
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { field: "rows.2.customerRate", message: "Row 2: Customer Rate must be 0 or more" },
      { field: "rows.3.customerRate", message: "Row 3: Customer Rate has more than two decimals" },
      { field: "rows.4.customerRate", message: "Row 4: Customer Rate 'n/a' is not an amount in dollars" },
    ]);
    const missing = await rest(t.app, "GET", "/loads/RATE-OK", undefined, { token: admin });
    expect(missing.status).toBe(404);
  });
});
