import { createTheme } from "@mui/material/styles";

/** The one theme: navy for the brand, a freight orange for calls to action. */
export const theme = createTheme({
  palette: {
    primary: { main: "#12355b", contrastText: "#ffffff" },
    secondary: { main: "#e8772e", contrastText: "#ffffff" },
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
  },
});
