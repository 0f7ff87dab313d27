import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface PageTitleProps {
  children: ReactNode;
  subtitle?: ReactNode;
}

export function PageTitle({ children, subtitle }: PageTitleProps) {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 2 }}>
        {children}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      ) : null}
    </>
  );
}
