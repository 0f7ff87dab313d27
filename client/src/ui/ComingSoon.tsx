import ConstructionIcon from "@mui/icons-material/Construction";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { PageTitle } from "./PageTitle.tsx";

interface ComingSoonProps {
  title: string;
  /** What this screen will do once it is built. */
  description: string;
}

/** An honest placeholder for a screen a later release delivers: no fake data. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center" }} data-testid="coming-soon">
        <Box sx={{ color: "secondary.main", mb: 1 }}>
          <ConstructionIcon fontSize="large" aria-hidden />
        </Box>
        <Typography variant="h6" component="p" gutterBottom>
          Coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mx: "auto" }}>
          {description}
        </Typography>
      </Paper>
    </>
  );
}
