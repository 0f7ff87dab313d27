import { dayText } from "../../common/billing.ts";
import { formatCents } from "../../common/money.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { normalizeBillingNumber } from "./numbers.ts";

export const BROKER_NAME = "Freightway";

export interface RateConfirmationStop {
  sequence: number;
  type: string;
  facility: string;
}

export interface RateConfirmation {
  billNumber: string;
  loadId: string;
  carrierName: string;
  amountCents: number;
  pickupDate: Date | null;
  deliveryDate: Date | null;
  origin: string | null;
  destination: string | null;
  commodity: string | null;
  weight: number | null;
  equipment: string | null;
  stops: RateConfirmationStop[];
  issuedAt: Date;
}

const TERMS =
  "Terms: the agreed amount is all-inclusive unless the broker approves accessorials in writing. " +
  "The carrier invoices the broker with signed proof of delivery; payment is due net 30 days from " +
  "receipt. Double brokering is prohibited. [Standard terms and conditions to be attached.]";

const when = (date: Date | null) =>
  date ? `${dayText(date)} ${date.toISOString().slice(11, 16)} UTC` : "To be scheduled";

/**
 * The rate confirmation a broker hands the winning carrier: broker, carrier, load, stops, dates,
 * the agreed amount and the terms. Text uses the standard Helvetica font, so any PDF reader (and
 * text extraction) gets the words back as written.
 */
export async function rateConfirmationPdf(data: RateConfirmation): Promise<Buffer> {
  // Loaded on first use: pdfkit and its fonts cost a fifth of a second at start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    info: {
      Title: `Rate Confirmation ${data.loadId}`,
      Author: BROKER_NAME,
      Subject: `Load ${data.loadId}, ${data.carrierName}`,
      CreationDate: data.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text("Rate Confirmation");
  doc.font("Helvetica").fontSize(10).fillColor("#444444");
  doc.text(`Issued ${dayText(data.issuedAt)}  ·  Reference ${data.billNumber}`);
  doc.moveDown();
  const line = (label: string, value: string) => {
    doc.font("Helvetica-Bold").fillColor("#000000").text(`${label}: `, { continued: true });
    doc.font("Helvetica").text(value);
  };
  doc.fontSize(11);
  line("Broker", BROKER_NAME);
  line("Carrier", data.carrierName);
  line("Load", data.loadId);
  if (data.equipment) line("Equipment", data.equipment);
  if (data.commodity) line("Commodity", data.commodity);
  if (data.weight !== null) line("Weight", `${data.weight} lb`);
  line("Pickup", `${when(data.pickupDate)}${data.origin ? ` - ${data.origin}` : ""}`);
  line("Delivery", `${when(data.deliveryDate)}${data.destination ? ` - ${data.destination}` : ""}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Stops");
  doc.font("Helvetica");
  if (data.stops.length === 0) doc.text("As listed on the load.");
  for (const stop of data.stops) doc.text(`${stop.sequence}. ${stop.type} - ${stop.facility}`);
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(`Agreed amount: ${formatCents(data.amountCents)} USD`);
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor("#444444").text(TERMS);
  doc.moveDown(2);
  doc.fillColor("#000000").fontSize(10);
  doc.text("Broker signature: ______________________        Carrier signature: ______________________");
  doc.end();
  return done;
}

/**
 * GET .../accounts-payable/{billNumber}/rate-confirmation.pdf: operators, and the winning carrier
 * for its own bill only (403 for every other carrier, whether or not the bill exists).
 */
export async function rateConfirmationForBill(
  ctx: Context,
  reference: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const viewer = requireViewer(ctx);
  const bill = await ctx.db.bill.findUnique({
    where: { billNumber: normalizeBillingNumber("bill", reference) },
    include: {
      load: {
        include: {
          stops: { orderBy: [{ sequence: "asc" }, { id: "asc" }], include: { nassCode: true } },
          // The latest round carries the equipment the winner bid for.
          offers: { select: { equipmentType: true }, orderBy: { createdAt: "desc" }, take: 1 },
        },
      },
    },
  });
  const isAdmin = policy.isAdmin(viewer);
  if (!isAdmin && (!bill || bill.winnerUserId !== viewer.id)) throw new ForbiddenError();
  if (!bill?.load || !bill.sourceKey?.startsWith("winner:")) {
    throw new NotFoundError("No rate confirmation for this bill");
  }
  const load = bill.load;
  const pdf = await rateConfirmationPdf({
    billNumber: bill.billNumber,
    loadId: load.loadId,
    carrierName: bill.carrier,
    amountCents: bill.amountCents,
    pickupDate: load.pickupDate,
    deliveryDate: load.deliveryDate,
    origin: load.originAddress,
    destination: load.destinationAddress,
    commodity: load.commodity,
    weight: load.weight,
    equipment: load.offers[0]?.equipmentType ?? null,
    stops: load.stops.map((stop) => ({
      sequence: stop.sequence,
      type: stop.type,
      facility: stop.nassCode
        ? [stop.nassCode.facilityName ?? stop.nassCode.code, stop.nassCode.city, stop.nassCode.state]
            .filter(Boolean)
            .join(", ")
        : "Facility to be confirmed",
    })),
    issuedAt: bill.createdAt,
  });
  return { fileName: `rate-confirmation-${load.loadId}.pdf`.replace(/[^\w.-]/g, "_"), pdf };
}
