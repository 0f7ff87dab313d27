import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARRIER_MESSAGES } from "../../common/carriers.ts";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";

let world: BrowserWorld;
let admin: Tab;
let adminToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  // One session per account: REST fixtures and the phone tab sign in as other operators.
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  await createUser(world.app, { email: "pat@example.com", role: "ADMIN", fullName: "Pat Phone" });
  await createUser(world.app, { email: "dora@example.com", fullName: "Dora Driver" });
  adminToken = (await loginAs(world.app, "ops@example.com")).token;
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const rows = (page: Page) => page.getByTestId("carrier-row");
const carrierNames = (page: Page) => rows(page).locator("td:first-child a").allTextContents();
const dialog = (page: Page) => page.getByRole("dialog", { name: "Add Carrier" });

async function openCarriers(page: Page) {
  await page.goto("/admin/ila/carriers");
  await page.getByRole("heading", { name: "ILA / Carrier /", exact: true }).waitFor();
  // A table on wide screens; cards (a list) under 600 px.
  await page
    .getByRole("table", { name: "Carriers" })
    .or(page.getByRole("list", { name: "Carriers" }))
    .waitFor();
}

/** Waits until the list shows exactly these carrier names, in this order. */
async function expectNames(page: Page, names: string[]) {
  await expect.poll(() => carrierNames(page), { timeout: 10_000 }).toEqual(names);
}

async function fillCarrier(form: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await form.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
}

describe("carrier list", () => {
  it("starts empty, with the columns the spec names", async () => {
    const { page } = admin;
    await openCarriers(page);
    await page.getByText("No carriers found.", { exact: true }).waitFor();
    const headers = await page.getByRole("table", { name: "Carriers" }).locator("thead th").allTextContents();
    expect(headers).toEqual([
      "Carrier Name",
      "DOT #",
      "MC #",
      "Type",
      "Contact",
      "Action",
      "Tier",
      "Compliance",
    ]);
    await page.getByTestId("last-update").getByText("Last update: just now").waitFor();
  });

  it("adds a carrier: the form's errors first, then the carrier in the list", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Add new Carrier" }).click();
    const form = dialog(page);
    await form.waitFor();
    await expect(form.getByRole("combobox", { name: "Type" }).textContent()).resolves.toBe("Trucking");
    await fillCarrier(form, { "Carrier Name": "Blue Ridge Freight" });
    await form.getByRole("button", { name: "Add Carrier" }).click();
    for (const text of [
      "DOT # is required",
      "MC # is required",
      "Contact is required",
      "Phone is required",
      "Valid email is required",
    ]) {
      await form.getByText(text, { exact: true }).waitFor();
    }
    const focused = (locator: Locator) => locator.evaluate((input) => input === document.activeElement);
    await expect.poll(() => focused(form.getByRole("textbox", { name: "DOT #", exact: true }))).toBe(true);
    await fillCarrier(form, { "DOT #": "3124587" });
    await expect(form.getByText("DOT # is required").count()).resolves.toBe(0);
    await expect(form.getByText("MC # is required").count()).resolves.toBe(1);

    await fillCarrier(form, {
      "MC #": "MC-874512",
      Contact: "Dana Dispatch",
      Phone: "(201) 555-0123",
      Email: "dispatch@blueridge.example.com",
    });
    await form.getByRole("textbox", { name: "Email", exact: true }).press("Enter");
    await form.waitFor({ state: "detached" });
    await page.getByText(/Carrier Blue Ridge Freight \(CAR-\d+\) was added\./).waitFor();
    await expectNames(page, ["Blue Ridge Freight"]);
    const cells = await rows(page).first().locator("td").allTextContents();
    expect(cells.slice(1, 4)).toEqual(["3124587", "874512", "Trucking"]);
    expect(cells[4]).toContain("(201) 555-0123");
    expect(cells[5]).toBe("Load Manual Assignment");
    expect(cells[6]).toBe("New");
    expect(cells[7]).toBe("Missing documents");
    const saved = await world.app.deps.db.carrier.findFirstOrThrow({
      where: { carrierName: "Blue Ridge Freight" },
    });
    expect(saved).toMatchObject({ type: "Trucking", contactPhone: "+12015550123", mcNumber: "874512" });
    await expect(
      rows(page).first().getByRole("link", { name: "Blue Ridge Freight" }).getAttribute("href"),
    ).resolves.toBe(`/admin/ila/carriers/${saved.carrierId}`);
    await expect(
      rows(page).first().getByRole("link", { name: "Load Manual Assignment" }).getAttribute("href"),
    ).resolves.toBe(`/admin/ila/load/manual-assignment/${saved.carrierId}`);
  });

  it("shows the server's 409 and resets the modal when it closes", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Add new Carrier" }).click();
    const form = dialog(page);
    await fillCarrier(form, {
      "Carrier Name": "Copycat Lines",
      "DOT #": "1111111",
      "MC #": "222222",
      Contact: "Cody",
      Phone: "2015550199",
      Email: "DISPATCH@blueridge.example.com",
    });
    await form.getByRole("button", { name: "Add Carrier" }).click();
    await page
      .getByTestId("add-carrier-alert")
      .getByText("A carrier with this email already exists.")
      .waitFor();
    // Once in the dialog, at the field it is about (the spec's alert aside); no second inline copy.
    const conflict = "A carrier with this email already exists.";
    const emailField = form.getByRole("textbox", { name: "Email", exact: true });
    await expect(emailField.getAttribute("aria-invalid")).resolves.toBe("true");
    const describedBy = await emailField.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(conflict);
    // The field's message and the spec's alert: two, not three (no toast, alert and inline box).
    await expect(page.getByText(conflict).count()).resolves.toBe(2);
    await expect(page.getByTestId("add-carrier-error").count()).resolves.toBe(0);
    await expectAccessible(page, "add carrier dialog after a 409");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill("dispatch@copycat.example.com");
    // Editing the e-mail clears the field's message and the alert.
    await page.getByTestId("add-carrier-alert").waitFor({ state: "detached" });
    await expect(page.getByText(conflict).count()).resolves.toBe(0);
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add new Carrier" }).click();
    await expect(form.getByRole("textbox", { name: "Carrier Name", exact: true }).inputValue()).resolves.toBe(
      "",
    );
    await expect(form.getByRole("textbox", { name: "Email", exact: true }).inputValue()).resolves.toBe("");
    await expect(page.getByTestId("add-carrier-error").count()).resolves.toBe(0);
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    await expectNames(page, ["Blue Ridge Freight"]);
  });

  it("searches on Enter and while typing, filters by type and sorts any column", async () => {
    const { page } = admin;
    await createCarrierAs(world.app, adminToken, 1, {
      carrierName: "Atlas Rail",
      type: "Rail",
      contact: "Zed",
    });
    await createCarrierAs(world.app, adminToken, 2, {
      carrierName: "Zephyr Air",
      type: "Air",
      contact: "Amy",
    });
    await createCarrierAs(world.app, adminToken, 3, { carrierName: "Midway Trucking", contact: "Moe" });
    await openCarriers(page);
    await expectNames(page, ["Atlas Rail", "Blue Ridge Freight", "Midway Trucking", "Zephyr Air"]);

    const search = page.getByRole("searchbox", { name: "Search carriers…" });
    await search.pressSequentially("zeph");
    await expectNames(page, ["Zephyr Air"]);
    await search.fill("");
    await search.press("Enter");
    await expectNames(page, ["Atlas Rail", "Blue Ridge Freight", "Midway Trucking", "Zephyr Air"]);
    await search.fill("874512");
    await search.press("Enter");
    await expectNames(page, ["Blue Ridge Freight"]);
    await search.fill("nothing like this");
    await search.press("Enter");
    await page.getByText("No carriers found.", { exact: true }).waitFor();
    await search.fill("");
    await search.press("Enter");

    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("menuitem", { name: "Rail" }).click();
    await expectNames(page, ["Atlas Rail"]);
    await page.getByRole("button", { name: "Filter: Rail" }).click();
    await page.getByRole("menuitem", { name: "All types" }).click();
    await expectNames(page, ["Atlas Rail", "Blue Ridge Freight", "Midway Trucking", "Zephyr Air"]);

    await page.getByRole("button", { name: /^Sort/ }).click();
    await page.getByRole("menuitemradio", { name: "Carrier Name, descending" }).click();
    await expectNames(page, ["Zephyr Air", "Midway Trucking", "Blue Ridge Freight", "Atlas Rail"]);
    await page.getByRole("button", { name: /^Sort/ }).click();
    await page.getByRole("menuitemradio", { name: "Contact name, descending" }).click();
    // Still descending: Zed, Moe, Dana, Amy.
    await expectNames(page, ["Atlas Rail", "Midway Trucking", "Blue Ridge Freight", "Zephyr Air"]);
    // The column headers sort too: Type ascending, then descending.
    await page.getByRole("button", { name: "Type", exact: true }).click();
    await expect
      .poll(() => rows(page).locator("td:nth-child(4)").allTextContents())
      .toEqual(["Air", "Rail", "Trucking", "Trucking"]);
    await page.getByRole("button", { name: "Type", exact: true }).click();
    await expect.poll(() => rows(page).locator("td:nth-child(4)").first().textContent()).toBe("Trucking");
  });

  it("shows carriers other admins add, live", async () => {
    const { page } = admin;
    await openCarriers(page);
    await expect.poll(() => rows(page).count()).toBe(4);
    // The screen subscribes after it draws: an event before the server holds its subscription is
    // not this test's subject (on a busy box that gap can outlast the rows).
    await expect.poll(() => world.app.deps.pubsub.subscriberCount("carriers")).toBeGreaterThan(0);
    await createCarrierAs(world.app, adminToken, 4, { carrierName: "Live Wire Logistics" });
    await expect.poll(() => carrierNames(page), { timeout: 10_000 }).toContain("Live Wire Logistics");
  });

  it("pages 50 at a time and goes back to page 1 when the page is gone", async () => {
    const { page } = admin;
    for (let n = 10; n < 60; n++) {
      await createCarrierAs(world.app, adminToken, n, { carrierName: `Paged Carrier ${n}` });
    }
    await openCarriers(page);
    await expect.poll(() => rows(page).count()).toBe(50);
    await expect(page.getByTestId("page-range").textContent()).resolves.toBe("1–50 of 55");
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await pages.getByRole("button", { name: "Page 2" }).click();
    await expect.poll(() => rows(page).count()).toBe(5);
    await expect(page.getByTestId("page-range").textContent()).resolves.toBe("51–55 of 55");
    await expect(pages.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );

    await world.app.deps.db.carrier.deleteMany({ where: { carrierName: { startsWith: "Paged Carrier 5" } } });
    // Closing the Add Carrier modal reloads the list: page 2 no longer exists.
    await page.getByRole("button", { name: "Add new Carrier" }).click();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("page-range").textContent()).toBe("1–45 of 45");
    await expect.poll(() => page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
  });

  it("says 'No se pudieron obtener los carriers' when the list cannot load, and retries", async () => {
    const { page, errors, context } = await openTab(world);
    await loginThroughForm(page, "pat@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.route("**/graphql", (route) =>
      route.request().postData()?.includes("CarrierListPageQuery") ? route.abort() : route.continue(),
    );
    await page.goto("/admin/ila/carriers");
    await page.getByText("No se pudieron obtener los carriers", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "ILA / Carrier /", exact: true }).waitFor();
    await page.unroute("**/graphql");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(errors.every((error) => error.includes("Could not reach the server"))).toBe(true);
    await context.close();
  });

  it("fits a phone: carriers become cards, nothing scrolls sideways", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "pat@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await openCarriers(phone.page);
    await expect.poll(() => rows(phone.page).count()).toBeGreaterThan(0);
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    await phone.page.getByRole("button", { name: "Add new Carrier" }).click();
    await dialog(phone.page).getByRole("textbox", { name: "Carrier Name", exact: true }).waitFor();
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe("carrier detail", () => {
  let carrierId: string;

  it("edits the carrier: 'Required' and 'Valid email required', then 'Carrier successfully updated'", async () => {
    const { page } = admin;
    await openCarriers(page);
    await page.getByRole("searchbox", { name: "Search carriers…" }).fill("Blue Ridge");
    await page.getByRole("searchbox", { name: "Search carriers…" }).press("Enter");
    await expectNames(page, ["Blue Ridge Freight"]);
    await page.getByRole("link", { name: "Blue Ridge Freight" }).click();
    await page.waitForURL(/\/admin\/ila\/carriers\/CAR-\d+$/);
    carrierId = decodeURIComponent(page.url().split("/").pop() ?? "");
    await page.getByRole("heading", { name: `Carrier Detail #${carrierId}` }).waitFor();
    await page.getByRole("heading", { name: "Drivers" }).waitFor();

    const form = page.getByRole("form", { name: "Carrier details" });
    const field = (label: string) => form.getByRole("textbox", { name: label, exact: true });
    await expect(field("Contact phone").inputValue()).resolves.toBe("(201) 555-0123");
    await field("Carrier Name").fill("");
    await field("Contact phone").fill("");
    await field("Contact email").fill("no-at-sign");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("Required", { exact: true }).count()).resolves.toBe(2);
    await form.getByText("Valid email required", { exact: true }).waitFor();
    await expect
      .poll(() => field("Carrier Name").evaluate((input) => input === document.activeElement))
      .toBe(true);
    await field("Carrier Name").fill("Blue Ridge Freight Co");
    await expect(form.getByText("Required", { exact: true }).count()).resolves.toBe(1);

    await field("Contact phone").fill("(312) 555-0187");
    await field("Contact email").fill("ops@blueridge.example.com");
    await form.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Rail" }).click();
    await field("Contact email").press("Enter");
    await page.getByTestId("carrier-save-outcome").getByText("Carrier successfully updated").waitFor();
    await expect.poll(() => field("Contact phone").inputValue()).toBe("(312) 555-0187");
    const saved = await world.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId } });
    expect(saved).toMatchObject({
      carrierName: "Blue Ridge Freight Co",
      type: "Rail",
      contactPhone: "+13125550187",
      contactEmail: "ops@blueridge.example.com",
    });
  });

  it("says 'Error saving the changes' when the server refuses", async () => {
    const { page } = admin;
    const form = page.getByRole("form", { name: "Carrier details" });
    const taken = await world.app.deps.db.carrier.findFirstOrThrow({ where: { carrierName: "Atlas Rail" } });
    await form.getByRole("textbox", { name: "DOT #", exact: true }).fill(taken.dotNumber);
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByTestId("carrier-save-outcome").getByText("Error saving the changes").waitFor();
    await form.getByText("A carrier with this DOT # already exists.").waitFor();
    await form.getByRole("button", { name: "Discard changes" }).click();
  });

  it("attaches a driver by e-mail, with the server's refusals, and detaches after confirming", async () => {
    const { page } = admin;
    const attachForm = page.getByRole("form", { name: "Attach a driver" });
    const email = attachForm.getByRole("textbox", { name: "Driver e-mail" });
    await page.getByTestId("no-drivers").waitFor();

    await email.fill("nobody@example.com");
    await email.press("Enter");
    await attachForm.getByText("No user with the e-mail nobody@example.com.").waitFor();
    await email.fill("ada@example.com");
    await attachForm.getByRole("button", { name: "Attach driver" }).click();
    await attachForm.getByText(/is an administrator and cannot be a driver\./).waitFor();

    await email.fill("dora@example.com");
    await email.press("Enter");
    const driverRows = page.getByTestId("driver-row");
    await expect.poll(() => driverRows.count()).toBe(1);
    const dora = await world.app.deps.db.user.findUniqueOrThrow({
      where: { email: "dora@example.com" },
      include: { carrier: true },
    });
    expect(dora.carrier?.carrierId).toBe(carrierId);
    const cells = await driverRows.first().locator("td").allTextContents();
    expect(cells.slice(0, 3)).toEqual(["Dora Driver", dora.userId, "dora@example.com"]);
    await expect(email.inputValue()).resolves.toBe("");
    await page.getByText("Dora Driver now drives for Blue Ridge Freight Co.").waitFor();

    await page.getByRole("button", { name: "Detach Dora Driver" }).click();
    const confirm = page.getByRole("dialog", { name: "Detach driver?" });
    await confirm
      .getByText("Dora Driver will no longer drive for Blue Ridge Freight Co.", { exact: false })
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect(driverRows.count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Detach Dora Driver" }).click();
    await confirm.getByRole("button", { name: "Detach", exact: true }).click();
    await page.getByTestId("no-drivers").waitFor();
    const after = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "dora@example.com" } });
    expect(after.carrierId).toBeNull();
  });

  it("refuses a save over a colleague's change with the server's message (not over a driver attached here), then reloads on request", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/carriers/${carrierId}`);
    const form = page.getByRole("form", { name: "Carrier details" });
    const field = (label: string) => form.getByRole("textbox", { name: label, exact: true });
    const outcome = page.getByTestId("carrier-save-outcome");
    await field("Contact name").waitFor();

    // A driver attached on this screen while the form has edits is the user's own change.
    await field("Contact name").fill("Mine first");
    const email = page
      .getByRole("form", { name: "Attach a driver" })
      .getByRole("textbox", { name: "Driver e-mail" });
    await email.fill("dora@example.com");
    await email.press("Enter");
    await page.getByText("Dora Driver now drives for Blue Ridge Freight Co.").waitFor();
    await form.getByRole("button", { name: "Save changes" }).click();
    await outcome.getByText("Carrier successfully updated").waitFor();
    await expect
      .poll(
        async () => (await world.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId } })).contactName,
      )
      .toBe("Mine first");

    // A colleague saves the carrier while this form has edits.
    await field("Contact name").fill("Mine second");
    const theirs = await rest(
      world.app,
      "PATCH",
      `/carriers/${carrierId}`,
      { carrierName: "Theirs Freight" },
      {
        token: adminToken,
      },
    );
    expect(theirs.status).toBe(200);
    await form.getByRole("button", { name: "Save changes" }).click();
    const alert = form.getByRole("alert").filter({ hasText: CARRIER_MESSAGES.changedElsewhere });
    await alert.waitFor();
    await outcome.getByText("Error saving the changes").waitFor();
    const stored = await world.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId } });
    expect(stored).toMatchObject({ carrierName: "Theirs Freight", contactName: "Mine first" });
    await expectAccessible(page, "carrier detail refusing a stale save");

    await alert.getByRole("button", { name: "Reload" }).click();
    await alert.waitFor({ state: "hidden" });
    await expect.poll(() => field("Carrier Name").inputValue()).toBe("Theirs Freight");
    await expect(field("Contact name").inputValue()).resolves.toBe("Mine first");
    await field("Contact name").fill("Mine second");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(async () => {
        const carrier = await world.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId } });
        return [carrier.carrierName, carrier.contactName];
      })
      .toEqual(["Theirs Freight", "Mine second"]);
  });

  it("says 'No se pudo obtener el carrier' for an unknown carrier", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers/CAR-999999");
    await page.getByRole("heading", { name: "Carrier Detail #CAR-999999" }).waitFor();
    await page.getByText("No se pudo obtener el carrier", { exact: true }).waitFor();
    await page.getByText("No carrier has this id.").waitFor();
  });
});
