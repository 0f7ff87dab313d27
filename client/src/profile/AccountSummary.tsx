import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import type { AccountSummary_user$key } from "./__generated__/AccountSummary_user.graphql";

interface AccountSummaryProps {
  user: AccountSummary_user$key;
}

export function AccountSummary({ user }: AccountSummaryProps) {
  const data = useFragment(
    graphql`
      fragment AccountSummary_user on User {
        email
        fullName
        role
        userId
      }
    `,
    user,
  );
  const name = data.fullName || data.email;
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3, display: "flex", gap: 2, alignItems: "center" }}>
      <Avatar sx={{ width: 56, height: 56, bgcolor: "primary.main" }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p" noWrap data-testid="account-name">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {data.email}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, mt: 1, flexWrap: "wrap" }}>
          <Chip size="small" label={`User ID: ${data.userId}`} data-testid="account-user-id" />
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={data.role === "ADMIN" ? "Operator" : "Carrier"}
          />
        </Box>
      </Box>
    </Paper>
  );
}
