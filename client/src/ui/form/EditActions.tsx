import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { SubmitButton } from "./SubmitButton.tsx";

interface EditActionsProps {
  /** The form has edits (Discard is off without them). */
  dirty: boolean;
  saving: boolean;
  /** Puts the saved values back and clears the form's messages. */
  onDiscard(): void;
}

/** An edit form's closing row: 'Discard changes' and 'Save changes' (submits the form). */
export function EditActions({ dirty, saving, onDiscard }: EditActionsProps) {
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 3, flexWrap: "wrap" }}>
      <Button disabled={!dirty || saving} onClick={onDiscard}>
        Discard changes
      </Button>
      <SubmitButton busy={saving} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </Box>
  );
}
