import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function ManualAssignmentRoute() {
  const { carrierId = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Load / Load Manual Assignment — #${carrierId}`}
      description="A form to create a load assigned to one of this carrier's drivers."
    />
  );
}
