import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function RouteDetailRoute() {
  const { routeNumber = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Routing / ${routeNumber}`}
      description="The route's assigned loads and stops, editable, with its pickup and delivery."
    />
  );
}
