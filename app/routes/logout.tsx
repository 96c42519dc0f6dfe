import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { destroySession, getSession } from "#app/lib/session.server";

export async function action({ request }: ActionFunctionArgs) {
  const api = await apiFor(request);
  // Revoke server-side first, so the token is dead even if the cookie survives somewhere.
  if (api.token) await api.post("/dashboard/logout");
  const session = await getSession(request);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export const loader = () => redirect("/");
