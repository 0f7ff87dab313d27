import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function CarrierActiveOffersRoute() {
  return (
    <ComingSoon
      title={"Carrier Portal / Active Offers"}
      description="Loads open for bidding: place or change your bid before the round ends."
    />
  );
}
