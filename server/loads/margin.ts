/** What a load earns over what it costs, from its customer rate and the carrier's (winning bid). */
export function marginOf(load: {
  customerRateCents: number | null;
  carrierRateCents: number | null;
}): { cents: number; percent: number | null } | null {
  if (load.customerRateCents === null || load.carrierRateCents === null) return null;
  const cents = load.customerRateCents - load.carrierRateCents;
  const percent =
    load.customerRateCents === 0 ? null : Math.round((1000 * cents) / load.customerRateCents) / 10;
  return { cents, percent };
}
