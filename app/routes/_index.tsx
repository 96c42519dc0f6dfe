import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { homePath } from "#app/domain/home-path";
import { requireUser } from "#app/lib/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const home = homePath(user);
  // No role means no home: back to the login screen, signed out (spec 001 "Role redirect").
  if (home === "/login") throw redirect("/logout-no-role");
  return redirect(home);
}
