import { describe, expect, it } from "vitest";
import { areaOf, breadcrumbsOf, documentTitleOf, TITLE_SEPARATOR } from "./breadcrumbs.ts";

describe("breadcrumbs of a screen title", () => {
  it("links the screens before the last part and keeps the spec's text", () => {
    const crumbs = breadcrumbsOf("ILA / Load / L-1", "admin");
    expect(crumbs).toEqual([
      { label: "ILA", to: null },
      { label: "Load", to: "/admin/ila/load" },
      { label: "L-1", to: null },
    ]);
    expect(crumbs.map((crumb) => crumb.label).join(TITLE_SEPARATOR)).toBe("ILA / Load / L-1");
  });

  it("keeps 'ILA / Carrier /' as written and never links the current screen", () => {
    const crumbs = breadcrumbsOf("ILA / Carrier /", "admin");
    expect(crumbs.map((crumb) => crumb.label).join(TITLE_SEPARATOR)).toBe("ILA / Carrier /");
    expect(crumbs.every((crumb) => crumb.to === null)).toBe(true);
  });

  it("links Active Offers inside the viewer's own area", () => {
    expect(breadcrumbsOf("Carrier Portal / Active Offers / L-9 / Bidders", "admin")[1].to).toBe(
      "/admin/carrier-portal/active-offers",
    );
    expect(areaOf("/carrier/carrier-portal/history-wins")).toBe("carrier");
    expect(breadcrumbsOf("Carrier Portal / Active Offers / x", "carrier")[1].to).toBe(
      "/carrier/carrier-portal/active-offers",
    );
  });

  it("titles the browser tab most specific first", () => {
    expect(documentTitleOf("ILA / Load / L-1")).toBe("L-1 · Load · ILA · Freightway");
    expect(documentTitleOf("ILA / Carrier /")).toBe("Carrier · ILA · Freightway");
    expect(documentTitleOf("My Account")).toBe("My Account · Freightway");
  });
});
