import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function TrackingRoute() {
  return (
    <ComingSoon
      title={"ILA / Tracking"}
      description="A live map of trucks on their routes with stops, ETA and the loads they carry."
    />
  );
}
