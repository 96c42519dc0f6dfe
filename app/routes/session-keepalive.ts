import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "#app/lib/auth.server";

/**
 * Called by the idle time-out (app/components/IdleTimeout.tsx) while the person is active and
 * when they answer 'Yes, I need more time.': any authenticated API call moves the server
 * session's idle clock. A GET on a resource route, so no page data is revalidated.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  return Response.json({ active: user !== null }, { headers: { "Cache-Control": "no-store" } });
}
