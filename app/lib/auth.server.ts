import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { currentUser, publicApiFor, type ApiSchema, type CurrentUser } from "./api.server";
import { signOutAndRedirect } from "./session.server";

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
    const result = await api.result(api.POST("/dashboard/login", { body: { username: email, password } }));
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
