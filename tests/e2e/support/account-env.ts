// The second e2e server of the account flows (issue 3): its own data, mail over SMTP to a
// server the tests start, single sign-on against an OpenID provider the tests start, and a
// short idle time-out. Ports derive from E2E_PORT so parallel engineers and CI do not collide.

const base = Number(process.env.E2E_PORT ?? 3210);

export const ACCOUNTS_PORT = base + 1000;
export const SMTP_PORT = base + 1100;
export const OIDC_PORT = base + 1200;
export const ACCOUNTS_URL = `http://localhost:${ACCOUNTS_PORT}`;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

// Short enough for the idle spec, long enough that a slow step of another account test on a busy CI
// machine (a page load, an axe pass) does not time the session out under it.
export const IDLE_TIMEOUT_MS = 8000;
export const LOGOUT_GRACE_MS = 4000;
export const LOGIN_BANNER = "Office hours are every Thursday at 4 pm.";
export const OFFICE_HOURS_URL = "https://office-hours.example/join";

export const SSO_CLIENTS = {
  google: { clientId: "dashboard-google", secret: "google-test-secret" },
  clever: { clientId: "dashboard-clever", secret: "clever-test-secret" },
} as const;

/** Users the accounts server adds to its copy of the demo district (tests/e2e/support/accounts-seed.ts). */
export const ACCOUNT_USERS = {
  login: "login.flow@accounts.test",
  forgot: "forgot.flow@accounts.test",
  invitee: "invitee@accounts.test",
  registrant: "registrant@accounts.test",
  temporary: "temporary@accounts.test",
  sso: "sso.user@accounts.test",
  idleYes: "idle.yes@accounts.test",
  idleNo: "idle.no@accounts.test",
  idleNone: "idle.none@accounts.test",
  /** A teacher of Kindergarten Room 4, for the idle warning over the letter and RAN dialogs (issue 34 item 9). */
  idleDialogs: "idle.dialogs@accounts.test",
} as const;

export function accountsServerEnv(): Record<string, string> {
  return {
    E2E_PORT: String(ACCOUNTS_PORT),
    // Reuse the build and seeded template of the main e2e server, started just before.
    E2E_BUILD_PORT: String(base),
    E2E_EXTRA_SEED: "tests/e2e/support/accounts-seed.ts",
    PUBLIC_URL: ACCOUNTS_URL,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: "Early Literacy Screening <no-reply@accounts.test>",
    LOGIN_BANNER,
    OFFICE_HOURS_URL,
    IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
    LOGOUT_GRACE_MS: String(LOGOUT_GRACE_MS),
    SSO_ALLOW_INSECURE_HTTP: "1",
    SSO_GOOGLE_ISSUER: OIDC_ISSUER,
    SSO_GOOGLE_CLIENT_ID: SSO_CLIENTS.google.clientId,
    SSO_GOOGLE_CLIENT_SECRET: SSO_CLIENTS.google.secret,
    // Clever as plain OAuth 2.0 with a user-info endpoint, against the same test provider.
    SSO_CLEVER_CLIENT_ID: SSO_CLIENTS.clever.clientId,
    SSO_CLEVER_CLIENT_SECRET: SSO_CLIENTS.clever.secret,
    SSO_CLEVER_AUTHORIZATION_URL: `${OIDC_ISSUER}/auth`,
    SSO_CLEVER_TOKEN_URL: `${OIDC_ISSUER}/token`,
    SSO_CLEVER_USERINFO_URL: `${OIDC_ISSUER}/me`,
    SSO_CLEVER_SCOPE: "openid email",
  };
}
