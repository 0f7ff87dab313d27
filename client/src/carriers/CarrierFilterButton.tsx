import CheckIcon from "@mui/icons-material/Check";
import FilterListIcon from "@mui/icons-material/FilterList";
import Badge from "@mui/material/Badge";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useMenuButton } from "../ui/useMenuButton.ts";
import { CARRIER_TYPE_OPTIONS, type CarrierType } from "./carrier-list-view.ts";

interface CarrierFilterButtonProps {
  value: CarrierType | null;
  onChange(type: CarrierType | null): void;
}

/** Filter: the carrier type (Trucking, Rail, Air) or every type. */
export function CarrierFilterButton({ value, onChange }: CarrierFilterButtonProps) {
  const { button, menu, close } = useMenuButton("carrier-filter-menu");
  const choose = (type: CarrierType | null) => {
    close();
    if (type !== value) onChange(type);
  };
  const options: [CarrierType | null, string][] = [
    [null, "All types"],
    ...CARRIER_TYPE_OPTIONS.map((type): [CarrierType, string] => [type, type]),
  ];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={
          <Badge color="secondary" variant="dot" invisible={value === null}>
            <FilterListIcon />
          </Badge>
        }
        {...button}
      >
        {value ? `Filter: ${value}` : "Filter"}
      </Button>
      <Menu {...menu} slotProps={{ list: { "aria-label": "Filter by type", dense: true } }}>
        <ListSubheader sx={{ lineHeight: "32px" }}>Type</ListSubheader>
        {options.map(([type, label]) => (
          <MenuItem key={label} selected={type === value} onClick={() => choose(type)}>
            <ListItemIcon>{type === value ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
