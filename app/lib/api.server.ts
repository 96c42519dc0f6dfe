import { data } from "@remix-run/node";
import createClient, { type Client } from "openapi-fetch";
import { SERVER_BUSY } from "#app/api/app";
import type { Actor } from "#app/api/env";
import { serverMessage } from "#app/domain/server-message";
import { requestClientAddress, SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { assertSameOrigin } from "#app/server/csrf.server";
import { isPoolWaitTimeout } from "#app/db/connect.server";
import { isConnectionLoss } from "#app/db/connection-loss";
import { inRequestScope } from "#app/db/request-scope";
import { databaseUnavailable, openedApi } from "./api-app.server";
import type { components, paths } from "./generated/api-schema";
import { getToken, signOutAndRedirect } from "./session.server";

// The only way loaders and actions reach data (DESIGN: "One app, two faces"): a client typed from
// the API's own OpenAPI document (app/lib/generated/api-schema.d.ts, `npm run gen:api`). In-process by
// default: requests go straight into the API's fetch handler, no socket, together with the caller
// this UI request already resolved; with API_URL set, the same requests go over HTTP to a separate
// API with the session's bearer token, and the API resolves the caller itself.

/** A schema of the API's OpenAPI document by name, e.g. `ApiSchema<"CurrentUser">`. */
export type ApiSchema<Name extends keyof components["schemas"]> = components["schemas"][Name];
export type CurrentUser = ApiSchema<"CurrentUser">;

export interface ApiFailure {
  message: string;
  errors?: string[];
}

/** `body` is the failure's answer as the API sent it (typed by the call's error responses). */
export type ApiResult<T, E = unknown> =
  { ok: true; status: number; data: T; headers: Headers } | { ok: false; status: number; error: ApiFailure; headers: Headers; body: E };

/** What every call of the typed client answers (openapi-fetch's result). */
type Answer<T, E = unknown> = { data?: T; error?: E; response: Response };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * One UI request's caller. Remix hands each loader and the action its own copy of the Request but
 * one load context per incoming request (remix-serve passes none, so every request gets a fresh
 * `{}`), so the context is the key that lets the root and page loaders share one look-up.
 */
interface CallerState {
  cookie: string | null;
  token: Promise<string | null>;
  /** In-process only: the session's user, resolved once per UI request (sliding expiry included). */
  actor?: Promise<Actor | null>;
  user?: Promise<CurrentUser | null>;
}

const callers = new WeakMap<object, CallerState>();

function callerOf(request: Request, context: unknown): CallerState {
  const key = context !== null && typeof context === "object" ? context : request;
  const cookie = request.headers.get("Cookie");
  const known = callers.get(key);
  // A server whose load context outlived one request must still never lend one visitor's caller to another.
  if (known && known.cookie === cookie) return known;
  const state: CallerState = { cookie, token: getToken(request) };
  callers.set(key, state);
  return state;
}

/**
 * Headers the API needs from the visitor's request: test flag overrides and the visitor's address
 * (rate limits, issue 14). In-process, the API reads the same socket stamp and proxy hops this
 * request came with (app/server/client-address.server.ts). Over HTTP (API_URL) the API's own
 * socket is this server, so the visitor's address is appended to X-Forwarded-For as a proxy
 * does: run that API with TRUST_PROXY=1 (or one more than the proxies in front of this UI).
 */
function forwardedHeaders(request: Request): [string, string][] {
  const out: [string, string][] = [];
  const flags = request.headers.get("x-feature-flags");
  if (flags !== null) out.push(["x-feature-flags", flags]);
  // The visitor's browser, for the access log's 'from where' (issue 41 item 2).
  const userAgent = request.headers.get("user-agent");
  if (userAgent !== null) out.push(["user-agent", userAgent]);
  if (process.env.API_URL) {
    const visitor = requestClientAddress(request.headers);
    if (visitor) out.push(["x-forwarded-for", visitor]);
    return out;
  }
  for (const name of [SOCKET_ADDRESS_HEADER, "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value !== null) out.push([name, value]);
  }
  return out;
}

const apiBase = () => (process.env.API_URL ? new URL("/api", process.env.API_URL).toString() : "http://in-process/api");

/** Sends one API request for `caller`: in-process with the resolved caller, or over HTTP with the bearer token. */
function dispatcher(visitor: Request, caller: CallerState | null, forwarded: [string, string][]) {
  // In-process, the API's database work is the visitor's (app/db/request-scope.ts): served in the
  // order visitors arrived, and skipped once the visitor has gone.
  // The visitor's X-Request-Id (REQUEST_LOG=json) goes in-process as a binding, never as a header:
  // the API's own request log would take the page's line for the API call's.
  const requestId = visitor.headers.get("x-request-id");
  return (request: Request): Promise<Response> => inRequestScope(visitor, () => dispatch(request, caller, forwarded, requestId));
}

async function dispatch(
  request: Request,
  caller: CallerState | null,
  forwarded: [string, string][],
  requestId: string | null,
): Promise<Response> {
  for (const [name, value] of forwarded) request.headers.set(name, value);
  const token = caller ? await caller.token : null;
  let response: Response;
  if (process.env.API_URL) {
    if (token) request.headers.set("authorization", `Bearer ${token}`);
    response = await fetch(request);
  } else {
    const api = await openedApi();
    if (api instanceof Response) return api;
    let actor: Actor | null = null;
    if (caller && token) {
      caller.actor ??= api.resolveCaller(token);
      try {
        actor = await caller.actor;
      } catch (error) {
        // The session look-up runs before the API's own error handling: a database out of reach
        // (tried twice) answers the API's 503 and message, not a 500 from the page.
        // No connection of the pool free in time (DATABASE_POOL_WAIT_MS): busy, as the API says it.
        if (isPoolWaitTimeout(error)) return Response.json({ message: SERVER_BUSY }, { status: 503 });
        if (!isConnectionLoss(error)) throw error;
        return databaseUnavailable();
      }
    }
    response = await api.fetch(request, { caller: { actor }, requestId });
  }
  // A change may change the caller (signed out, own roles or schools): the next call looks again.
  if (caller && !SAFE_METHODS.has(request.method)) {
    caller.actor = undefined;
    caller.user = undefined;
  }
  return response;
}

function failureOf(body: unknown): ApiFailure {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return {
    message: serverMessage(body),
    ...(Array.isArray(errors) && errors.every((e) => typeof e === "string") ? { errors: errors as string[] } : {}),
  };
}

/** For actions: the typed answer as `{ ok, status, data | error }`, the error carrying the server's message. */
export async function resultOf<T, E>(pending: Promise<Answer<T, E>>): Promise<ApiResult<T, E>> {
  const { data, error, response } = await pending;
  if (response.ok) return { ok: true, status: response.status, data: data as T, headers: response.headers };
  return { ok: false, status: response.status, error: failureOf(error), headers: response.headers, body: error as E };
}

/**
 * For loaders: the data, or the answer the ErrorBoundary renders. A 401 signs the user out and
 * sends them to /login remembering the page; 403, 404 and 503 become thrown responses the shared
 * ErrorBoundary renders; anything else is a 500 carrying the server's message, never a stack trace.
 */
export async function expectData<T>(request: Request, result: ApiResult<T, unknown>): Promise<T> {
  if (result.ok) return result.data;
  if (result.status === 401) return signOutAndRedirect(request);
  // 503: the database blinked (app/api/app.ts fetchApi already tried a read twice); the page says so.
  const status = result.status === 403 || result.status === 404 || result.status === 503 ? result.status : 500;
  throw data(result.error, { status });
}

function typedClient(request: Request, caller: CallerState | null) {
  const client: Client<paths> = createClient<paths>({ baseUrl: apiBase(), fetch: dispatcher(request, caller, forwardedHeaders(request)) });
  return {
    ...client,
    /** For loaders: `await api.load(api.GET(…))` is the data; failures go to the ErrorBoundary (see expectData). */
    load: async <T>(pending: Promise<Answer<T>>): Promise<T> => expectData(request, await resultOf(pending)),
    /** For actions: `await api.result(api.POST(…))` is `{ ok, status, data | error }`. */
    result: resultOf,
  };
}

export type ApiClient = ReturnType<typeof typedClient>;

/**
 * The API on behalf of the person behind `request` (their session), for a loader or an action:
 *
 *   const api = apiFor(request, context);
 *   const classroom = await api.load(api.GET("/participantGroups/{id}", { params: { path: { id } } }));
 *   const saved = await api.result(api.POST("/participantTest/manual", { body }));
 *
 * Pass the loader's `context` so every loader of one page shares one caller look-up. Every
 * state-changing action reaches the API through here, so this is where a cross-site form post
 * is refused (CSRF, app/server/csrf.server.ts).
 */
export function apiFor(request: Request, context?: unknown): ApiClient {
  assertSameOrigin(request);
  return typedClient(request, callerOf(request, context));
}

/** The API without the visitor's session, for the calls that start one (sign-in, password reset, registration). */
export function publicApiFor(request: Request): ApiClient {
  assertSameOrigin(request);
  return typedClient(request, null);
}

/** The signed-in user, or null (a 401 from the API counts as signed out); asked once per UI request. */
export function currentUser(request: Request, context?: unknown): Promise<CurrentUser | null> {
  const caller = callerOf(request, context);
  caller.user ??= (async () => {
    if (!(await caller.token)) return null;
    const { data: user, error, response } = await typedClient(request, caller).GET("/dashboard/current-user");
    // Only the API's 401 means signed out. A server failure (the database blinked) must not sign
    // the user out: it is thrown as the page's error, with the server's message.
    if (response.status >= 500) throw data(failureOf(error), { status: response.status });
    return response.ok && user ? user : null;
  })();
  return caller.user;
}
