import CheckBoxIcon from "@mui/icons-material/CheckBox";
import CheckBoxOutlineBlankIcon from "@mui/icons-material/CheckBoxOutlineBlank";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu, { type MenuProps } from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";

export interface ColumnMenuListProps extends Pick<MenuProps, "id" | "anchorEl" | "open" | "onClose"> {
  table: string;
  /** Each hideable column: its id, what the menu calls it and whether it shows. */
  choices: readonly { id: string; label: string | undefined; shown: boolean }[];
  onToggle(id: string): void;
}

/** ColumnMenu's menu, loaded when it first opens (ui/deferred.tsx). */
export default function ColumnMenuList({ table, choices, onToggle, ...menu }: ColumnMenuListProps) {
  return (
    <Menu {...menu} slotProps={{ list: { "aria-label": `${table} columns`, dense: true } }}>
      {choices.map(({ id, label, shown }) => (
        <MenuItem key={id} role="menuitemcheckbox" aria-checked={shown} onClick={() => onToggle(id)}>
          <ListItemIcon>
            {shown ? (
              <CheckBoxIcon fontSize="small" color="primary" />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
