// Whether the app's cookies (the session, the sign-in flows' short-lived ones) carry the Secure
// attribute, decided per request (issue 13 item 1; docs/decisions/0004-sessions.md). Pure: the
// server passes in COOKIE_SECURE, PUBLIC_URL and what the request says about itself.

/** COOKIE_SECURE: "true" always Secure, "false" never, unset (or "auto") decided per request. */
export type CookieSecureSetting = boolean | "auto";

/** COOKIE_SECURE as written in the environment; anything but true/false (after trimming, any case) is "auto". */
export function parseCookieSecure(value: string | undefined): CookieSecureSetting {
  const v = value?.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return "auto";
}

export interface CookieRequest {
  /** The URL the server saw (its scheme is http behind a TLS-terminating proxy). */
  url: string;
  /** X-Forwarded-Proto, when a proxy in front set it. */
  forwardedProto?: string | null;
}

const isHttps = (url: string | null | undefined) => {
  if (!url) return false;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
};

/** The request reached the visitor's browser over HTTPS: its own scheme, or the first X-Forwarded-Proto says so. */
export function cameOverHttps(request: CookieRequest): boolean {
  const forwarded = request.forwardedProto?.split(",")[0]?.trim().toLowerCase();
  return isHttps(request.url) || forwarded === "https";
}

/**
 * Hosts browsers treat as secure even over plain HTTP (they keep Secure cookies there):
 * localhost and its subdomains, the IPv4 loopback block and ::1.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/**
 * `secure`: whether to set Secure. "auto" sets it when the request came over HTTPS or the app's
 * public address (PUBLIC_URL) is https, so a plain-HTTP intranet install works with nothing
 * configured and an HTTPS one never sends its session over HTTP.
 * `browserKeepsIt`: false when the browser will drop such a cookie: a Secure one on a
 * plain-HTTP page of a host that is not loopback. Sign-in cannot work there; the login page says so.
 */
export function cookieSecurity(setting: CookieSecureSetting, publicUrl: string | null | undefined, request: CookieRequest) {
  const https = cameOverHttps(request);
  const secure = setting === "auto" ? https || isHttps(publicUrl) : setting;
  let hostname = "";
  try {
    hostname = new URL(request.url).hostname;
  } catch {
    hostname = "";
  }
  return { secure, browserKeepsIt: !secure || https || isLoopbackHost(hostname) };
}

/**
 * What the login page says when its cookie cannot be kept (the request is plain HTTP but the
 * cookie must be Secure). `httpsAddress`: where to go instead, when the app has an https PUBLIC_URL.
 */
export function insecureConnectionMessage(httpsAddress: string | null): string {
  return (
    "Signing in cannot work at this address: the sign-in cookie is sent over HTTPS only, and this page was opened over plain HTTP. " +
    (httpsAddress
      ? `Open ${httpsAddress} instead.`
      : "Open the site over HTTPS, or ask your administrator to check the PUBLIC_URL and COOKIE_SECURE settings.")
  );
}
