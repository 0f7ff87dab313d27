import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import LogoutIcon from "@mui/icons-material/Logout";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu, { type MenuProps } from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";

export interface UserMenuListProps extends Pick<MenuProps, "anchorEl" | "open" | "onClose"> {
  name: string;
  userId: string;
  loggingOut: boolean;
  onProfile(): void;
  onLogout(): void;
}

/** UserMenu's menu, loaded when it first opens (ui/deferred.tsx). */
export default function UserMenuList({
  name,
  userId,
  loggingOut,
  onProfile,
  onLogout,
  ...menu
}: UserMenuListProps) {
  return (
    <Menu
      {...menu}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="subtitle2">{name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {userId}
        </Typography>
      </Box>
      <Divider />
      <MenuItem onClick={onProfile}>
        <ListItemIcon>
          <AccountCircleIcon fontSize="small" />
        </ListItemIcon>
        My Profile
      </MenuItem>
      <MenuItem onClick={onLogout} disabled={loggingOut}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
