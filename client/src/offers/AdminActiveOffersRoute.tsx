import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function AdminActiveOffersRoute() {
  return (
    <ComingSoon
      title={"Carrier Portal / Active Offers"}
      description="Loads out for bidding with their best offer and the time left in the round, and the way to select a winner."
    />
  );
}
