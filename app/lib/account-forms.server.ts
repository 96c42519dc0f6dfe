import { z } from "zod";

// The account pages' form schemas. Server-only, so zod stays out of the pages' browser bundles.

const INVALID_EMAIL = "Please enter a valid email address.";
const email = z.string().trim().min(1, "Please enter your email address").pipe(z.email(INVALID_EMAIL));

export const ForgotSchema = z.object({ email });

export const RegisterSchema = z.object({ email });

// Checked in the spec's order (email, code, password, confirmation); the first failure is shown.
export const ResetSchema = z
  .object({
    email,
    code: z.string().trim().min(1, "Please enter the verification code you received in your email"),
    password: z.string().min(1, "Please enter your password"),
    confirmation: z.string(),
  })
  .refine((v) => v.password === v.confirmation, { message: "Passwords must match", path: ["confirmation"] });
