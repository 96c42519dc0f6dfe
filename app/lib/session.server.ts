import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { dataDir, secureCookies } from "#app/server/config.server";

/**
 * SESSION_SECRET signs the cookie; a local install without one gets a random secret
 * kept in the data folder, so restarts do not sign everyone out.
 */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir(), "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

type SessionData = { token: string };
type FlashData = { toast: { kind: "success" | "error"; text: string } };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: [sessionSecret()],
    },
  });
  return storage;
}

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));
export const commitSession: ReturnType<typeof sessionStorage>["commitSession"] = (s, o) => sessionStorage().commitSession(s, o);
export const destroySession: ReturnType<typeof sessionStorage>["destroySession"] = (s, o) => sessionStorage().destroySession(s, o);

export async function getToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get("token") ?? null;
}

/** Where the visitor was going, for /login?redirectTo=… */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  // A Remix data request carries the page in its path with a .data suffix and _data/_routes params.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const params = new URLSearchParams(url.search);
  params.delete("_data");
  params.delete("_routes");
  const qs = params.toString();
  return pathname + (qs ? `?${qs}` : "");
}

/** Signs the visitor out in this browser and sends them to /login, remembering where they were. */
export async function signOutAndRedirect(request: Request, to?: string): Promise<never> {
  const session = await getSession(request);
  const target = to ?? `/login?redirectTo=${encodeURIComponent(currentPath(request))}`;
  throw redirect(target, { headers: { "Set-Cookie": await destroySession(session) } });
}
