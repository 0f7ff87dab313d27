import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { EQUIPMENT } from "./content.ts";
import { Section } from "./Section.tsx";

export function ServicesSection() {
  return (
    <Section id="services" title="Services" subtitle="The right equipment for every load.">
      <Grid container spacing={2}>
        {EQUIPMENT.map((equipment) => (
          <Grid key={equipment.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Paper
              variant="outlined"
              sx={{ p: 3, height: "100%", borderLeft: 4, borderLeftColor: "secondary.main" }}
              data-testid="equipment-type"
            >
              <Typography variant="h6" component="h3">
                {equipment.title}
              </Typography>
              <Typography color="text.secondary">{equipment.text}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
