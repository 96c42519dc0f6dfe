import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";

/**
 * Called by the idle time-out (app/components/IdleTimeout.tsx) while the person is active and
 * when they answer 'Yes, I need more time.': any authenticated API call moves the server
 * session's idle clock. A GET on a resource route, so no page data is revalidated.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  const result = api.token ? await api.get("/dashboard/current-user") : null;
  return Response.json({ active: Boolean(result?.ok) }, { headers: { "Cache-Control": "no-store" } });
}
