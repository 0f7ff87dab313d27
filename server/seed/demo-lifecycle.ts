import { LOAD_MILESTONES } from "../../common/loads/milestones.ts";
import { updateEntry } from "../billing/service.ts";
import type { Deps } from "../deps.ts";
import { dispatchLoad } from "../dispatch/service.ts";
import { uploadLoadDocument } from "../documents/service.ts";
import type { User } from "../generated/sqlite/client.ts";
import { setLoadCustomerRate } from "../loads/customer-rate.ts";
import { updateLoad } from "../loads/service.ts";
import { markStopVisit } from "../loads/stop-visits.ts";
import { placeBid } from "../offers/bids/service.ts";
import { startOffer } from "../offers/service.ts";
import { acceptTender } from "../offers/tender.ts";
import { confirmWinner } from "../offers/winner.ts";
import { logger } from "../ops/logger.ts";
import { actingAs } from "./acting-as.ts";

/** Where each demo load of this part stops: one load per milestone after the award (covered). */
const STAGES = LOAD_MILESTONES.filter((milestone) => milestone !== "covered");
type Stage = (typeof STAGES)[number];

const reached = (stage: Stage, step: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(step);
const POD_BYTES = new TextEncoder().encode("%PDF-1.4\n% Freightway demo proof of delivery\n%%EOF\n");

/**
 * SEED_DEMO=1: loads Ramirez Trucking won and carried to every later stage of a load's life (the
 * load list's Stage filter shows each), each step taken through the services as a person would:
 * offer, bid, award, tender accepted, dispatch, stops marked, POD uploaded, invoice paid; and one
 * covered load the operator cancelled (its TONU proposal).
 */
export async function seedDemoLifecycle(deps: Deps, admin: User): Promise<void> {
  const { db } = deps;
  const ramirez = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  if (!ramirez) return;
  const adminCtx = actingAs(deps, admin);
  const candidates = await db.load.findMany({
    where: {
      status: "pending",
      assignedUserId: null,
      pickupDate: { gt: new Date(Date.now() + 24 * 3_600_000) },
      offers: { none: {} },
      milestones: { none: {} },
      stops: { some: { nassCode: { latitude: { not: null } } } },
    },
    include: { stops: { orderBy: { sequence: "asc" }, select: { sequence: true } } },
    orderBy: { pickupDate: "desc" },
    take: 200,
  });
  // Ramirez bids only where it operates: loads touching one of its states.
  const states = (ramirez.areasOfOperation ?? "")
    .split(",")
    .map((state) => state.trim().toUpperCase())
    .filter(Boolean);
  const serves = (address: string | null) =>
    states.length === 0 || states.some((state) => address?.includes(`, ${state} `));
  // Ramirez's own first (its login shows them), then a fleet driver's (no areas) for the rest.
  const ours = (load: (typeof candidates)[number]) =>
    serves(load.originAddress) || serves(load.destinationAddress);
  const loads = [
    ...candidates.filter((load) => load.stops.length >= 2 && ours(load)),
    ...candidates.filter((load) => load.stops.length >= 2 && !ours(load)),
  ];
  const fleet = await db.user.findFirst({
    where: { email: { endsWith: "@drivers.freightway.test" }, areasOfOperation: null },
    orderBy: { email: "asc" },
  });
  for (const [index, stage] of STAGES.entries()) {
    const load = loads[index];
    if (!load) return;
    const winner = ours(load) ? ramirez : fleet;
    if (!winner) continue;
    const carrierCtx = actingAs(deps, winner);
    try {
      // A customer rate drafts the invoice on delivery: only the loads meant to reach invoicing have one.
      if (reached(stage, "invoiced") && stage !== "cancelled")
        await setLoadCustomerRate(adminCtx, load.loadId, String(2300 + index * 40));
      const offer = await startOffer(adminCtx, { loadId: load.loadId, roundMinutes: 30, targetRate: 2100 });
      const won = await placeBid(carrierCtx, { offerId: offer.id, amount: 1900 + index * 25 });
      await confirmWinner(adminCtx, offer.id, { bidId: won.bid.id });
      if (stage === "cancelled") {
        await updateLoad(adminCtx, load.loadId, { status: "cancelled" });
        continue;
      }
      await acceptTender(carrierCtx, load.loadId, { signature: winner.fullName ?? "Rosa Ramirez" });
      if (!reached(stage, "dispatched")) continue;
      await dispatchLoad(carrierCtx, load.loadId, {
        driverName: "Luis Ortega",
        driverPhone: "+13125550142",
        truckNumber: `RT-${101 + index}`,
        trailerNumber: `TR-${201 + index}`,
      });
      const first = load.stops[0].sequence;
      const last = load.stops[load.stops.length - 1].sequence;
      if (reached(stage, "arrived")) await markStopVisit(carrierCtx, load.loadId, first, "arrived", {});
      if (reached(stage, "departed")) await markStopVisit(carrierCtx, load.loadId, first, "departed", {});
      if (reached(stage, "delivered")) await markStopVisit(carrierCtx, load.loadId, last, "arrived", {});
      if (reached(stage, "pod_received"))
        await uploadLoadDocument(carrierCtx, load.loadId, {
          type: "POD",
          fileName: "pod.pdf",
          bytes: POD_BYTES,
        });
      if (stage === "paid") {
        const invoice = await db.invoice.findFirst({
          where: { loadId: load.id },
          orderBy: { createdAt: "asc" },
        });
        if (invoice)
          await updateEntry(adminCtx, "receivable", invoice.invoiceNumber, {
            customerPayer: invoice.customerPayer,
            dueDate: invoice.dueDate.toISOString().slice(0, 10),
            amountDue: invoice.amountDueCents / 100,
            status: "paid",
          });
      }
    } catch (error) {
      logger.warn({ err: error, loadId: load.loadId, stage }, "demo lifecycle step skipped");
    }
  }
}
