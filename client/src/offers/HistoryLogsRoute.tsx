import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function HistoryLogsRoute() {
  return (
    <ComingSoon
      title={"Carrier Portal / History Logs"}
      description="A history of past bidding rounds and their outcomes."
    />
  );
}
