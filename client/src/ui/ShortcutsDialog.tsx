import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useRegisteredShortcuts } from "./shortcuts.ts";

export interface ShortcutsDialogProps {
  open: boolean;
  onClose(): void;
}

/** ShortcutsHelp's dialog, loaded when '?' first opens it (ui/deferred.tsx). */
export default function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const shortcuts = useRegisteredShortcuts();
  const groups = useMemo(() => {
    const byGroup = new Map<string, Map<string, string>>();
    for (const shortcut of shortcuts) {
      const group = byGroup.get(shortcut.group) ?? new Map<string, string>();
      // The newest registration of a key is the one that runs.
      group.set(shortcut.keyLabel ?? shortcut.key, shortcut.description);
      byGroup.set(shortcut.group, group);
    }
    return [...byGroup];
  }, [shortcuts]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" fullWidth maxWidth="xs">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        {groups.map(([group, keys]) => (
          <Box key={group} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
              {group}
            </Typography>
            <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 1, m: 0 }}>
              {[...keys].map(([key, description]) => (
                <Box key={key} sx={{ display: "contents" }}>
                  <Box component="dt" sx={{ m: 0 }}>
                    <Box
                      component="kbd"
                      sx={{
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: "divider",
                        borderRadius: 1,
                        fontFamily: "monospace",
                        fontSize: "0.8125rem",
                      }}
                    >
                      {key}
                    </Box>
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {description}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
