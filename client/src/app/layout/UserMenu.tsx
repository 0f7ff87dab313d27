import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import { useLogoutMutation } from "../../auth/useLogoutMutation.ts";
import { profilePathFor } from "../../lib/paths.ts";
import { untilOpened } from "../../ui/deferred.tsx";
import type { UserMenu_user$key } from "./__generated__/UserMenu_user.graphql";

interface UserMenuProps {
  user: UserMenu_user$key;
}

// The menu's items load when it first opens (issue 27: not on the first screen).
const UserMenuList = untilOpened(() => import("./UserMenuList.tsx"));

function initialsOf(name: string): string {
  const parts = name.split(/[\s@._-]+/).filter(Boolean);
  return (parts[0]?.[0] ?? "?").toUpperCase() + (parts[1]?.[0] ?? "").toUpperCase();
}

export function UserMenu({ user }: UserMenuProps) {
  const data = useFragment(
    graphql`
      fragment UserMenu_user on User {
        email
        fullName
        role
        userId
      }
    `,
    user,
  );
  const navigate = useNavigate();
  const [logout, loggingOut] = useLogoutMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = data.fullName || data.email;

  const handleProfile = () => {
    setAnchor(null);
    navigate(profilePathFor(data.role));
  };
  const handleLogout = () => {
    setAnchor(null);
    logout();
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Account menu for ${name}`}
        sx={{ minWidth: 0, px: { xs: 0.5, sm: 1 }, gap: 1 }}
      >
        {/* Decorative initials, drawn by CSS so the button's text is the name its label carries. */}
        <Box
          aria-hidden
          data-initials={initialsOf(name)}
          sx={{
            width: 32,
            height: 32,
            flexShrink: 0,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            bgcolor: "secondary.main",
            color: "secondary.contrastText",
            fontSize: 14,
            "&::after": { content: "attr(data-initials)" },
          }}
        />
        <Box component="span" sx={{ display: { xs: "none", md: "inline" }, maxWidth: 160 }}>
          <Typography noWrap variant="body2" component="span" sx={{ display: "block" }}>
            {name}
          </Typography>
        </Box>
      </Button>
      <UserMenuList
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        name={name}
        userId={data.userId}
        loggingOut={loggingOut}
        onProfile={handleProfile}
        onLogout={handleLogout}
      />
    </>
  );
}
