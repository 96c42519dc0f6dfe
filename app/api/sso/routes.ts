import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as oidc from "openid-client";
import { findLiveUserByEmail } from "#app/db/queries/sign-in";
import { cookieSecurity } from "#app/domain/cookie-security";
import { SSO_FLOW_COOKIE, SSO_REDIRECT_PARAM, ssoRequestOrigin } from "#app/server/sso-flow.server";
import { errorResponses, jsonResponse, type ApiEnv, type Router } from "../env";
import { ApiError } from "../errors";
import { issueCode } from "../one-time-codes";
import { randomToken } from "../password";
import { acceptedEmail, clientConfig, loadSsoProviders, pickEmail, SSO_PROVIDERS, type SsoProviderConfig } from "./providers";

// The authentication host of spec 000 section 7, inside our API. The browser goes to
// /auth/login/{provider}/{clientId}?callback=…; we run the authorization code flow with PKCE,
// state (and a nonce for OpenID Connect), match the provider's verified email to a live user,
// and send the browser to the callback with a one-time `code` (or an `error`) that
// POST /dashboard/login/sso exchanges for a session.

const STATE_COOKIE = "sso_state";
const STATE_TTL_S = 600;

/**
 * Where the hand-off may go: only this app's own /login-callback page (no open redirect), at
 * PUBLIC_URL or at the address this request reached the app at when that one is safe to believe
 * (ssoRequestOrigin: localhost or an IP address; issue 35 item 13). Its only query parameter may
 * be the remembered path (redirectTo), which /login-callback checks again before following it.
 */
export function isAllowedCallback(callback: string, ...origins: Array<string | null>): boolean {
  try {
    const url = new URL(callback);
    const allowed = origins.some((o) => o !== null && url.origin === new URL(o).origin);
    const query = [...url.searchParams.keys()].every((k) => k === SSO_REDIRECT_PARAM);
    return allowed && url.pathname === "/login-callback" && !url.username && !url.password && !url.hash && query;
  } catch {
    return false;
  }
}

interface PendingSignIn {
  provider: string;
  state: string;
  verifier: string;
  nonce: string | null;
  callback: string;
  /** The redirect_uri given to the provider (PUBLIC_URL's, or this request's own address): the code exchange repeats it. */
  redirectUri: string;
  /** The random value of the browser that started (also in its SSO_FLOW_COOKIE): the hand-off code is bound to it. */
  binding: string;
}

const ProviderParam = z.enum(SSO_PROVIDERS).openapi({ param: { name: "provider", in: "path" } });

const start = createRoute({
  method: "get",
  path: "/auth/login/{provider}/{clientId}",
  summary: "Start single sign-on with a provider",
  description:
    "Redirects to the provider (authorization code with PKCE and state). When it answers, the browser is sent to `callback` " +
    "(this app's /login-callback only) with `code`, a one-time code for POST /dashboard/login/sso valid 2 minutes, or `error`. " +
    "The code is bound to a random value this call sets in the browser's `sso_flow` cookie (path /login-callback): the " +
    "exchange needs both. `callback` may carry `redirectTo` (the remembered path), kept through the round trip. It is at " +
    "PUBLIC_URL, or at the address this request reached the app at when that is localhost or an IP address (a host name is " +
    "the client's to claim); the provider returns to the same address.",
  security: [],
  request: {
    params: z.object({
      provider: ProviderParam,
      clientId: z
        .string()
        .min(1)
        .openapi({ param: { name: "clientId", in: "path" } }),
    }),
    query: z.object({ callback: z.string().min(1) }),
  },
  responses: { 302: { description: "To the provider, or to the callback with an error" }, 400: errorResponses[400] },
});

const callback = createRoute({
  method: "get",
  path: "/auth/callback/{provider}",
  summary: "Provider's return address",
  description: "Completes the code exchange and redirects to the callback given at the start with `code` or `error`.",
  security: [],
  request: {
    params: z.object({ provider: ProviderParam }),
    query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
  },
  responses: { 302: { description: "To the callback with `code` or `error`" } },
});

const SsoProviderList = z
  .array(
    z.object({
      provider: z.enum(SSO_PROVIDERS),
      clientId: z.string().nullable().openapi({ description: "null when the provider is not configured" }),
    }),
  )
  .openapi("SsoProviderList");

const providers = createRoute({
  method: "get",
  path: "/auth/providers",
  summary: "The single sign-on providers",
  description: "Every provider of spec 000 section 2 with its client id, for a sign-in page's links to /auth/login/{provider}/{clientId}.",
  security: [],
  responses: { 200: jsonResponse(SsoProviderList, "The providers") },
});

const redirectUri = (publicUrl: string, provider: string) => new URL(`/api/auth/callback/${provider}`, publicUrl).toString();

/** The callback with `code` or `error`, and the remembered path it was given (nothing else). */
function withParam(callbackUrl: string, key: "code" | "error", value: string) {
  const url = new URL(callbackUrl);
  const remembered = url.searchParams.get(SSO_REDIRECT_PARAM);
  url.search = "";
  if (remembered) url.searchParams.set(SSO_REDIRECT_PARAM, remembered);
  url.searchParams.set(key, value);
  return url.toString();
}

function providerFor(c: Context<ApiEnv>, name: string): SsoProviderConfig | null {
  const providers = c.var.deps.config.sso ?? loadSsoProviders();
  return providers[name as keyof typeof providers] ?? null;
}

export function registerSso(app: Router) {
  app.openapi(providers, async (c) => {
    const configured = c.var.deps.config.sso ?? loadSsoProviders();
    return c.json(
      SSO_PROVIDERS.map((provider) => ({ provider, clientId: configured[provider]?.clientId ?? null })),
      200,
    );
  });

  app.openapi(start, async (c) => {
    const { config } = c.var.deps;
    const { provider: name, clientId } = c.req.valid("param");
    const { callback: target } = c.req.valid("query");
    if (!isAllowedCallback(target, config.publicUrl, ssoRequestOrigin(c.req.raw))) throw new ApiError(400, "Invalid callback");
    const provider = providerFor(c, name);
    if (!provider || provider.clientId !== clientId) return c.redirect(withParam(target, "error", "provider_not_configured"), 302);
    try {
      const client = await clientConfig(provider);
      const verifier = oidc.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        provider: name,
        state: oidc.randomState(),
        verifier,
        nonce: provider.kind === "oidc" ? oidc.randomNonce() : null,
        callback: target,
        // The provider returns to the address the callback is at, where this browser now holds the state cookie.
        redirectUri: redirectUri(new URL(target).origin, name),
        binding: randomToken(),
      };
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: pending.redirectUri,
        ...(provider.scope ? { scope: provider.scope } : {}),
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state: pending.state,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      });
      // Secure as the UI's cookies are for this request (COOKIE_SECURE, PUBLIC_URL, its scheme).
      const secure = cookieSecurity(config.secureCookies, config.publicUrl, {
        url: c.req.url,
        forwardedProto: c.req.header("x-forwarded-proto") ?? null,
      }).secure;
      // Lax, so the cookie comes back on the provider's top-level redirect to us.
      setCookie(c, STATE_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "Lax",
        secure,
        maxAge: STATE_TTL_S,
      });
      // The browser's own random value, which /login-callback sends with the code (issue 14: a
      // constant here let an attacker's code sign a victim into the attacker's account).
      setCookie(c, SSO_FLOW_COOKIE, pending.binding, {
        path: "/login-callback",
        httpOnly: true,
        sameSite: "Lax",
        secure,
        maxAge: STATE_TTL_S,
      });
      return c.redirect(url.toString(), 302);
    } catch (err) {
      console.warn(`[sso] ${name}: could not start: ${(err as Error).message}`);
      return c.redirect(withParam(target, "error", "provider_unavailable"), 302);
    }
  });

  app.openapi(callback, async (c) => {
    const { config, db, now } = c.var.deps;
    const { provider: name } = c.req.valid("param");
    const own = ssoRequestOrigin(c.req.raw);
    const fallback = new URL("/login-callback", own ?? config.publicUrl).toString();
    let pending: PendingSignIn | null = null;
    try {
      const raw = getCookie(c, STATE_COOKIE);
      pending = raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as PendingSignIn) : null;
    } catch {
      pending = null;
    }
    deleteCookie(c, STATE_COOKIE, { path: "/api/auth" });
    // The cookie is the browser's own; its callback is checked again before it is followed.
    const target = pending && isAllowedCallback(pending.callback, config.publicUrl, own) ? pending.callback : fallback;
    const fail = (reason: string) => c.redirect(withParam(target, "error", reason), 302);
    const provider = providerFor(c, name);
    if (!pending || pending.provider !== name || !provider || typeof pending.binding !== "string" || !pending.binding) {
      return fail("invalid_state");
    }
    const query = c.req.valid("query");
    if (query.error) return fail(query.error === "access_denied" ? "access_denied" : "provider_error");

    let email: string | null = null;
    try {
      const client = await clientConfig(provider);
      // The URL the provider redirected to, as the public sees it (a proxy may change the host): the
      // redirect_uri of the start, when it is one of this app's addresses for this request.
      const sent = typeof pending.redirectUri === "string" ? pending.redirectUri : "";
      const expected = [config.publicUrl, own].filter((o): o is string => o !== null).map((o) => redirectUri(o, name));
      const currentUrl = new URL(expected.includes(sent) ? sent : redirectUri(config.publicUrl, name));
      currentUrl.search = new URL(c.req.url).search;
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        ...(pending.nonce ? { expectedNonce: pending.nonce } : {}),
        idTokenExpected: provider.kind === "oidc",
      });
      let source: Record<string, unknown> | undefined = provider.kind === "oidc" ? tokens.claims() : undefined;
      if (provider.kind === "oidc" && source && !pickEmail(source, provider.emailKeys) && client.serverMetadata().userinfo_endpoint) {
        source = await oidc.fetchUserInfo(client, tokens.access_token, String(source.sub));
      }
      if (provider.kind === "oauth2") {
        if (!provider.userinfoUrl) throw new Error("no user-info endpoint");
        const res = await oidc.fetchProtectedResource(client, tokens.access_token, new URL(provider.userinfoUrl), "GET");
        if (!res.ok) throw new Error(`user-info answered ${res.status}`);
        source = (await res.json()) as Record<string, unknown>;
      }
      if (source) email = acceptedEmail(source, provider);
    } catch (err) {
      // Messages of openid-client name the failed check, never the tokens.
      console.warn(`[sso] ${name}: sign-in failed: ${(err as Error).message}`);
      return fail("sso_failed");
    }
    if (!email) return fail("no_verified_email");
    const user = await findLiveUserByEmail(db, email);
    if (!user) return fail("unknown_user");
    const code = await issueCode(db, { purpose: "sso", email: user.email, userId: user.user_id, now: now(), binding: pending.binding });
    return c.redirect(withParam(target, "code", code), 302);
  });
}
