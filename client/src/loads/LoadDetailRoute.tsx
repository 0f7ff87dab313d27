import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function LoadDetailRoute() {
  const { loadId = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Load / ${loadId}`}
      description="The load's editable form: customer, status, mode, dates, origin and destination, and its stops with their NASS codes."
    />
  );
}
