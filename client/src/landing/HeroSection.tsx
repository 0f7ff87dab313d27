import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CLAIMS, HERO_TEXT, TAGLINE } from "./content.ts";
import { HeroSteps } from "./HeroSteps.tsx";

export function HeroSection() {
  return (
    <Box
      component="section"
      id="top"
      aria-labelledby="hero-title"
      sx={{
        scrollMarginTop: 64,
        color: "common.white",
        background: "linear-gradient(135deg, #0c2340 0%, #12355b 50%, #1d4e80 100%)",
        py: { xs: 8, md: 14 },
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: "grid",
          gap: { xs: 6, md: 8 },
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 7fr) minmax(0, 5fr)" },
          alignItems: "center",
        }}
      >
        <Box>
          <Typography
            id="hero-title"
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: "2.2rem", sm: "3rem", md: "3.6rem" }, maxWidth: 820, mb: 2 }}
          >
            {TAGLINE}
          </Typography>
          <Typography sx={{ fontSize: { xs: "1.05rem", md: "1.25rem" }, maxWidth: 640, opacity: 0.9, mb: 4 }}>
            {HERO_TEXT}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 6 }}>
            <Button href="/login" variant="outlined" color="inherit" size="large">
              Learn More
            </Button>
            <Button href="/login" variant="contained" color="secondary" size="large">
              Ride With Us
            </Button>
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 2, sm: 6 }}>
            {CLAIMS.map((claim) => (
              <Box key={claim.figure}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: "secondary.light" }}>
                  {claim.figure}
                </Typography>
                <Typography sx={{ opacity: 0.9 }}>{claim.text}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
        <HeroSteps />
      </Container>
    </Box>
  );
}
