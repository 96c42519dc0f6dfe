import { isIP } from "node:net";
import { parseTrustedHops } from "#app/domain/client-address";

/**
 * A random value of the browser that started a single sign-on here: the API sets it when the
 * sign-on starts and binds the hand-off code to it, and /login-callback sends it with the code,
 * so a code made for another browser (an attacker's own sign-on, issue 14) signs nobody in.
 */
export const SSO_FLOW_COOKIE = "sso_flow";

/**
 * The origin a request reached this app at, when a single sign-on may run there without
 * PUBLIC_URL (issue 35 item 13: opened at 127.0.0.1 or a LAN address, the sign-on came back to
 * PUBLIC_URL's default, localhost, where the browser had no state cookie). Its scheme is the
 * request's own (the socket's), or the X-Forwarded-Proto of a proxy of ours (TRUST_PROXY only);
 * its host is the request's, believed only for `localhost` and IP addresses: a Host header is the
 * client's to write, and a DNS name pointed at this server by someone else (DNS rebinding) must
 * not become a place sign-ons are handed to. Any other name needs PUBLIC_URL (null here).
 */
export function ssoRequestOrigin(request: Request, env: Record<string, string | undefined> = process.env): string | null {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host !== "localhost" && isIP(host) === 0) return null;
  let scheme = url.protocol.replace(/:$/, "");
  if (parseTrustedHops(env.TRUST_PROXY) > 0) {
    // The value the nearest proxy of ours set (or appended).
    const forwarded = (request.headers.get("x-forwarded-proto") ?? "").split(",").at(-1)?.trim().toLowerCase();
    if (forwarded === "https" || forwarded === "http") scheme = forwarded;
  }
  if (scheme !== "http" && scheme !== "https") return null;
  return `${scheme}://${url.host}`;
}

/**
 * Where this app's single sign-on runs for a request: PUBLIC_URL's origin when it is set (the
 * sign-in page's buttons then go there, whatever address the page was opened at, so the state
 * cookie is set on the host the provider returns to), else the request's own (ssoRequestOrigin),
 * else null: single sign-on cannot work at this address until PUBLIC_URL is set.
 */
export function ssoOrigin(request: Request, env: Record<string, string | undefined> = process.env): string | null {
  if (env.PUBLIC_URL) {
    try {
      return new URL(env.PUBLIC_URL).origin;
    } catch {
      return null;
    }
  }
  return ssoRequestOrigin(request, env);
}

/** The query parameter of /login-callback that carries the remembered path through a sign-on (spec 001 §2). */
export const SSO_REDIRECT_PARAM = "redirectTo";
