import { createCookie } from "@remix-run/node";
import { cookieSecureSetting } from "#app/server/config.server";

// Two short-lived cookies of the sign-in flows. Neither carries a password: the pending
// first-time sign-in holds the API's one-time challenge (valid 10 minutes, single use).
// Whether they are Secure is decided per request: serialize them with cookieOptionsFor(request)
// (app/lib/session.server.ts); `secure` below is only the fallback.

export interface PendingNewPassword {
  email: string;
  challenge: string;
  redirectTo: string | null;
}

const secrets = process.env.SESSION_SECRET ? [process.env.SESSION_SECRET] : undefined;

export const pendingNewPasswordCookie = createCookie("__pending_password", {
  // "/" and not the page path: Remix data requests go to /complete-new-password.data.
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookieSecureSetting() === true,
  maxAge: 600,
  secrets,
});

export async function readPendingNewPassword(request: Request): Promise<PendingNewPassword | null> {
  const value = await pendingNewPasswordCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value.email !== "string" || typeof value.challenge !== "string") return null;
  return value as PendingNewPassword;
}

/** A message for the next /login page, such as a failed single sign-on (spec 000 section 8). */
export const loginNoticeCookie = createCookie("__login_notice", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: cookieSecureSetting() === true,
  maxAge: 120,
});

export const LOGIN_NOTICES = {
  "sso-failed": "Oops! Something went wrong with your login. Please try again.",
} as const;
export type LoginNotice = keyof typeof LOGIN_NOTICES;
