import { describe, expect, it } from "vitest";
import { businessForm, jobForm, partnerForm } from "./forms.ts";

const partner = {
  store_name: "  Damen  Liquors ",
  contact_name: "Pat Owner",
  email: "Pat@Example.com",
  phone: "(312) 555-0142",
  address: "1425 N Damen Ave, Chicago, IL 60622",
  licence_number: "lic-2024-0042",
};
const business = {
  company: "Acme Law LLP",
  contact_name: "Robin",
  email: "robin@acme.com",
  message: "Closing gifts for about forty clients a quarter.",
};
const job = {
  name: "Jo Applicant",
  email: "jo@example.com",
  role: "city-operations",
  cover_note: "I ran dispatch for a grocery delivery start-up in Denver for three years.",
};

describe("partnerForm", () => {
  it("keeps a good application, tidied", () => {
    expect(partnerForm(partner)).toEqual({
      ok: true,
      name: "Pat Owner",
      email: "pat@example.com",
      detail: {
        store_name: "Damen Liquors",
        phone: "312-555-0142",
        address: "1425 N Damen Ave, Chicago, IL 60622",
        licence_number: "LIC-2024-0042",
      },
    });
  });
  it.each<[string, Record<string, string>, Record<string, string>]>([
    [
      "everything missing",
      {},
      {
        store_name: "Please enter your store's name.",
        contact_name: "Please enter a contact name.",
        email: "Please enter your email.",
        phone: "Please enter a phone number.",
        address: "Please enter the store's address.",
        licence_number: "Please enter your retail licence number.",
      },
    ],
    ["a bad email", { email: "pat@" }, { email: "Please enter a valid email address." }],
    ["a short phone", { phone: "555-0142" }, { phone: "Please enter a 10-digit US phone number." }],
    [
      "a short address",
      { address: "Damen" },
      { address: "Please write at least 8 characters for the store's address." },
    ],
    [
      "a licence with symbols",
      { licence_number: "LIC#42!" },
      { licence_number: expect.stringContaining("4 to 30") },
    ],
    [
      "a long store name",
      { store_name: "x".repeat(101) },
      { store_name: "Please keep your store's name to 100 characters." },
    ],
  ])("refuses %s with a message per field", (_name, over, errors) => {
    const input = Object.keys(over).length === 0 ? {} : { ...partner, ...over };
    expect(partnerForm(input)).toEqual({ ok: false, errors });
  });
});

describe("businessForm", () => {
  it("takes no phone or cities, and drops them from what is kept", () => {
    expect(businessForm(business)).toMatchObject({ ok: true, detail: { company: "Acme Law LLP" } });
    const kept = businessForm(business);
    expect(kept.ok && "phone" in kept.detail).toBe(false);
  });
  it.each([
    ["a one-word message", { message: "gifts" }, "message"],
    ["a bad optional phone", { phone: "12" }, "phone"],
    ["no company", { company: " " }, "company"],
  ])("refuses %s", (_name, over, field) => {
    const result = businessForm({ ...business, ...over });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors)).toEqual([field]);
  });
});

describe("jobForm", () => {
  it("keeps the role's title with its id", () => {
    expect(jobForm(job)).toMatchObject({
      ok: true,
      detail: { role: "City Operations Manager", role_id: "city-operations" },
    });
  });
  it.each([
    ["a role that is not open", { role: "ceo" }, "role"],
    ["a short cover note", { cover_note: "Hire me." }, "cover_note"],
    ["no name", { name: "" }, "name"],
  ])("refuses %s", (_name, over, field) => {
    const result = jobForm({ ...job, ...over });
    expect(Object.keys(result.ok ? {} : result.errors)).toEqual([field]);
  });
});
