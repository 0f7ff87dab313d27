import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";

const DASH = "—";

interface ActionsCellProps {
  trackingLink: string | null;
  label: string;
}

/** The spec's Actions column: the tracking link of the entry's load, or a dash. */
export function ActionsCell({ trackingLink, label }: ActionsCellProps) {
  if (!trackingLink) return <>{DASH}</>;
  if (trackingLink.startsWith("/")) {
    return (
      <Link component={RouterLink} to={trackingLink} aria-label={`Track ${label}`}>
        Track
      </Link>
    );
  }
  return (
    <Link
      href={trackingLink}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Track ${label} (opens a new tab)`}
    >
      Track
    </Link>
  );
}
