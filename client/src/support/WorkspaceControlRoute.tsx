import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function WorkspaceControlRoute() {
  return <ComingSoon title={"Workspace Control"} description="Workspace settings for operators." />;
}
