import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function BiddersRoute() {
  const { loadId = "" } = useParams();
  return (
    <ComingSoon
      title={`Carrier Portal / Active Offers / ${loadId} / Bidders`}
      description="Everyone who bid on this load, their record of wins and losses, and winner notification."
    />
  );
}
