import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { insecureConnectionMessage } from "#app/domain/cookie-security";
import { audioTokenSecret } from "#app/server/audio-token.server";
import { cookieSecureSetting, cookieSecurityFor, httpsLoginUrl } from "#app/server/config.server";

/**
 * SESSION_SECRET signs the cookie; a local install without one gets a random secret
 * kept in the data folder, so restarts do not sign everyone out.
 */
function sessionSecret(): string {
  // The same secret the audio links are signed with; made once even when several server
  // processes start together (npm start runs one per core on PostgreSQL), so all agree on it.
  return audioTokenSecret();
}

// doneCreate: the key of the last create dialog saved in this browser (app/lib/toast.server.ts).
type SessionData = { token: string; doneCreate: string };
type FlashData = { toast: { kind: "success" | "error"; text: string } };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      // Decided per request when committed (see commitSession); this is only the fallback.
      secure: cookieSecureSetting() === true,
      secrets: [sessionSecret()],
    },
  });
  return storage;
}

type Storage = ReturnType<typeof sessionStorage>;
type Session = Awaited<ReturnType<Storage["getSession"]>>;

/** The request each session was read from, so committing it knows whether its cookie is Secure. */
const requestOf = new WeakMap<Session, Request>();

/** Options of a cookie set in answer to `request`: Secure or not, by COOKIE_SECURE and the request (issue 13 item 1). */
export const cookieOptionsFor = (request: Request) => ({ secure: cookieSecurityFor(request).secure });

/**
 * Why a session cookie set in answer to `request` would be dropped by the browser (Secure, on a
 * plain-HTTP page of a host that is not loopback), or null. The login page says it instead of
 * sending the visitor round in a silent loop back to /login.
 */
export function sessionCookieProblem(request: Request): string | null {
  return cookieSecurityFor(request).browserKeepsIt ? null : insecureConnectionMessage(httpsLoginUrl());
}

export async function getSession(request: Request): Promise<Session> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  requestOf.set(session, request);
  return session;
}

const optionsOf = (session: Session) => {
  const request = requestOf.get(session);
  return request ? cookieOptionsFor(request) : {};
};

export const commitSession: Storage["commitSession"] = (s, o) => sessionStorage().commitSession(s, { ...optionsOf(s), ...o });
export const destroySession: Storage["destroySession"] = (s, o) => sessionStorage().destroySession(s, { ...optionsOf(s), ...o });

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
