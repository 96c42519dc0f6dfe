import { expect, it } from "vitest";
import type { Api } from "#app/api/app";

/** One route of the API router: METHOD and path in OpenAPI form, without the /api base ("GET /participants/{id}"). */
export interface RouteRef {
  method: string;
  path: string;
  key: string;
}

/** Every route the API router answers, read from its own route table (middleware left out), once each. */
export function routeTable(api: Api): RouteRef[] {
  const seen = new Map<string, RouteRef>();
  for (const r of api.routes) {
    if (r.method === "ALL") continue;
    const path = r.path.replace(/^\/api/, "").replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const key = `${r.method} ${path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path, key });
  }
  return [...seen.values()];
}

/**
 * The test that a table keyed by route ("GET /participants/{id}") has an entry for every route and
 * none for a route that is gone; `say` tells the engineer what to do about each kind.
 */
export function itHasOneEntryPerRoute(title: string, routes: readonly RouteRef[], table: object, say: { missing: string; stale: string }) {
  it(title, () => {
    const keys = routes.map((r) => r.key);
    expect(
      keys.filter((k) => !(k in table)),
      say.missing,
    ).toEqual([]);
    expect(
      Object.keys(table).filter((k) => !keys.includes(k)),
      say.stale,
    ).toEqual([]);
  });
}

/** The routes whose declaration validates input (path parameters, a query or a JSON body). */
export function validatedRoutes(api: Api): RouteRef[] {
  const out: RouteRef[] = [];
  for (const d of api.openAPIRegistry.definitions) {
    if (d.type !== "route") continue;
    const { params, query, body } = d.route.request ?? {};
    if (!params && !query && !body) continue;
    const method = d.route.method.toUpperCase();
    out.push({ method, path: d.route.path, key: `${method} ${d.route.path}` });
  }
  return out;
}

/** A path with its {params} filled in (each value URI-encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw: readonly string[] = []): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return raw.includes(name) ? v : encodeURIComponent(v);
  });
}
