import { readiness } from "#app/lib/readiness.server";

/**
 * GET /readyz: 200 when this server may take requests (its database answers and records exactly
 * the migrations this build ships), else 503 naming the check that failed
 * (app/domain/readiness.ts). For a load balancer's health check (deploy/haproxy.cfg): no session,
 * no cookie, never cached; never refused by the admission (scripts/shed-load.mjs, neverShed), and
 * its database reads are bounded in app/lib/readiness.server.ts instead.
 */
export async function loader() {
  const { ready, body } = await readiness();
  return Response.json(body, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
