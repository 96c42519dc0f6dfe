import { type LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { signOutAndRedirect } from "#app/lib/session.server";

/** A user with no role is signed out and shown the login screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  if (api.token) await api.post("/dashboard/logout");
  return signOutAndRedirect(request, "/login");
}
