import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SIGN_IN_DEVICES_MAX } from "#app/domain/rate-limit";
import { currentUser, publicApiFor, type ApiSchema, type CurrentUser } from "./api.server";
import { cookieOptionsFor, signOutAndRedirect } from "./session.server";

export type SignedIn = ApiSchema<"LoginAnswer">;

export type LoginFieldErrors = { email?: string; password?: string };

/** Why a sign-in did not happen; the login action turns it into the spec's texts. */
export class LoginFailure extends Error {
  constructor(
    readonly kind: "fields" | "incorrect" | "new-password-required" | "rate-limited" | "server",
    message: string,
    readonly fieldErrors: LoginFieldErrors = {},
    /** For "new-password-required": the API's one-time stand-in for the temporary password. */
    readonly challenge?: string,
  ) {
    super(message);
  }
}

/**
 * The sign-in device tokens of this browser (one per account signed in from it, newest first):
 * with its account's token, a sign-in is slowed down only by this browser's own failures, not by
 * someone guessing at the account elsewhere (issue 35 item 14). Only /login reads it.
 */
export const SIGN_IN_DEVICES_COOKIE = "sign_in_devices";
/** How long a browser stays known to an account without signing in to it (browsers keep a cookie 400 days at most). */
const SIGN_IN_DEVICES_MAX_AGE_S = 180 * 24 * 60 * 60;
const TOKEN = /^[\w-]+\.[\w-]+$/;

export function signInDevices(request: Request): string[] {
  for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const [name, ...value] = part.split("=");
    if (name === SIGN_IN_DEVICES_COOKIE)
      return value
        .join("=")
        .split("~")
        .filter((t) => TOKEN.test(t))
        .slice(0, SIGN_IN_DEVICES_MAX);
  }
  return [];
}

/** The Set-Cookie that puts `token` first in this browser's list (replacing an older one for the same account). */
export function rememberSignInDevice(request: Request, token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const id = token.split(".")[0];
  const tokens = [token, ...signInDevices(request).filter((t) => t.split(".")[0] !== id)].slice(0, SIGN_IN_DEVICES_MAX);
  const secure = cookieOptionsFor(request).secure ? "; Secure" : "";
  return `${SIGN_IN_DEVICES_COOKIE}=${tokens.join("~")}; Path=/login; Max-Age=${SIGN_IN_DEVICES_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

export const authenticator = new Authenticator<SignedIn>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const fieldErrors: LoginFieldErrors = {};
    if (!email) fieldErrors.email = "Please enter your email address";
    if (!password) fieldErrors.password = "Please enter your password";
    if (fieldErrors.email || fieldErrors.password) throw new LoginFailure("fields", "", fieldErrors);
    const api = publicApiFor(request);
    const devices = signInDevices(request);
    const result = await api.result(
      api.POST("/dashboard/login", { body: { username: email, password, ...(devices.length ? { devices } : {}) } }),
    );
    if (result.ok) return result.data;
    if (result.status === 412) {
      const challenge = result.body && "challenge" in result.body ? result.body.challenge : null;
      if (!challenge) throw new LoginFailure("server", result.error.message);
      throw new LoginFailure("new-password-required", result.error.message, {}, challenge);
    }
    if (result.status === 429) throw new LoginFailure("rate-limited", result.error.message);
    if (result.status === 401 || result.status === 400) throw new LoginFailure("incorrect", "Incorrect email or password.");
    throw new LoginFailure("server", result.error.message);
  }),
  "form",
);

/**
 * The signed-in user, or null (a 401 from the API counts as signed out). The root and page
 * loaders of one request ask the API once: pass the loader's `context` (app/lib/api.server.ts).
 */
export function getUser(request: Request, context?: unknown): Promise<CurrentUser | null> {
  return currentUser(request, context);
}

/** For pages behind sign-in: the user, or a redirect to /login that remembers the page. */
export async function requireUser(request: Request, context?: unknown): Promise<CurrentUser> {
  const user = await getUser(request, context);
  if (!user) return signOutAndRedirect(request);
  return user;
}
