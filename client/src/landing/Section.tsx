import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface SectionProps {
  id: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}

/** One anchored landing section; the sticky header's height is kept clear when jumping to it. */
export function Section({ id, title, subtitle, tinted = false, children }: SectionProps) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        scrollMarginTop: 64,
        py: { xs: 7, md: 10 },
        bgcolor: tinted ? "background.default" : "background.paper",
      }}
    >
      <Container maxWidth="lg">
        <Typography
          id={`${id}-title`}
          variant="h3"
          component="h2"
          sx={{ fontSize: { xs: "1.9rem", md: "2.4rem" } }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ mt: { xs: 3, md: 5 } }}>{children}</Box>
      </Container>
    </Box>
  );
}
