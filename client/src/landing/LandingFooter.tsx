import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useState } from "react";
import { BrandMark } from "../ui/BrandMark.tsx";
import { CONTACT_DETAILS, POLICY_LINKS, SECTION_LINKS } from "./content.ts";

type PolicyTitle = (typeof POLICY_LINKS)[number];

const PolicyDialog = lazy(() => import("./PolicyDialog.tsx"));

export function LandingFooter() {
  const [policy, setPolicy] = useState<PolicyTitle | null>(null);
  // Mounted from the first click on, so the dialog can animate closed.
  const [policyWanted, setPolicyWanted] = useState(false);
  const handlePolicyOpen = (title: PolicyTitle) => {
    setPolicyWanted(true);
    setPolicy(title);
  };
  return (
    <Box component="footer" sx={{ bgcolor: "#0c2340", color: "grey.300", py: 6 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <BrandMark inverted />
            <Typography variant="body2" sx={{ mt: 2 }} component="address" style={{ fontStyle: "normal" }}>
              {CONTACT_DETAILS.address}
              <br />
              <Link href={`mailto:${CONTACT_DETAILS.email}`} color="inherit">
                {CONTACT_DETAILS.email}
              </Link>
              <br />
              <Link href={`tel:${CONTACT_DETAILS.phone.replace(/[^\d+]/g, "")}`} color="inherit">
                {CONTACT_DETAILS.phone}
              </Link>
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <Stack component="nav" aria-label="Footer sections" spacing={1}>
              {SECTION_LINKS.map((link) => (
                <Link key={link.href} href={link.href} color="inherit" underline="hover">
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <Stack spacing={1} aria-label="Policies and help">
              {POLICY_LINKS.map((title) => (
                <Link
                  key={title}
                  component="button"
                  type="button"
                  color="inherit"
                  underline="hover"
                  onClick={() => handlePolicyOpen(title)}
                  sx={{ textAlign: "left", font: "inherit" }}
                >
                  {title}
                </Link>
              ))}
            </Stack>
          </Grid>
        </Grid>
        <Typography
          variant="caption"
          sx={{ display: "block", mt: 4, opacity: 0.7 }}
          // The page is rendered at build time; the year may have turned since.
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} Freightway. All rights reserved.
        </Typography>
      </Container>
      {policyWanted ? (
        <Suspense fallback={null}>
          <PolicyDialog title={policy} onClose={() => setPolicy(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
