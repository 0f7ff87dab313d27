import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function CarrierDetailRoute() {
  const { carrierId = "" } = useParams();
  return (
    <ComingSoon
      title={`Carrier Detail #${carrierId}`}
      description="The carrier's editable details and its drivers."
    />
  );
}
