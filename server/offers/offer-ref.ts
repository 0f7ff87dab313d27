import type { Context } from "../context.ts";
import type { Offer, Prisma } from "../generated/sqlite/client.ts";

type OfferQuery = Pick<Prisma.OfferFindManyArgs, "include" | "select">;

/** An offer by its id, or the newest offer of a load named by its loadId. */
export async function findOfferRef(
  db: Context["db"],
  reference: string,
  query: OfferQuery = {},
): Promise<Offer | null> {
  return db.offer.findFirst({
    ...(query as object),
    where: { OR: [{ id: reference }, { load: { loadId: reference } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  }) as Promise<Offer | null>;
}
