import Box from "@mui/material/Box";

export const MAIN_CONTENT_ID = "main-content";

/** 'Skip to main content': the first thing Tab reaches, shown only while it has focus. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: "fixed",
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "primary.main",
        color: "primary.contrastText",
        fontWeight: 700,
        textDecoration: "none",
        transform: "translateY(-200%)",
        "&:focus": { transform: "none", outline: "3px solid #ffffff", outlineOffset: 2 },
      }}
    >
      Skip to main content
    </Box>
  );
}
