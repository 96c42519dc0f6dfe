import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import type { SsoProviderConfig } from "#app/api/sso/providers";

/**
 * A stand-in Clever (OAuth 2.0 with a user-info endpoint) on loopback, closed after the file: its
 * token endpoint hands out one access token, and its user-info endpoint answers `userinfo()` to
 * that token. The provider configuration points the API at it, as Clever's settings would.
 */
export async function standInClever(userinfo: () => Record<string, unknown>): Promise<SsoProviderConfig> {
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "POST" && req.url === "/oauth/tokens") {
      req.resume();
      req.on("end", () => res.end(JSON.stringify({ access_token: "clever-access-token", token_type: "bearer", expires_in: 60 })));
    } else if (req.method === "GET" && req.url === "/userinfo" && req.headers.authorization === "Bearer clever-access-token") {
      res.end(JSON.stringify(userinfo()));
    } else {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    name: "clever",
    kind: "oauth2",
    issuer: null,
    authorizationUrl: `${base}/oauth/authorize`,
    tokenUrl: `${base}/oauth/tokens`,
    userinfoUrl: `${base}/userinfo`,
    clientId: "clever-test-client",
    clientSecret: "clever-test-secret",
    scope: "",
    tokenAuth: "basic",
    emailKeys: ["email", "data.email"],
    trustUnverifiedEmail: true, // the default for Clever (README: SSO_CLEVER_TRUST_UNVERIFIED_EMAIL)
    allowInsecureHttp: true,
  };
}
