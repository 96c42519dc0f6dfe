import { type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { getToken, signOutAndRedirect } from "#app/lib/session.server";

/** A user with no role is signed out and shown the login screen. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = apiFor(request, context);
  if (await getToken(request)) await api.POST("/dashboard/logout");
  return signOutAndRedirect(request, "/login");
}
