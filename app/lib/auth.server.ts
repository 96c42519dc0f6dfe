import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { CurrentUser } from "#app/api/mappers";
import { callApi, apiFor, forwardedHeaders } from "./api.server";
import { getToken, signOutAndRedirect } from "./session.server";

export interface SignedIn {
  token: string;
  user: CurrentUser;
}

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

export const authenticator = new Authenticator<SignedIn>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const fieldErrors: LoginFieldErrors = {};
    if (!email) fieldErrors.email = "Please enter your email address";
    if (!password) fieldErrors.password = "Please enter your password";
    if (fieldErrors.email || fieldErrors.password) throw new LoginFailure("fields", "", fieldErrors);
    const result = await callApi<SignedIn>(null, "POST", "/dashboard/login", { username: email, password }, forwardedHeaders(request));
    if (result.ok) return result.data;
    if (result.status === 412) {
      const challenge = (result.body as { challenge?: unknown } | null)?.challenge;
      if (typeof challenge !== "string") throw new LoginFailure("server", result.error.message);
      throw new LoginFailure("new-password-required", result.error.message, {}, challenge);
    }
    if (result.status === 429) throw new LoginFailure("rate-limited", result.error.message);
    if (result.status === 401 || result.status === 400) throw new LoginFailure("incorrect", "Incorrect email or password.");
    throw new LoginFailure("server", result.error.message);
  }),
  "form",
);

// Root and page loaders of one request ask for the same user; ask the API once.
const userByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, or null (a 401 from the API counts as signed out). */
export function getUser(request: Request): Promise<CurrentUser | null> {
  let pending = userByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      if (!(await getToken(request))) return null;
      const result = await (await apiFor(request)).get<CurrentUser>("/dashboard/current-user");
      return result.ok ? result.data : null;
    })();
    userByRequest.set(request, pending);
  }
  return pending;
}

/** For pages behind sign-in: the user, or a redirect to /login that remembers the page. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) return signOutAndRedirect(request);
  return user;
}
