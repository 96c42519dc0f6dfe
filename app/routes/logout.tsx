import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { destroySession, getSession, getToken } from "#app/lib/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const api = apiFor(request, context);
  // Revoke server-side first, so the token is dead even if the cookie survives somewhere.
  if (await getToken(request)) await api.POST("/dashboard/logout");
  const session = await getSession(request);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export const loader = () => redirect("/");
