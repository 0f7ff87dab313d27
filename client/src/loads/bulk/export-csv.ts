import { saveBlob } from "../../lib/download.ts";
import type { SelectedLoad } from "./bulk-run.ts";

const HEADERS: [keyof SelectedLoad, string][] = [
  ["loadId", "Load ID"],
  ["routeNumber", "Route"],
  ["customer", "Customers"],
  ["carrierName", "Carrier"],
  ["status", "Status"],
  ["stage", "Stage"],
  ["pickupDate", "Pickup Date"],
  ["deliveryDate", "Delivery Date"],
  ["margin", "Margin"],
];

/** The selected loads as CSV (the list's columns, dates as ISO-8601), saved as a download. */
export async function exportLoadsCsv(loads: readonly SelectedLoad[]): Promise<void> {
  const { default: Papa } = await import("papaparse");
  const text = Papa.unparse(
    {
      fields: HEADERS.map(([, header]) => header),
      data: loads.map((load) => HEADERS.map(([key]) => load[key] ?? "")),
    },
    // A cell starting with =, +, - or @ is quoted so a spreadsheet does not run it as a formula.
    { escapeFormulae: true },
  );
  saveBlob(
    new Blob([text], { type: "text/csv;charset=utf-8" }),
    `loads-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}
