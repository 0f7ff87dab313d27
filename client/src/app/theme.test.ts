import { getContrastRatio } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { theme } from "./theme.ts";

describe("theme contrast (WCAG 2.2 AA, 4.5:1 for text)", () => {
  it.each(["primary", "secondary", "info", "warning", "success", "error"] as const)(
    "%s buttons, chips and avatars: contrast text on main",
    (name) => {
      const colour = theme.palette[name];
      expect(getContrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("the orange call to action, the 'In transit' chip and outlined text on the page background", () => {
    for (const colour of [
      theme.palette.secondary.main,
      theme.palette.info.main,
      theme.palette.primary.main,
    ]) {
      expect(getContrastRatio(colour, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
