import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { type BrowserWorld, loginThroughForm, openTab, startBrowserWorld } from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { uploadLoads } from "../support/loads.ts";

let world: BrowserWorld;
let carrierId: string;
beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "finder@example.com", role: "ADMIN", fullName: "Fin Finder" });
  const { token } = await loginAs(world.app, "finder@example.com", undefined, { platform: "mobile" });
  await uploadLoads(world.app, token, [
    { "Load ID": "SRCH-0001", Customer: "USPS" },
    { "Load ID": "SRCH-0002", Customer: "USPS" },
  ]);
  carrierId = (await createCarrierAs(world.app, token, 51, { carrierName: "Srch Logistics" })).carrierId;
});
afterAll(() => world?.close());

describe("the header search", () => {
  it("'/' focuses it, arrows pick a match, Enter opens it; a click opens a carrier", async () => {
    const { page, errors, context } = await openTab(world);
    await loginThroughForm(page, "finder@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.getByRole("heading", { name: "ILA / Load" }).waitFor();
    await page.locator("body").click({ position: { x: 700, y: 500 } });
    await page.keyboard.press("/");
    const box = page.getByRole("combobox", { name: "Search" });
    await expect(box.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type("srch-000");
    const listbox = page.getByRole("listbox");
    await listbox.getByRole("option", { name: /SRCH-0002/ }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/ila/load/SRCH-0002");
    await page.getByRole("heading", { name: "Load #SRCH-0002" }).waitFor();
    await expect(box.inputValue()).resolves.toBe("");

    await box.click();
    await box.fill("srch log");
    await page.getByRole("option", { name: /Srch Logistics/ }).click();
    await page.waitForURL(`**/admin/ila/carriers/${carrierId}`);

    await box.fill("nothing-like-this");
    await page.getByText("No matches").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is not shown to a carrier, whose Active Offers screen has its own search", async () => {
    await createUser(world.app, { email: "hauler@example.com", fullName: "Hal Hauler" });
    const { page, errors, context } = await openTab(world);
    await loginThroughForm(page, "hauler@example.com");
    await page.waitForURL("**/carrier/carrier-portal/active-offers");
    await page.getByRole("heading", { name: "Active Offers" }).first().waitFor();
    // The screen's own search renders with its filters, after the heading: wait for it, and only
    // then count the header's (by then the frame has rendered whatever it renders).
    await page
      .getByRole("main")
      .getByRole("searchbox")
      .or(page.getByRole("main").getByRole("textbox", { name: "Search" }))
      .first()
      .waitFor();
    await expect(page.getByRole("banner").getByRole("combobox", { name: "Search" }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
