import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ForgotPasswordForm, NewPasswordForm, RegisterForm, ResetPasswordFields, ResetPasswordForm } from "./account-forms";

// The account pages show one message at a time: the first failing field in the schema's order,
// read from what conform makes of the posted form (blank fields arrive as undefined).
function firstFailure(schema: z.ZodType, values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return null;
  const [name, messages] = Object.entries(submission.error ?? {})[0] ?? [];
  return name === undefined ? null : [name, messages?.[0]];
}

const EMAIL = "Please enter your email address";
const INVALID = "Please enter a valid email address.";
const CODE = "Please enter the verification code you received in your email";
const PASSWORD = "Please enter your password";
const MATCH = "Passwords must match";
const COMMON = "This password is too common or too easy to guess. Please choose another one.";

describe("email forms (forgot password, register)", () => {
  it.each([
    [{ email: "" }, ["email", EMAIL]],
    [{ email: "   " }, ["email", EMAIL]],
    [{}, ["email", EMAIL]],
    [{ email: "not-an-email" }, ["email", INVALID]],
    [{ email: " Jo@Example.org " }, null],
    // The one e-mail rule (./email.ts): what the user form refuses, these refuse too.
    [{ email: "jöhn@exämple.com" }, ["email", INVALID]],
    [{ email: "john@example" }, ["email", INVALID]],
  ])("%j → %j", (values, failure) => {
    expect(firstFailure(ForgotPasswordForm, values)).toEqual(failure);
    expect(firstFailure(RegisterForm, values)).toEqual(failure);
  });
});

describe("reset password", () => {
  const ok = { email: "jo@example.org", code: "ABCD2345", password: "Reset#Pass2026", confirmation: "Reset#Pass2026" };
  it.each([
    [{ ...ok, email: "", code: "", password: "" }, ["email", EMAIL]],
    [{ ...ok, code: " " }, ["code", CODE]],
    [{ ...ok, password: "", confirmation: "" }, ["password", PASSWORD]],
    [{ ...ok, confirmation: "Reset#Pass2027" }, ["confirmation", MATCH]],
    // Issue 14: the checklist's rules and the common-password list, before the confirmation.
    [
      { ...ok, password: "a", confirmation: "a" },
      ["password", "Your password must have at least 12 characters, one uppercase letter, one number and one symbol."],
    ],
    [{ ...ok, password: "Sunshine#2026", confirmation: "x" }, ["password", COMMON]],
    [{ ...ok, confirmation: "" }, ["confirmation", MATCH]],
    [ok, null],
  ])("%j → %j", (values, failure) => expect(firstFailure(ResetPasswordForm, values)).toEqual(failure));

  it("the API's body is the same fields without the confirmation (email trimmed and lowercased)", () => {
    expect(ResetPasswordFields.safeParse({ email: " Jo@Example.org", code: " ABCD2345 ", password: "Reset#Pass2026" }).data).toEqual({
      email: "jo@example.org",
      code: "ABCD2345",
      password: "Reset#Pass2026",
    });
    expect(ResetPasswordFields.safeParse({ email: "jo@example.org", code: "ABCD2345", password: "a" }).error?.issues[0]?.path).toEqual([
      "password",
    ]);
    expect(ResetPasswordFields.safeParse({ email: "jo@example.org", password: "x" }).error?.issues[0]?.message).toBe(CODE);
  });
});

describe("new password", () => {
  it.each([
    [{ password: "", confirmation: "" }, ["password", PASSWORD]],
    [{ password: "Brand#New2026", confirmation: "Brand#New2027" }, ["confirmation", MATCH]],
    [{ password: "Brand#New2026" }, ["confirmation", MATCH]],
    [{ password: "Brand#New2026", confirmation: "Brand#New2026" }, null],
    [{ password: "Brand#New1", confirmation: "Brand#New1" }, ["password", "Your password must have at least 12 characters."]],
    [{ password: "Password123!", confirmation: "Password123!" }, ["password", COMMON]],
  ])("%j → %j", (values, failure) => expect(firstFailure(NewPasswordForm, values)).toEqual(failure));
});
