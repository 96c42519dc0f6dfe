// The app's side of the request log (REQUEST_LOG=json, scripts/request-log.mjs). That preload gives
// each request an id (the X-Request-Id header it writes over any client's) and keeps, under the id,
// what the app tells it: here, the API route that answered an /api call, which only the router
// knows. Without the preload there is no registry and nothing is noted.

const REGISTRY = Symbol.for("literacy.requestLog");
const REQUEST_ID_HEADER = "x-request-id";

type Registry = Map<string, { route: string | null }>;

const registry = () => (globalThis as Record<symbol, Registry | undefined>)[REGISTRY];

/** Whether the request log runs in this process. */
export const requestLogOn = (): boolean => registry() !== undefined;

/**
 * Names the route that handled `request` in its log line. Only a request as the server received
 * it carries the id: the in-process API calls of a page send none, so the page keeps its own route.
 */
export function noteRequestRoute(request: Request, route: string): void {
  const id = request.headers.get(REQUEST_ID_HEADER);
  const entry = id ? registry()?.get(id) : undefined;
  if (entry) entry.route = route;
}
