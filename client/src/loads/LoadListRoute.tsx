import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function LoadListRoute() {
  return (
    <ComingSoon
      title={"ILA / Load"}
      description="The load list: search by load id, upload loads from CSV files, 50 loads per page with links to each load's detail and tracking."
    />
  );
}
