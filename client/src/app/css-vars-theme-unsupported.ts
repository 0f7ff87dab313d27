/**
 * Stands in for MUI's CSS-variables theming (`createThemeWithVars`, `CssVarsProvider`; vite.config.ts
 * aliases their modules here in the browser build): the app's theme (app/theme.ts) has no
 * `colorSchemes` and no `cssVariables`, so MUI's createTheme and ThemeProvider never reach them, and
 * they were about 6 KB Brotli of every first screen. A theme that needs them fails loudly.
 */
function unsupported(): never {
  throw new Error("MUI's CSS-variables theme is not in this build (client/vite.config.ts)");
}

export default unsupported;
export const createGetCssVar = unsupported;
export const CssVarsProvider = unsupported;
export const Experimental_CssVarsProvider = unsupported;
export const useColorScheme = unsupported;
export const getInitColorSchemeScript = unsupported;
