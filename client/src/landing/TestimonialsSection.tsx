import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { TESTIMONIALS } from "./content.ts";
import { Section } from "./Section.tsx";

export function TestimonialsSection() {
  return (
    <Section id="testimonials" title="Testimonials" subtitle="What carriers and shippers say." tinted>
      <Grid container spacing={3}>
        {TESTIMONIALS.map((testimonial) => (
          <Grid key={testimonial.name} size={{ xs: 12, md: 6 }}>
            <Card
              variant="outlined"
              sx={{ height: "100%", m: 0, display: "flex" }}
              component="figure"
              data-testid="testimonial"
            >
              {/* A column whose caption sits at the bottom: cards of one row end level, no empty band. */}
              <CardContent
                sx={{ display: "flex", flexDirection: "column", flex: 1, "&:last-child": { pb: 2 } }}
              >
                <Rating value={5} readOnly aria-label="5 out of 5 stars" sx={{ mb: 1 }} />
                <Typography component="blockquote" sx={{ fontSize: "1.1rem", m: 0, mb: 2 }}>
                  “{testimonial.quote}”
                </Typography>
                <Typography component="figcaption" sx={{ mt: "auto" }}>
                  <strong>{testimonial.name}</strong>
                  <br />
                  <Typography component="span" color="text.secondary" variant="body2">
                    {testimonial.role}
                  </Typography>
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
