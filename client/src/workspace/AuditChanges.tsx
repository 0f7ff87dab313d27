import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import type { AuditChanges_entry$key } from "./__generated__/AuditChanges_entry.graphql";

/** A JSON value from the log as people read it. */
export function readable(json: string | null | undefined): string {
  if (json === null || json === undefined) return "empty";
  try {
    const value = JSON.parse(json) as unknown;
    if (value === null || value === "") return "empty";
    if (typeof value === "string") return value;
    return JSON.stringify(value);
  } catch {
    return json;
  }
}

interface AuditChangesProps {
  entry: AuditChanges_entry$key;
}

/** The changed fields of one audit entry, before → after. */
export function AuditChanges({ entry }: AuditChangesProps) {
  const data = useFragment(
    graphql`
      fragment AuditChanges_entry on AuditEntry {
        changes {
          field
          before
          after
        }
      }
    `,
    entry,
  );
  if (data.changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {data.changes.map((change) => (
        <Typography component="li" variant="body2" key={change.field} sx={{ wordBreak: "break-word" }}>
          <strong>{change.field}</strong>:{" "}
          <Box component="span" sx={{ color: "error.dark", textDecoration: "line-through" }}>
            {readable(change.before)}
          </Box>{" "}
          →{" "}
          <Box component="span" sx={{ color: "success.dark" }}>
            {readable(change.after)}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
