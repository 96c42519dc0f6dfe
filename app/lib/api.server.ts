import { json } from "@remix-run/node";
import { serverMessage } from "#app/domain/server-message";
import { getApiApp } from "./api-app.server";
import { assertSameOrigin } from "#app/server/csrf.server";
import { getToken, signOutAndRedirect } from "./session.server";

// The only way loaders and actions reach data (DESIGN: "One app, two faces").
// In-process by default: the request goes straight into the API's fetch handler,
// no socket; with API_URL set, the same request goes over HTTP to a separate API.

export interface ApiFailure {
  message: string;
  errors?: string[];
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: ApiFailure; headers: Headers; body: unknown };

type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function callApi<T>(
  token: string | null,
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  const base = process.env.API_URL;
  const response = base
    ? await fetch(new URL(`/api${path}`, base), init)
    : await (await getApiApp()).fetch(new Request(`http://in-process/api${path}`, init));
  const type = response.headers.get("content-type") ?? "";
  const payload: unknown = type.includes("application/json") ? await response.json() : await response.text();
  if (response.ok) return { ok: true, status: response.status, data: payload as T, headers: response.headers };
  const failure = payload as ApiFailure;
  return {
    ok: false,
    status: response.status,
    error: { message: serverMessage(payload), ...(Array.isArray(failure?.errors) ? { errors: failure.errors } : {}) },
    headers: response.headers,
    body: payload,
  };
}

/** Headers the API needs from the visitor's request: test flag overrides and the client address (rate limits). */
export function forwardedHeaders(request: Request): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const name of ["x-feature-flags", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value !== null) forwarded[name] = value;
  }
  return forwarded;
}

/**
 * Calls made on behalf of the person behind `request`, with their session token. Every
 * state-changing action reaches the API through here, so this is where a cross-site form
 * post is refused (CSRF, app/lib/csrf.server.ts).
 */
export async function apiFor(request: Request) {
  assertSameOrigin(request);
  const token = await getToken(request);
  const forwarded = forwardedHeaders(request);
  const call = <T>(method: Method, path: string, body?: unknown) => callApi<T>(token, method, path, body, forwarded);
  return {
    token,
    get: <T>(path: string) => call<T>("GET", path),
    post: <T>(path: string, body?: unknown) => call<T>("POST", path, body ?? {}),
    put: <T>(path: string, body?: unknown) => call<T>("PUT", path, body ?? {}),
    del: <T>(path: string) => call<T>("DELETE", path),
    /** For loaders: the data, or the answer an ErrorBoundary renders (401 signs out). */
    async load<T>(path: string): Promise<T> {
      return expectData(request, await call<T>("GET", path));
    },
  };
}

export type ApiClient = Awaited<ReturnType<typeof apiFor>>;

/**
 * A 401 signs the user out and sends them to /login remembering the page; 403 and 404
 * become thrown responses the shared ErrorBoundary renders; anything else is a 500
 * carrying the server's message, never a stack trace.
 */
export async function expectData<T>(request: Request, result: ApiResult<T>): Promise<T> {
  if (result.ok) return result.data;
  if (result.status === 401) return signOutAndRedirect(request);
  const status = result.status === 403 || result.status === 404 ? result.status : 500;
  throw json(result.error, { status });
}
