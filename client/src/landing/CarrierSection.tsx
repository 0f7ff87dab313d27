import AltRouteIcon from "@mui/icons-material/AltRoute";
import AssignmentTurnedInIcon from "@mui/icons-material/AssignmentTurnedIn";
import GavelIcon from "@mui/icons-material/Gavel";
import LockIcon from "@mui/icons-material/Lock";
import MyLocationIcon from "@mui/icons-material/MyLocation";
import PhoneIphoneIcon from "@mui/icons-material/PhoneIphone";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { CARRIER_FEATURES } from "./content.ts";
import { Section } from "./Section.tsx";

const ICONS: Record<(typeof CARRIER_FEATURES)[number]["key"], ReactNode> = {
  "load-assignment": <AssignmentTurnedInIcon />,
  "route-optimization": <AltRouteIcon />,
  "prime-access": <GavelIcon />,
  tracking: <MyLocationIcon />,
  mobile: <PhoneIphoneIcon />,
  billing: <LockIcon />,
};

export function CarrierSection() {
  return (
    <Section
      id="carrier"
      title="Carrier"
      subtitle="A marketplace of opportunity for carriers of every size."
      tinted
    >
      <Grid container spacing={3}>
        {CARRIER_FEATURES.map((feature) => (
          <Grid key={feature.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: "100%" }} data-testid="carrier-feature">
              <CardContent>
                <Typography sx={{ color: "secondary.main", mb: 1 }} aria-hidden>
                  {ICONS[feature.key]}
                </Typography>
                <Typography variant="h6" component="h3" gutterBottom>
                  {feature.title}
                </Typography>
                <Typography color="text.secondary">{feature.text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
