import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function ConfirmDetailsRoute() {
  const { loadId = "" } = useParams();
  return (
    <ComingSoon
      title={`Confirm Details for Load #${loadId}`}
      description="Confirm the carrier, truck and driver details of the load you won, up to 12 hours before it starts."
    />
  );
}
