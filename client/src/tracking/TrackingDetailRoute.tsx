import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function TrackingDetailRoute() {
  const { routeNumber = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Tracking / ${routeNumber}`}
      description="This route's truck on the map with its stops and ETA."
    />
  );
}
