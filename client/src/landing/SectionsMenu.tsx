import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { SECTION_LINKS } from "./content.ts";

interface SectionsMenuProps {
  open: boolean;
  onClose: () => void;
}

/** The phone header's drawer of section links; a separate download fetched on the first tap. */
export default function SectionsMenu({ open, onClose }: SectionsMenuProps) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <List sx={{ width: 240 }} aria-label="Sections">
        {[...SECTION_LINKS, { label: "Testimonials", href: "#testimonials" }].map((link) => (
          <ListItemButton key={link.href} component="a" href={link.href} onClick={onClose}>
            <ListItemText primary={link.label} />
          </ListItemButton>
        ))}
        <ListItemButton component="a" href="/login">
          <ListItemText primary="Log in" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
