import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { homePath } from "#app/domain/home-path";
import { apiFor } from "#app/lib/api.server";
import { getUser } from "#app/lib/auth.server";
import { getToken, signOutAndRedirect } from "#app/lib/session.server";

/**
 * A user with no role is signed out and shown the login screen (spec 001 "Role redirect").
 * Signing out is otherwise POST only (issue 14): a link or an image pointing here cannot end a
 * session that has a role, so this GET signs out only a session that could open no page anyway.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user && homePath(user) !== "/login") throw redirect("/");
  const api = apiFor(request, context);
  if (await getToken(request)) await api.POST("/dashboard/logout");
  return signOutAndRedirect(request, "/login");
}
