import type { BillingStatus } from "../../common/billing.ts";
import { centsToDecimal } from "../../common/money.ts";
import { auditActor } from "../audit/actor.ts";
import { announceCreated, createBillForWinner } from "../billing/operations.ts";
import { createEntry } from "../billing/service.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { setLoadCustomerRate } from "../loads/customer-rate.ts";
import { actingAs } from "./acting-as.ts";

const DAY_MS = 86_400_000;
const CUSTOMERS = ["USPS", "Acme Foods", "Great Lakes Paper", "Sunbelt Retail", "Pioneer Hardware"];
const STATUSES: BillingStatus[] = ["pending", "paid", "overdue", "canceled"];
/** Days from today of the manual entries' dates: some not yet due, some in every aging bucket. */
const OFFSETS = [20, 5, -3, -12, -29, -35, -58, -64, -88, -95, -140, 45];

const day = (offset: number) => {
  const date = new Date(Date.now() + offset * DAY_MS);
  return date.toISOString().slice(0, 10);
};

/**
 * Billing that follows the demo loads: customer rates (delivered loads draft their invoices),
 * bills for loads a carrier won (with rate confirmations for the demo carrier), and manual
 * invoices and bills in every status, some past due in every aging bucket.
 */
export async function seedDemoBilling(deps: Deps, admin: User, driver: User | null): Promise<void> {
  const ctx = actingAs(deps, admin);
  const loads = await deps.db.load.findMany({
    orderBy: { loadId: "asc" },
    take: 60,
    select: { id: true, loadId: true, status: true },
  });
  const carrier = driver?.carrierId
    ? await deps.db.carrier.findUnique({ where: { id: driver.carrierId } })
    : null;
  const carrierName = carrier?.carrierName ?? "Ramirez Trucking LLC";

  for (const [index, load] of loads.entries()) {
    const rateCents = 95_000 + ((index * 37_311) % 260_000);
    if (index < 40) await setLoadCustomerRate(ctx, load.loadId, centsToDecimal(rateCents));
    if (index % 2 === 0 && load.status !== "pending") {
      const result = await deps.db.$transaction((tx) =>
        createBillForWinner(
          {
            loadId: load.id,
            carrierId: carrier?.id ?? null,
            carrierName,
            amountCents: Math.round(rateCents * 0.82),
            winnerUserId: driver?.id ?? null,
            actor: auditActor(ctx, admin.id),
          },
          tx,
        ),
      );
      announceCreated(deps, result);
    }
  }

  for (const [index, offset] of OFFSETS.entries()) {
    const status = STATUSES[index % STATUSES.length];
    const load = loads[40 + index];
    await createEntry(ctx, "receivable", {
      customerPayer: CUSTOMERS[index % CUSTOMERS.length],
      dueDate: day(offset),
      amountDue: centsToDecimal(120_000 + index * 15_550),
      status: offset < 0 && status === "pending" && index % 3 === 0 ? "overdue" : status,
      loadId: load?.loadId,
    });
    await createEntry(ctx, "payable", {
      carrier: index % 2 === 0 ? carrierName : "Brooks Freight Co.",
      paymentDate: day(offset + 7),
      amount: centsToDecimal(90_000 + index * 12_345),
      status,
      loadId: load?.loadId,
    });
  }
}
