import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function RoutingRoute() {
  return (
    <ComingSoon
      title={"ILA / Routing"}
      description="Routes and NASS facility codes in two tables, with route creation from selected loads."
    />
  );
}
