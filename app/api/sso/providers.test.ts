import { describe, expect, it } from "vitest";
import { acceptedEmail, findEmail } from "./providers";

// Issue 33: Clever's user-info nests the email under `data`; an `email_verified: false` beside it
// was never read (only a top-level flag was), so a trusted directory's unverified email signed in.

const clever = { emailKeys: ["email", "data.email"], trustUnverifiedEmail: true };
const google = { emailKeys: ["email"], trustUnverifiedEmail: false };

describe("findEmail", () => {
  it.each([
    ["top level, verified", { email: "A@x.org", email_verified: true }, { email: "a@x.org", verified: true }],
    ["top level, said unverified", { email: "a@x.org", email_verified: "false" }, { email: "a@x.org", verified: false }],
    ["top level, not said", { email: "a@x.org" }, { email: "a@x.org", verified: null }],
    ["nested, flag beside it", { data: { email: "a@x.org", email_verified: false } }, { email: "a@x.org", verified: false }],
    ["nested, camel-case flag", { data: { email: "a@x.org", emailVerified: false } }, { email: "a@x.org", verified: false }],
    ["nested, flag above it", { email_verified: false, data: { email: "a@x.org" } }, { email: "a@x.org", verified: false }],
    [
      "nested, true beside, false above",
      { email_verified: false, data: { email: "a@x.org", email_verified: true } },
      { email: "a@x.org", verified: false },
    ],
    ["nested, verified beside it", { data: { email: "a@x.org", email_verified: true } }, { email: "a@x.org", verified: true }],
    [
      "a flag in another branch says nothing of this email",
      { other: { email_verified: false }, data: { email: "a@x.org" } },
      { email: "a@x.org", verified: null },
    ],
  ])("%s", (_name, source, expected) => {
    expect(findEmail(source, clever.emailKeys)).toEqual(expected);
  });

  it("reads no inherited property as a key", () => {
    expect(findEmail({ data: { email: "a@x.org" } }, ["data.constructor.name", "__proto__.email"])).toBeNull();
  });
});

describe("acceptedEmail", () => {
  it.each([
    ["Clever, not said", clever, { data: { email: "a@x.org" } }, "a@x.org"],
    ["Clever, verified", clever, { data: { email: "a@x.org", email_verified: true } }, "a@x.org"],
    ["Clever, said unverified beside the nested email", clever, { data: { email: "a@x.org", email_verified: false } }, null],
    ["Clever, said unverified at the top", clever, { email: "a@x.org", email_verified: false }, null],
    ["Google, not said", google, { email: "a@x.org" }, null],
    ["Google, verified", google, { email: "a@x.org", email_verified: true }, "a@x.org"],
    ["no email", clever, { data: { name: "A" } }, null],
  ])("%s", (_name, provider, source, expected) => {
    expect(acceptedEmail(source, provider)).toBe(expected);
  });
});
