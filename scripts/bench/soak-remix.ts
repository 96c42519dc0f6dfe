// What the browser's Remix sends and reads once the page's scripts run (remix.config.js turns on
// v3_singleFetch): a navigation or revalidation is `GET <path>.data?<search>`, a form post is
// `POST <path>.data?<search>`, and the answer is a turbo-stream. A redirect comes back as 202
// with `{ redirect, status, revalidate }`, which is how a save is acknowledged to the page.
// The soak's writers speak this so they reach the same loaders and actions, in the same way, as a
// teacher's browser does.
import { decode } from "turbo-stream";

/** The URL the browser's Remix fetches for a page URL's data (`/` is `/_root.data`). */
export function dataUrl(pageUrl: string, routes?: string[]): string {
  const url = new URL(pageUrl, "http://soak.invalid");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (routes) url.searchParams.set("_routes", routes.join(","));
  return url.pathname + url.search;
}

/** A route's answer in a single-fetch response: its data, its error, or a redirect. */
export type RouteResult = { data: unknown } | { error: unknown } | { redirect: string; status: number };

const REDIRECT = Symbol("single-fetch redirect");

/**
 * Decodes a single-fetch body as the browser's Remix does (the same plugins for errors and
 * redirects), so what the server sent is read, not guessed from the status alone.
 */
export async function decodeSingleFetch(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const decoded = await decode(body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError") return { value: new Error(String(rest[1] ?? "error")) };
        if (type === "ErrorResponse") return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === "SingleFetchRedirect") return { value: { [REDIRECT]: rest[0] } };
        return undefined;
      },
      (type: string, value: unknown) => {
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value;
}

type Decoded = Record<string | symbol, unknown>;

const isRecord = (x: unknown): x is Decoded => typeof x === "object" && x !== null;

/** A loader request's answer for one route (`.data` GET), or the redirect that replaced it. */
export function routeResult(decoded: unknown, routeId: string): RouteResult | null {
  if (!isRecord(decoded)) return null;
  const redirect = decoded[REDIRECT];
  if (isRecord(redirect) && typeof redirect.redirect === "string") return { redirect: redirect.redirect, status: Number(redirect.status) };
  const r = decoded[routeId];
  if (!isRecord(r)) return null;
  if ("error" in r) return { error: r.error };
  if ("data" in r) return { data: r.data };
  return null;
}

/** An action's answer (`.data` POST): a redirect (the save was taken), its data, or its error. */
export function actionResult(decoded: unknown): RouteResult | null {
  if (!isRecord(decoded)) return null;
  if (typeof decoded.redirect === "string") return { redirect: decoded.redirect, status: Number(decoded.status) };
  if ("error" in decoded) return { error: decoded.error };
  if ("data" in decoded) return { data: decoded.data };
  return null;
}
