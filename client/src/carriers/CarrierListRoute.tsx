import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function CarrierListRoute() {
  return (
    <ComingSoon
      title={"ILA / Carrier /"}
      description="The carrier network: DOT and MC numbers, type and contact, with carrier creation and manual load assignment."
    />
  );
}
