import type { Context } from "../context.ts";

type Tx = Parameters<Parameters<Context["db"]["$transaction"]>[0]>[0];

/** An award closes every counter-offer still open on the offer (they can no longer be accepted). */
export async function closeOpenCounters(tx: Tx, offerId: string, now: Date): Promise<void> {
  await tx.bidCounter.updateMany({
    where: { offerId, status: "open" },
    data: { status: "closed", decidedAt: now },
  });
}
