import Typography from "@mui/material/Typography";
import { ABOUT_PARAGRAPHS } from "./content.ts";
import { Section } from "./Section.tsx";

export function AboutSection() {
  return (
    <Section id="about-us" title="About us" subtitle="Built by people who moved freight for a living.">
      {ABOUT_PARAGRAPHS.map((paragraph) => (
        <Typography key={paragraph.slice(0, 24)} sx={{ maxWidth: 760, mb: 2, fontSize: "1.05rem" }}>
          {paragraph}
        </Typography>
      ))}
    </Section>
  );
}
