import { describe, expect, it } from "vitest";
import { formatPhone } from "../../../common/fields.ts";
import {
  EMPTY_NEW_CARRIER,
  editCarrierProblems,
  editFieldOfServer,
  editValuesOf,
  manualAssignmentPath,
  newCarrierProblems,
  updateFieldsOf,
} from "./carrier-rules.ts";

const carrier = {
  carrierName: "Blue Ridge Freight",
  dotNumber: "3124587",
  mcNumber: "874512",
  type: "Rail",
  contact: { name: "Dana", phone: "+12015550123", email: "dispatch@blueridge.example.com" },
};

describe("Add Carrier form", () => {
  it("says every required field with the spec's texts, type Trucking by default", () => {
    expect(EMPTY_NEW_CARRIER.type).toBe("Trucking");
    expect(newCarrierProblems(EMPTY_NEW_CARRIER)).toEqual({
      carrierName: "Carrier name is required",
      dotNumber: "DOT # is required",
      mcNumber: "MC # is required",
      contact: "Contact is required",
      phone: "Phone is required",
      email: "Valid email is required",
    });
  });

  it("accepts a complete form and checks numbers, phone and e-mail like the server", () => {
    const values = {
      ...EMPTY_NEW_CARRIER,
      carrierName: "Blue Ridge",
      dotNumber: "USDOT 3124587",
      mcNumber: "MC-874512",
      contact: "Dana",
      phone: "(201) 555-0123",
      email: "dispatch@blueridge.example.com",
    };
    expect(newCarrierProblems(values)).toEqual({});
    expect(newCarrierProblems({ ...values, email: "no-at-sign", phone: "12", dotNumber: "abc" })).toEqual({
      email: "Valid email is required",
      phone: "Invalid phone number",
      dotNumber: "DOT # must be 1 to 8 digits",
    });
  });
});

describe("carrier edit form", () => {
  it("reads the carrier and sends contact{name, phone, email}", () => {
    const values = editValuesOf(carrier);
    // Shown the one way phones are shown; the server stores it back as E.164.
    expect(values).toMatchObject({ type: "Rail", contactPhone: "(201) 555-0123" });
    expect(updateFieldsOf(values).contact).toEqual({ ...carrier.contact, phone: "(201) 555-0123" });
    expect(editCarrierProblems(values)).toEqual({});
  });

  it("says 'Required' and 'Valid email required'", () => {
    const values = { ...editValuesOf(carrier), carrierName: " ", contactPhone: "", contactEmail: "nope" };
    expect(editCarrierProblems(values)).toEqual({
      carrierName: "Required",
      contactPhone: "Required",
      contactEmail: "Valid email required",
    });
  });

  it("places the server's field errors", () => {
    expect(editFieldOfServer("contact.phone")).toBe("contactPhone");
    expect(editFieldOfServer("email")).toBe("contactEmail");
    expect(editFieldOfServer("drivers")).toBeNull();
    expect(editFieldOfServer("dotNumber")).toBe("dotNumber");
  });
});

describe("display", () => {
  it("formats phones and paths", () => {
    expect(formatPhone("+12015550123")).toBe("(201) 555-0123");
    expect(formatPhone("+14165550123")).toBe("(416) 555-0123");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone("not a phone")).toBe("not a phone");
    expect(manualAssignmentPath("CAR-000001")).toBe("/admin/ila/load/manual-assignment/CAR-000001");
  });
});
