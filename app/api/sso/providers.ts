import * as oidc from "openid-client";

// The providers of spec 000 section 2, configured by environment. A provider is on when its
// client id is set. Google and Microsoft are OpenID Connect (discovery from the issuer);
// Clever and ClassLink are OAuth 2.0 with a user-info endpoint. Any provider given an
// SSO_<NAME>_ISSUER is treated as OpenID Connect.

export const SSO_PROVIDERS = ["google", "clever", "classlink", "microsoft"] as const;
export type SsoProviderName = (typeof SSO_PROVIDERS)[number];

export interface SsoProviderConfig {
  name: SsoProviderName;
  kind: "oidc" | "oauth2";
  issuer: string | null;
  authorizationUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  clientId: string;
  clientSecret: string;
  scope: string;
  tokenAuth: "basic" | "post";
  /** Keys tried in order in the ID token claims or the user-info JSON (dots go into objects). */
  emailKeys: string[];
  /**
   * Accept an email the provider does not mark verified. Only for directories the district
   * manages (Microsoft with a tenant-specific issuer, Clever, ClassLink); Google must say
   * email_verified.
   */
  trustUnverifiedEmail: boolean;
  allowInsecureHttp: boolean;
}

type Defaults = Omit<SsoProviderConfig, "name" | "clientId" | "clientSecret" | "allowInsecureHttp" | "kind">;

const DEFAULTS: Record<SsoProviderName, Defaults> = {
  google: {
    issuer: "https://accounts.google.com",
    authorizationUrl: null,
    tokenUrl: null,
    userinfoUrl: null,
    scope: "openid email profile",
    tokenAuth: "post",
    emailKeys: ["email"],
    trustUnverifiedEmail: false,
  },
  microsoft: {
    // Set SSO_MICROSOFT_ISSUER to https://login.microsoftonline.com/<tenant id>/v2.0.
    issuer: null,
    authorizationUrl: null,
    tokenUrl: null,
    userinfoUrl: null,
    scope: "openid email profile",
    tokenAuth: "post",
    emailKeys: ["email", "preferred_username"],
    trustUnverifiedEmail: true,
  },
  clever: {
    issuer: null,
    authorizationUrl: "https://clever.com/oauth/authorize",
    tokenUrl: "https://clever.com/oauth/tokens",
    userinfoUrl: "https://api.clever.com/userinfo",
    scope: "",
    tokenAuth: "basic",
    emailKeys: ["email", "data.email"],
    trustUnverifiedEmail: true,
  },
  classlink: {
    issuer: null,
    authorizationUrl: "https://launchpad.classlink.com/oauth2/v2/auth",
    tokenUrl: "https://launchpad.classlink.com/oauth2/v2/token",
    userinfoUrl: "https://nodeapi.classlink.com/v2/my/info",
    scope: "profile",
    tokenAuth: "post",
    emailKeys: ["Email", "email"],
    trustUnverifiedEmail: true,
  },
};

export type SsoProviders = Partial<Record<SsoProviderName, SsoProviderConfig>>;

export function loadSsoProviders(env: NodeJS.ProcessEnv = process.env): SsoProviders {
  const out: SsoProviders = {};
  for (const name of SSO_PROVIDERS) {
    const v = (key: string) => env[`SSO_${name.toUpperCase()}_${key}`]?.trim() || undefined;
    const clientId = v("CLIENT_ID");
    if (!clientId) continue;
    const d = DEFAULTS[name];
    const explicitEndpoints = Boolean(v("AUTHORIZATION_URL") || v("TOKEN_URL"));
    const issuer = v("ISSUER") ?? (explicitEndpoints ? null : d.issuer);
    out[name] = {
      name,
      kind: issuer ? "oidc" : "oauth2",
      issuer,
      authorizationUrl: v("AUTHORIZATION_URL") ?? d.authorizationUrl,
      tokenUrl: v("TOKEN_URL") ?? d.tokenUrl,
      userinfoUrl: v("USERINFO_URL") ?? d.userinfoUrl,
      clientId,
      clientSecret: v("CLIENT_SECRET") ?? "",
      scope: v("SCOPE") ?? d.scope,
      tokenAuth: v("TOKEN_AUTH") === "basic" ? "basic" : v("TOKEN_AUTH") === "post" ? "post" : d.tokenAuth,
      emailKeys:
        v("EMAIL_KEYS")
          ?.split(",")
          .map((s) => s.trim()) ?? d.emailKeys,
      trustUnverifiedEmail: v("TRUST_UNVERIFIED_EMAIL") ? v("TRUST_UNVERIFIED_EMAIL") === "1" : d.trustUnverifiedEmail,
      allowInsecureHttp: env.SSO_ALLOW_INSECURE_HTTP === "1",
    };
  }
  return out;
}

const configs = new Map<string, Promise<oidc.Configuration>>();

/** The openid-client configuration of a provider, discovered once and kept. */
export function clientConfig(p: SsoProviderConfig): Promise<oidc.Configuration> {
  const key = JSON.stringify(p);
  let pending = configs.get(key);
  if (!pending) {
    const auth = p.tokenAuth === "basic" ? oidc.ClientSecretBasic(p.clientSecret) : oidc.ClientSecretPost(p.clientSecret);
    const insecure = p.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : undefined;
    if (p.kind === "oidc" && p.issuer) {
      pending = oidc.discovery(new URL(p.issuer), p.clientId, undefined, auth, insecure);
    } else {
      if (!p.authorizationUrl || !p.tokenUrl) throw new Error(`SSO provider ${p.name} needs an authorization and a token URL`);
      const config = new oidc.Configuration(
        {
          issuer: new URL(p.authorizationUrl).origin,
          authorization_endpoint: p.authorizationUrl,
          token_endpoint: p.tokenUrl,
          ...(p.userinfoUrl ? { userinfo_endpoint: p.userinfoUrl } : {}),
        },
        p.clientId,
        undefined,
        auth,
      );
      if (p.allowInsecureHttp) oidc.allowInsecureRequests(config);
      pending = Promise.resolve(config);
    }
    // A failed discovery is tried again on the next sign-in, not cached.
    pending.catch(() => configs.delete(key));
    configs.set(key, pending);
  }
  return pending;
}

/** The first email found under the provider's keys, lowercased. */
export function pickEmail(source: Record<string, unknown>, keys: string[]): string | null {
  return findEmail(source, keys)?.email ?? null;
}

/** What a provider says of an email: true or false when it says so, null when it says nothing. */
export type EmailVerification = boolean | null;

const VERIFIED_KEYS = ["email_verified", "emailVerified"];

function verificationIn(value: unknown): EmailVerification {
  if (!value || typeof value !== "object") return null;
  for (const key of VERIFIED_KEYS) {
    const flag = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    if (flag === true || flag === "true") return true;
    if (flag === false || flag === "false") return false;
  }
  return null;
}

/**
 * The first email found under the provider's keys, lowercased, with what the provider says of its
 * verification (issue 33). The flag is read beside the email, at whatever depth the email was
 * found (Clever's user-info nests both under `data`), and from each object above it up to the
 * top: a `false` anywhere on that path is `false`; else the nearest `true`; else null (not said).
 */
export function findEmail(source: Record<string, unknown>, keys: string[]): { email: string; verified: EmailVerification } | null {
  for (const key of keys) {
    const path: unknown[] = [source];
    let value: unknown = source;
    for (const part of key.split(".")) {
      value = value && typeof value === "object" && Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
      path.push(value);
    }
    if (typeof value === "string" && /^[^\s@]+@[^\s@]+$/.test(value.trim())) {
      // The objects holding the email, nearest first (the last entry of path is the email itself).
      const flags = path.slice(0, -1).reverse().map(verificationIn);
      const verified = flags.includes(false) ? false : (flags.find((f) => f !== null) ?? null);
      return { email: value.trim().toLowerCase(), verified };
    }
  }
  return null;
}

/**
 * The email a sign-in may use, or null: one the provider marks verified, or one it says nothing
 * about from a provider trusted without the mark. One it marks unverified never signs in, even
 * from a trusted provider.
 */
export function acceptedEmail(source: Record<string, unknown>, provider: Pick<SsoProviderConfig, "emailKeys" | "trustUnverifiedEmail">) {
  const found = findEmail(source, provider.emailKeys);
  if (!found) return null;
  if (found.verified === true || (found.verified === null && provider.trustUnverifiedEmail)) return found.email;
  return null;
}
