import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useSearchParams } from "react-router-dom";
import { PageTitle } from "../ui/PageTitle.tsx";
import { NassListView } from "./NassListView.tsx";
import { RouteListView } from "./RouteListView.tsx";
import { type RoutingView, viewOf } from "./routing-criteria.ts";

/** /admin/ila/routing: routes or NASS codes; the address keeps the view and its criteria. */
export default function RoutingRoute() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  // Switching view clears search, filter, sort and page (spec section 2).
  const handleView = (next: RoutingView | null) => {
    if (next && next !== view) setParams(next === "nass" ? { view: "nass" } : {});
  };
  return (
    <>
      <PageTitle>{view === "routes" ? "ILA / Routing" : "ILA / Facility Codes"}</PageTitle>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        onChange={(_event, next: RoutingView | null) => handleView(next)}
        aria-label="Routing view"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="routes">Routes</ToggleButton>
        <ToggleButton value="nass">NASS Codes</ToggleButton>
      </ToggleButtonGroup>
      {view === "routes" ? <RouteListView key="routes" /> : <NassListView key="nass" />}
    </>
  );
}
