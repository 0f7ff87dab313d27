import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function HistoryWinsRoute() {
  return <ComingSoon title={"Carrier Portal / History Wins"} description="The loads you have won." />;
}
