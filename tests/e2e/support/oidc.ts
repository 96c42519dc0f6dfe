import type { Server } from "node:http";
import Provider from "oidc-provider";

// A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on tests.
// Its development login form accepts any login: the login typed becomes the subject and the
// email, so a test signs in as whichever email it needs. Email is marked verified unless the
// login starts with "unverified.".

export async function startOidcProvider(opts: {
  issuer: string;
  port: number;
  clients: { clientId: string; secret: string; redirectUri: string; tokenAuth: "client_secret_post" | "client_secret_basic" }[];
}) {
  const provider = new Provider(opts.issuer, {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.secret,
      redirect_uris: [c.redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: c.tokenAuth,
    })),
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["e2e-oidc-cookie-key"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id.replace(/^unverified\./, ""), email_verified: !id.startsWith("unverified.") };
        },
      };
    },
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = provider.listen(opts.port, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
