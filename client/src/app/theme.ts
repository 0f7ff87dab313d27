import { createTheme } from "@mui/material/styles";

/** The focus ring every control shows on keyboard focus (WCAG 2.4.7 / 2.4.11). */
const FOCUS_RING = { outline: "3px solid #0267a6", outlineOffset: 2 } as const;

/**
 * The one theme: navy for the brand, a freight orange for calls to action. Every colour that
 * carries white text reaches 4.5:1 (WCAG 2.2 AA): the orange, the "In transit" info blue and the
 * warning amber are darker than MUI's defaults, so buttons, chips and avatars need no overrides.
 */
export const theme = createTheme({
  palette: {
    primary: { main: "#12355b", contrastText: "#ffffff" },
    secondary: { main: "#c2410c", contrastText: "#ffffff" },
    info: { main: "#0267a6", contrastText: "#ffffff" },
    warning: { main: "#b45309", contrastText: "#ffffff" },
    background: { default: "#f4f6fa", paper: "#ffffff" },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiButtonBase: {
      styleOverrides: { root: { "&.Mui-focusVisible": FOCUS_RING } },
    },
    MuiTableSortLabel: {
      styleOverrides: { root: { "&.Mui-focusVisible, &:focus-visible": FOCUS_RING } },
    },
    MuiLink: {
      styleOverrides: { root: { "&:focus-visible": FOCUS_RING } },
    },
    MuiListItemButton: {
      // The current page is a filled highlight; keyboard focus is a ring, so the two never look alike.
      styleOverrides: {
        root: {
          "&.Mui-focusVisible": { ...FOCUS_RING, outlineOffset: -3, backgroundColor: "transparent" },
          "&.Mui-selected.Mui-focusVisible": { backgroundColor: "rgba(18, 53, 91, 0.12)" },
        },
      },
    },
    MuiTableContainer: {
      // A table wider than a phone scrolls sideways inside its frame: keyboard users reach it too.
      defaultProps: { tabIndex: 0 },
      styleOverrides: { root: { "&:focus-visible": FOCUS_RING } },
    },
    MuiDialog: {
      // Dialogs that wrap title, content and actions in a <form>: the form is the paper's flex
      // column, so the content scrolls and the actions stay pinned at the bottom, in view.
      styleOverrides: {
        paper: {
          "& > form": { display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 },
        },
      },
    },
    MuiDialogActions: {
      styleOverrides: { root: { flexShrink: 0, flexWrap: "wrap", rowGap: 8 } },
    },
  },
});
