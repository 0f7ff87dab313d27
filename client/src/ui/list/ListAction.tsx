import Button from "@mui/material/Button";
import type { ReactNode } from "react";

interface ListActionProps {
  icon: ReactNode;
  onClick(): void;
  children: ReactNode;
}

/** A list screen's main action in its toolbar ('Manual update', 'Create Route', 'Invite user'). */
export function ListAction({ icon, onClick, children }: ListActionProps) {
  return (
    <Button variant="contained" color="secondary" startIcon={icon} onClick={onClick}>
      {children}
    </Button>
  );
}
